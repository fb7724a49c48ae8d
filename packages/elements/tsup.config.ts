import type { Options } from 'tsup';

// ESM only. `index` defines <formloom-form> (a side effect); `served` defines it without its own
// renderer, for pages whose server rendered the form; `markup` is the pure string renderer
// the server imports for its public page. The runtime and the engine are left to the app's bundler.
// Typed, not inferred through defineConfig: the workspace may hold two tsup instances (peers differ).
const options: Options = {
  entry: { index: 'src/index.ts', served: 'src/served.ts', markup: 'src/markup/index.ts' },
  format: ['esm'],
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  external: ['@formloom/runtime', '@formloom/contract'],
};

export default options;
