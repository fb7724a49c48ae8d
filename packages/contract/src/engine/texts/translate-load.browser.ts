import type { translateSchema } from './translate-schema.js';

let translate: typeof translateSchema | undefined;
let loading: Promise<void> | undefined;

/** `translateSchema`, once `loadTranslator()` has answered; `undefined` before. */
export function translator(): typeof translateSchema | undefined {
  return translate;
}

/**
 * A browser bundle leaves `translateSchema` out of its start and loads it here, once, when a form
 * is shown in another language than its own (the runtime waits for it before it compiles such a
 * form); a form shown in its own language never loads it.
 */
export function loadTranslator(): Promise<void> {
  loading ??= import('./translate-schema.js').then((texts) => {
    translate = texts.translateSchema;
  });
  return loading;
}
