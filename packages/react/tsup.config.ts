import type { Options } from 'tsup';

// ESM only, React left to the host app (a peer dependency), as are the runtime and the engine.
// Typed, not inferred through defineConfig: the workspace may hold two tsup instances (peers differ).
const options: Options = {
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // The question types' families are dynamic imports: each becomes a chunk of its own in dist/.
  splitting: true,
  external: ['react', '@formloom/runtime', '@formloom/contract'],
};

export default options;
