import { defineConfig } from 'tsup';

// ESM only, React left to the host app (a peer dependency), as are the runtime and the engine.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  external: ['react', '@formloom/runtime', '@formloom/contract'],
});
