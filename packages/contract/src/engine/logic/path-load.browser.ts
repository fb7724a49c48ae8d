import type { FormSchema } from '../../models/form-schema.js';
import { type RecallContext, recallText } from '../texts/recall.js';
import type { EndingScreen, PathCode } from './path.js';

let code: PathCode | undefined;
let loading: Promise<void> | undefined;

/** The code of jumps and endings, once `loadPath()` has answered; `undefined` before. */
export function pathCode(): PathCode | undefined {
  return code;
}

/**
 * A browser bundle leaves the code of jumps and endings chosen by conditions (path.ts) out of its
 * start and loads it here, once, when a form has them (`needsPathCode`). A runtime waits for it
 * before it compiles such a form; a form without them goes through its visible sections.
 */
export function loadPath(): Promise<void> {
  loading ??= import('./path.js').then((path) => {
    code = path.PATH_CODE;
  });
  return loading;
}

/**
 * The screen of the ending `endingId` (docs/form-model.md "Jumps and endings"), or of
 * `settings.completion` when it is null or names no ending of the form, in the language of
 * `schema`, its title and message with answers recalled (plain text: insert it as text). Only an
 * https redirect is given. In a browser, once `loadPath()` has answered (before, an empty screen).
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
  return code?.endingScreen(recallText, schema, endingId, context) ?? {};
}
