import { defineConfig } from 'tsup';

/** The public entries (package.json `exports`). */
const entry = {
  index: 'src/index.ts',
  'engine/index': 'src/engine/index.ts',
  // What the question types' components use (shuffled, sliderText): apart, so that it stays in
  // the chunks an app's bundler splits off for them.
  'engine/parts': 'src/engine/question-types/parts.ts',
  // The built-in texts of a repeating section's entries: apart again, so that they travel with the
  // renderers' entries chunks alone (not with every family chunk that takes `./engine/parts`).
  'engine/repeat-texts': 'src/engine/texts/repeat-texts.ts',
  // A quiz's built-in texts: apart, so that they travel with the renderers' quiz chunks alone.
  'engine/quiz-texts': 'src/engine/texts/quiz-texts.ts',
  'integrity/index': 'src/engine/integrity/index.ts',
  'integrity/core': 'src/engine/integrity/core.ts',
  'integrity/pattern-safety': 'src/engine/integrity/pattern-safety.ts',
  'public-routes': 'src/routes/public-routes.ts',
};

export default defineConfig({
  entry: {
    ...entry,
    // The engine's two halves that differ by platform, each its own file behind `#engine/*`
    // (package.json `imports`), so that an app's bundler picks them by its `browser` condition as
    // it does in the workspace: a browser bundle gets no code generator (no `new Function`, which
    // a strict CSP refuses) and English only, Node gets both. Bundled in, they were Node's
    // wherever the package went.
    'engine/generator': 'src/engine/validate/generated-check.ts',
    'engine/generator.browser': 'src/engine/validate/generated-check.browser.ts',
    'engine/languages': 'src/engine/messages/languages.ts',
    'engine/languages.browser': 'src/engine/messages/languages.browser.ts',
    // The question types' code: registered at once in Node, loaded on demand in a browser.
    'engine/question-types': 'src/engine/question-types/load.ts',
    'engine/question-types.browser': 'src/engine/question-types/load.browser.ts',
    // translateSchema: likewise, loaded when a form is shown in another language than its own.
    'engine/translate': 'src/engine/texts/translate-load.ts',
    'engine/translate.browser': 'src/engine/texts/translate-load.browser.ts',
    // The variables' code (the expression compiler): likewise, loaded when a form has variables.
    'engine/variables': 'src/engine/logic/variables-load.ts',
    'engine/variables.browser': 'src/engine/logic/variables-load.browser.ts',
    // Repeating sections: likewise, loaded when a form has one.
    'engine/repeat': 'src/engine/repeat/repeat-load.ts',
    'engine/repeat.browser': 'src/engine/repeat/repeat-load.browser.ts',
    // Jumps and endings chosen by conditions: likewise, loaded when a form has them.
    'engine/path': 'src/engine/logic/path-load.ts',
    'engine/path.browser': 'src/engine/logic/path-load.browser.ts',
  },
  format: ['esm', 'cjs'],
  // scripts/serve.sh builds to run, not to publish: FORMLOOM_BUILD_DTS=0 skips the type declarations.
  dts: process.env.FORMLOOM_BUILD_DTS !== '0' && { entry },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  esbuildOptions(options, { format }) {
    // `#engine/*` resolves to the sources under `source`: Node's halves, which the CommonJS build
    // (for Node; a browser bundler takes the ESM one) inlines. The ESM build keeps them as imports,
    // resolved where the package is used. (tsup runs esbuild as ESM for both, then converts.)
    options.conditions = ['source'];
    if (format === 'esm') options.external = [...(options.external ?? []), '#engine/*'];
  },
});
