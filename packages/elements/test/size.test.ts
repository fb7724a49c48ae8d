import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The package as an app's bundler takes it for a browser (the `browser` condition: the engine
 * without its code generator and with English texts only), minified ESM, gzipped (-9).
 */
async function gzipped(contents: string): Promise<{ bytes: number; text: string }> {
  const out = await build({
    stdin: { contents, resolveDir: packageRoot, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['source'],
    absWorkingDir: packageRoot,
    logLevel: 'silent',
  });
  const text = out.outputFiles[0]!.text;
  return { bytes: gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length, text };
}

// The element's budget (25 KB, docs/embedding.md "Sizes") is held by tests/e2e/elements-packed.test.ts on the
// packed tarballs, as an app installs them. This compares the package's two entries, which the sources show
// as well as the tarball does, and in a second rather than minutes.
describe('size of @formloom/elements', () => {
  it('the served entry (the public page takes over its server markup) leaves the renderer and stylesheet out', async () => {
    const full = await gzipped("export * from './src/index.js';");
    const served = await gzipped("export * from './src/served.js';");
    console.log(`@formloom/elements/served with the runtime and the engine: ${served.bytes} bytes gzipped`);
    expect(full.text).toContain(':host{');
    expect(served.text).not.toContain(':host{');
    // The form's own markup (form.ts: here its paged buttons) is the renderer's alone.
    expect(full.text).toContain('fl-paged-actions');
    expect(served.text).not.toContain('fl-paged-actions');
    expect(served.bytes).toBeLessThan(full.bytes - 2 * 1024);
  });
});
