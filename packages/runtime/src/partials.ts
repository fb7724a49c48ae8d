import type { FormState, RuntimeOptions } from './runtime.js';
import type { Transport } from './transport.js';

/**
 * The saved partials of a paged form (docs/embedding.md "Resume"): restoring one, saving after each
 * Next, completing it on submit. Its own chunk, loaded by a browser only for a paged form on a
 * server; what it needs of the runtime is handed over, not imported, so that the runtime's start
 * and this chunk share no module. The other parts loaded on demand (uploads, a protected form's
 * access, a quiz's feedback) are handed the same host.
 */
export interface PartialHost {
  transport: Transport;
  state(): FormState;
  emit(patch: Partial<FormState>): void;
  /** The keys of the form's answers (a repeating section's id for its fields). */
  keys(): string[];
  /** Replaces the answers; gives back the state that follows from them. */
  answer(next: Record<string, unknown>): Partial<FormState>;
  /** Shows (or with `undefined`, clears) a field's errors; gives back the state that follows. */
  shown(fieldId: string, messages: string[] | undefined): Partial<FormState>;
  /** The runtime's `setAnswer`. */
  set(fieldId: string, value: unknown): boolean;
  /** The runtime's options (a protected form's unlock token is kept under its server and code). */
  options: RuntimeOptions;
}

/** Restores a saved partial's answers and page; a gone one is said (`resumeExpired`). */
export async function restore(host: PartialHost, token: string): Promise<void> {
  const { emit } = host;
  const saved = await host.transport.getPartial(token);
  if (!saved.ok) {
    if (saved.status === 404) emit({ resumeExpired: true });
    return;
  }
  const keys = new Set(host.keys());
  const state = host.state();
  const answers = { ...state.answers };
  for (const [id, value] of Object.entries(saved.data.answers)) {
    if (keys.has(id) && !state.locked.has(id) && value !== null) answers[id] = value;
  }
  emit({
    resumeToken: token,
    ...(saved.data.seed === undefined ? {} : { seed: saved.data.seed }),
    ...host.answer(answers),
  });
  const page = saved.data.page;
  if (page !== null && host.state().pages.includes(page)) emit({ page });
}

/** After a Next: the visible answers of `shot` (the state then) saved as the partial, created the first time. */
export async function save(host: PartialHost, shot: FormState): Promise<void> {
  const answers: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(shot.answers)) if (!shot.hiddenFields.has(id)) answers[id] = value;
  const body = {
    answers,
    ...(shot.page === undefined ? {} : { page: shot.page }),
    ...(shot.seed === undefined ? {} : { seed: shot.seed }),
  };
  // A 404 (completed elsewhere, or expired) keeps the token: submitting then gives way to a submission.
  const result = await host.transport.savePartial(host.state().resumeToken, body);
  if (result.ok && result.data.resumeToken !== undefined) host.emit({ resumeToken: result.data.resumeToken });
}

/**
 * Completes the saved partial with these answers (a field left empty now is sent as null, so a
 * value saved earlier does not come back); undefined when there is none or it has gone.
 */
export async function completeSaved(
  host: PartialHost,
  visible: Record<string, unknown>,
  language: string,
  headers: Record<string, string> | undefined,
  captcha: { captchaToken?: string | undefined; quizAttempt?: string },
) {
  const token = host.state().resumeToken;
  if (token === undefined) return undefined;
  const all: Record<string, unknown> = {};
  for (const id of host.keys()) all[id] = visible[id] ?? null;
  const result = await host.transport.completePartial(token, { answers: all, language, ...captcha }, headers);
  if (result.ok || result.status === 404) host.emit({ resumeToken: undefined });
  return result.ok || result.status !== 404 ? result : undefined;
}
