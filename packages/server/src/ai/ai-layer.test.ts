import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

describe('the AI layer', () => {
  it('imports no feature: what a feature owns (credits, forms) is passed in by the caller', () => {
    const reaching = readdirSync(here, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => /from\s+'(\.\.\/)+features\//.test(readFileSync(file, 'utf8')))
      .map((file) => relative(here, file));
    expect(reaching).toEqual([]);
  });
});
