import { defineConfig } from 'tsup';

// ESM only: the runtime is for browsers, bundlers and server rendering, all of which load ESM.
// FORMLOOM_BUILD_DTS=0 (a build to run, not to publish) skips the type declarations, as the
// contract's and the SDK's builds do.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
});
