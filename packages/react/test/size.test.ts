import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './support/bundle.js';

/** The package minified as an app's bundler would take it, gzipped (-9); `external` left out. */
async function gzipped(external: string[]): Promise<number> {
  const out = await build({
    stdin: { contents: "export * from './src/index.js';", resolveDir: packageRoot, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['source'],
    jsx: 'automatic',
    external,
    absWorkingDir: packageRoot,
    logLevel: 'silent',
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

// The budgets of docs/embedding.md "Sizes". The figures are printed for that page.
describe('size budgets of @formloom/react', () => {
  it('its own code is at most 8 KB gzipped (React, the runtime and the engine excluded)', async () => {
    const own = await gzipped([
      'react',
      'react/*',
      'react-dom',
      '@formloom/runtime',
      '@formloom/contract',
      '@formloom/contract/*',
    ]);
    console.log(`@formloom/react, own code: ${own} bytes gzipped`);
    expect(own).toBeLessThanOrEqual(8 * 1024);
  });

  it('a React embed (package, runtime and engine; React excluded) is at most 30 KB gzipped', async () => {
    const embed = await gzipped(['react', 'react/*', 'react-dom']);
    console.log(`@formloom/react with the runtime and the engine: ${embed} bytes gzipped`);
    expect(embed).toBeLessThanOrEqual(30 * 1024);
  });
});
