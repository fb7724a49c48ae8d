import { defineConfig } from 'tsup';

// ky ships ESM only: the ESM build imports it, the CJS build carries a bundled copy so that
// `require('@formloom/sdk')` works in CommonJS tools and bundlers that cannot require ESM.
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    noExternal: ['ky'],
  },
]);
