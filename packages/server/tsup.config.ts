import { defineConfig, type Options } from 'tsup';

// The public page's script and stylesheet, built as files for the published package (a clone
// bundles them at run time instead: see src/features/public-page/assets.ts).
const pageAsset = (entry: string, name = 'page'): Options => ({
  entry: { [`public-page/${name}`]: entry },
  outDir: 'dist',
  format: ['iife'],
  platform: 'browser',
  target: 'es2020',
  minify: true,
  dts: false,
  sourcemap: false,
  clean: false,
  outExtension: () => ({ js: '.js' }),
  esbuildOptions(options) {
    options.conditions = ['source', 'browser'];
  },
});

export default defineConfig([
  {
    // ESM only: the server is Node-only, and file-type (a dependency) ships no CommonJS.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    platform: 'node',
  },
  pageAsset('src/features/public-page/client/main.ts'),
  pageAsset('src/features/public-page/client/interview.ts', 'interview'),
  pageAsset('src/features/public-page/client/page.css'),
]);
