import type { Options } from 'tsup';

// Nine entries: the DOM-free runtime, `./interview` (a smart form's interview, as headless),
// `./captcha`, the widget that loads a provider's script, `./signature-pad`, the signature
// field's drawing pad that `<formloom-form>` and the React components share, and `./repeat`, the
// entries of a repeating section, which a renderer loads only for a form that has one, and `./quiz`, a quiz's feedback after each
// answer, loaded only for a quiz, and `./access`, a password-protected form's unlock and the
// prompt's texts, loaded when a form asks for its password, and `./respondent`, personal links,
// proven addresses and edits with their texts, loaded for a form with such rules, and `./payment`,
// a payment form's start of its Stripe Checkout, loaded for a form with a payment field.
// ESM only: the runtime is for browsers, bundlers and server rendering, all of which load ESM.
// FORMLOOM_BUILD_DTS=0 (a build to run, not to publish) skips the type declarations, as the
// contract's and the SDK's builds do.
// Typed, not inferred through defineConfig: the workspace may hold two tsup instances (peers differ).
const options: Options = {
  entry: {
    index: 'src/index.ts',
    interview: 'src/interview.ts',
    captcha: 'src/captcha.ts',
    'signature-pad': 'src/signature-pad.ts',
    repeat: 'src/repeat.ts',
    quiz: 'src/quiz.ts',
    access: 'src/access.ts',
    respondent: 'src/respondent.ts',
    payment: 'src/payment.ts',
  },
  format: ['esm'],
  dts: process.env.FORMLOOM_BUILD_DTS !== '0',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
};

export default options;
