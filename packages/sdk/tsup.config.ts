import { defineConfig } from 'tsup';

// ky ships ESM only: the ESM build imports it, the CJS build carries a bundled copy so that
// `require('@formloom/sdk')` works in CommonJS tools and bundlers that cannot require ESM.
// FORMLOOM_BUILD_DTS=0 (a build to run, not to publish) skips the type declarations, as the
// contract's build does: they would need the contract's, which that build leaves out.
const dts = process.env.FORMLOOM_BUILD_DTS !== '0';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    noExternal: ['ky'],
  },
]);
