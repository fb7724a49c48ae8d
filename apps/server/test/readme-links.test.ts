import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The local targets of a Markdown file's links and images (not URLs, not in-page anchors). */
function localTargets(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the README as a front page', () => {
  it.each(['README.md', 'docs/status.md'])('every local link and image of %s exists', (file) => {
    const targets = localTargets(file);
    expect(targets.length).toBeGreaterThan(5);
    const missing = targets.filter((target) => !existsSync(join(ROOT, dirname(file), target)));
    expect(missing).toEqual([]);
  });

  it('shows screenshots that are real PNG pictures taken by the journey test', () => {
    const images = localTargets('README.md').filter((t) => t.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(4);
    const journey = readFileSync(join(ROOT, 'apps/server/test/dashboard-journey.browser.test.ts'), 'utf8');
    for (const image of images) {
      const bytes = readFileSync(join(ROOT, image));
      expect(bytes.subarray(0, 8).equals(PNG), image).toBe(true);
      expect(bytes.length, image).toBeGreaterThan(10_000);
      // Each is one the journey takes, so `pnpm screenshots` keeps it current.
      expect(journey, image).toMatch(new RegExp(`screenshot\\(\\w+, '${image.split('/').at(-1)}'`));
    }
  });
});
