import type { FormSchema } from '../../models/form-schema.js';
import { type RecallContext, recallText } from '../texts/recall.js';
import { type EndingScreen, PATH_CODE, type PathCode } from './path.js';

// Node (and any bundle without the `browser` condition): the code of jumps and endings is part of
// the engine. path-load.browser.ts is the browser's half (`#engine/path`).

/** The code of jumps and endings (path.ts `PATH_CODE`). */
export function pathCode(): PathCode | undefined {
  return PATH_CODE;
}

/** Resolves once the code of jumps and endings is there: at once here (see path-load.browser.ts). */
export function loadPath(): Promise<void> {
  return Promise.resolve();
}

/**
 * The screen of the ending `endingId` (docs/form-model.md "Jumps and endings"), or of
 * `settings.completion` when it is null or names no ending of the form, in the language of
 * `schema`, its title and message with answers recalled (plain text: insert it as text). Only an
 * https redirect is given.
 *
 * ```ts
 * endingScreen(schema, 'big', { answers: { name: 'Ada' }, variables: {} });
 * // { title: 'A big team', message: 'We will call you, Ada.' }
 * ```
 */
export function endingScreen(
  schema: FormSchema,
  endingId: string | null,
  context: Omit<RecallContext, 'schema'>,
): EndingScreen {
  return PATH_CODE.endingScreen(recallText, schema, endingId, context);
}
