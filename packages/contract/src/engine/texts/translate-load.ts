import { translateSchema } from './translate-schema.js';

// Node (and any bundle without the `browser` condition): translateSchema is part of the engine, so
// nothing waits for it. translate-load.browser.ts is the browser's half (`#engine/translate`).

/** `translateSchema` (translate-schema.ts). */
export function translator(): typeof translateSchema | undefined {
  return translateSchema;
}

/** Resolves once `translator()` answers: at once here (see translate-load.browser.ts). */
export function loadTranslator(): Promise<void> {
  return Promise.resolve();
}
