import { defineConfig, type Options } from 'tsup';

/** The public entries (package.json `exports`). */
const entry = {
  index: 'src/index.ts',
  'engine/index': 'src/engine/index.ts',
  'integrity/index': 'src/engine/integrity/index.ts',
  'integrity/core': 'src/engine/integrity/core.ts',
  'integrity/pattern-safety': 'src/engine/integrity/pattern-safety.ts',
};

const common: Options = {
  // scripts/serve.sh builds to run, not to publish: FORMLOOM_BUILD_DTS=0 skips the type declarations.
  dts: process.env.FORMLOOM_BUILD_DTS !== '0' && { entry },
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // `#engine/*` (package.json `imports`) resolves to the sources under `source`, which the build reads.
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
};

export default defineConfig([
  {
    ...common,
    // The engine's two halves that differ by platform stay separate files behind `#engine/*`, so
    // that an app's bundler picks them by its `browser` condition as it does in the workspace: a
    // browser bundle gets no code generator (no `new Function`, which a strict CSP refuses) and
    // English only, Node gets both. Bundled in, they were Node's wherever the package went.
    entry: {
      ...entry,
      'engine/generator': 'src/engine/validate/generated-check.ts',
      'engine/generator.browser': 'src/engine/validate/generated-check.browser.ts',
      'engine/languages': 'src/engine/messages/languages.ts',
      'engine/languages.browser': 'src/engine/messages/languages.browser.ts',
    },
    format: ['esm'],
    external: ['#engine/generator', '#engine/languages'],
    clean: true,
  },
  {
    ...common,
    // CommonJS is for Node (a browser bundler takes the ESM build): Node's halves, bundled in.
    entry,
    format: ['cjs'],
  },
]);
