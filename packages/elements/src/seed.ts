import type { FormSchema } from '@formloom/contract';
import type { FormRuntime } from '@formloom/runtime';
import { ids } from './markup/ids.js';

/**
 * The respondent's shuffle seed, for a form that shuffles options (a chunk of its own: most forms
 * shuffle nothing): a resumed partial's first (the order the respondent saw wherever they began),
 * then the one the server's page carries, then one kept for the tab, else a new one; kept for the
 * tab and given to the runtime.
 */
export function seedFor(
  host: HTMLElement,
  code: string | undefined,
  schema: FormSchema,
  runtime: FormRuntime,
): string {
  const key = `formloom-seed:${code ?? schema.meta.title}`;
  const served = host.querySelector<HTMLInputElement>(`input[id="${ids.seed}"]`)?.value;
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(key);
  } catch {
    // Storage refused (a sandboxed frame): nothing kept, `kept` stays null.
  }
  const seed = runtime.getState().seed || served || kept || Math.random().toString(36).slice(2);
  runtime.setSeed(seed);
  try {
    sessionStorage.setItem(key, seed);
  } catch {
    // Storage refused (a sandboxed frame): the order holds for this page.
  }
  return seed;
}
