import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const packageRoot = resolve(here, '../..');

export type ReactVersion = 18 | 19;

/** esbuild aliases that swap React 19 for React 18 (installed as `react-18`, `react-dom-18`). */
function aliases(version: ReactVersion): Record<string, string> {
  return version === 19 ? {} : { react: 'react-18', 'react-dom': 'react-dom-18' };
}

/**
 * Bundles `source` (a module written from the package's folder, importing `../src/index.js`) with
 * the React of `version`, the way an app's bundler would: `platform: 'node'` for server rendering,
 * `'browser'` (minified) for a page. Returns the bundle's path; with `splitting`, the lazily
 * loaded chunks (the question types' families) are files beside it, `app.js` importing them.
 */
export async function bundle(
  source: string,
  version: ReactVersion,
  platform: 'node' | 'browser',
  { splitting = false }: { splitting?: boolean } = {},
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'formloom-react-'));
  const entry = join(packageRoot, 'test', `.entry-${process.pid}-${version}-${platform}-${Date.now()}.tsx`);
  writeFileSync(entry, source);
  const outfile = join(dir, platform === 'node' ? 'bundle.mjs' : 'app.js');
  try {
    await build({
      bundle: true,
      ...(splitting
        ? { entryPoints: { app: entry }, splitting: true, outdir: dir, chunkNames: '[name]-[hash]' }
        : { entryPoints: [entry], outfile }),
      // Aliases resolve from the working directory: the package's, where react-18 is installed.
      absWorkingDir: packageRoot,
      format: 'esm',
      platform,
      minify: platform === 'browser',
      conditions: ['source'],
      alias: aliases(version),
      jsx: 'automatic',
      define: platform === 'browser' ? { 'process.env.NODE_ENV': '"production"' } : {},
      logLevel: 'silent',
    });
  } finally {
    const { rmSync } = await import('node:fs');
    rmSync(entry, { force: true });
  }
  return outfile;
}
