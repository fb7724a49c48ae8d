import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'engine/index': 'src/engine/index.ts',
    'integrity/index': 'src/engine/integrity/index.ts',
    'integrity/core': 'src/engine/integrity/core.ts',
    'integrity/pattern-safety': 'src/engine/integrity/pattern-safety.ts',
  },
  format: ['esm', 'cjs'],
  // scripts/serve.sh builds to run, not to publish: FORMLOOM_BUILD_DTS=0 skips the type declarations.
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
});
