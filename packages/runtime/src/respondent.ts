/**
 * `@formloom/runtime/respondent`: who answers and how often (docs/embedding.md "Personal links,
 * verified addresses and edits in an embed"). The runtime loads this part for a form whose public
 * read names `oneResponse` or `allowEdit`, or when it was given a `linkToken`:
 *
 * - a personal link's token (`linkToken`) goes with the submission; a form answered through links
 *   only, opened without one, is `unavailable` with `problem: 'link_required'`;
 * - a form answered once per address waits in the `verify` state until `requestCode(form, email)`
 *   and `confirmCode(form, email, code)` have proven one; the verification token goes with the
 *   submission;
 * - a form that lets respondents edit: the submission's `editToken` and `editUntil` are in the
 *   state; with the runtime's `editToken` option, `load()` reads that response into the answers
 *   and `submit()` replaces them.
 *
 * Refusals are the state's `problem` (`already_answered`, `link_required`, `verification_required`,
 * `edit_closed`, `edit_unknown`), said by `respondentRefusal` in the six languages.
 *
 * ```ts
 * await form.load();
 * if (form.getState().status === 'verify') {
 *   await requestCode(form, 'ada@example.com');
 *   await confirmCode(form, 'ada@example.com', '123456');
 * }
 * ```
 */
import type { EditableResponse, PublicForm, SubmitResponseResult } from '@formloom/contract';
import type { VariableValues } from '@formloom/contract/engine';
import type {
  confirmPublicEmail,
  editPublicResponse,
  getEditableResponse,
  verifyPublicEmail,
} from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { RespondentTexts } from './respondent-texts.js';
import type { FormRuntime, FormState } from './runtime.js';
import type { CallFailure, CallResult, Transport } from './transport.js';

export { editTime, type RespondentTexts, respondentTextsFor } from './respondent-texts.js';

/**
 * The routes, as the contract's table has them (its types hold the two equal), written out: the
 * table would be a chunk of its own that every form's start then loads (as in `./access`).
 */
const READ_EDIT: typeof getEditableResponse = {
  method: 'GET',
  path: '/v1/public/forms/:code/responses/:editToken',
};
const EDIT: typeof editPublicResponse = {
  method: 'PUT',
  path: '/v1/public/forms/:code/responses/:editToken',
};
const VERIFY: typeof verifyPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify' };
const CONFIRM: typeof confirmPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify/confirm' };

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A refusal of the server by its code: the problem to show and the state the form goes to. */
const REFUSALS: Record<string, [CallFailure['problem'], NonNullable<CallFailure['then']>]> = {
  ALREADY_ANSWERED: ['already_answered', 'unavailable'],
  LINK_REQUIRED: ['link_required', 'unavailable'],
  VERIFICATION_REQUIRED: ['verification_required', 'verify'],
  EDIT_WINDOW_CLOSED: ['edit_closed', 'unavailable'],
};

/** The shapes of a personal link's token (`LinkToken`) and of an edit token (`EditToken`). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const EDIT_TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/** An edit link that names no response (404 while editing). */
const GONE: [CallFailure['problem'], 'unavailable'] = ['edit_unknown', 'unavailable'];

/** Transports this part took over already (a form loads again once a password opened it). */
const taken = new WeakSet<Transport>();

/**
 * Takes over the transport's submissions: a refusal of who answers becomes its problem and the
 * state to go to, a stored response's edit token and window go into the state, and while editing
 * a submission replaces the response's answers (and no partial is saved: completing one would
 * store a second response).
 */
function takeOver(host: PartialHost): void {
  const { transport } = host;
  if (taken.has(transport)) return;
  taken.add(transport);
  const { submit, completePartial, savePartial } = transport;
  const settle = <T extends { editToken?: string; editUntil?: string }>(result: CallResult<T>) => {
    if (result.ok) {
      const { editToken = host.state().editToken, editUntil } = result.data;
      if (editUntil !== undefined) host.emit({ editToken, editUntil });
      return result;
    }
    const editing = host.state().editing === true;
    const refusal = REFUSALS[result.code ?? ''] ?? (editing && result.status === 404 ? GONE : undefined);
    if (refusal !== undefined) [result.problem, result.then] = refusal;
    return result;
  };
  transport.submit = async (body, key, headers) => {
    const state = host.state();
    if (state.editing !== true) return settle(await submit(body, key, headers));
    // An edit takes the answers and their language only: no captcha, link or address again.
    const edited = await transport.call<SubmitResponseResult & { variables?: VariableValues }>(
      EDIT,
      json({ answers: body.answers, language: body.language }),
      { editToken: state.editToken! },
    );
    return settle(edited);
  };
  transport.completePartial = async (...args) => settle(await completePartial(...args));
  transport.savePartial = (token, body) =>
    host.state().editing === true
      ? Promise.resolve({ ok: true, status: 200, data: {} })
      : savePartial(token, body);
}

/**
 * After the form loaded (the runtime calls this): the link's token to send, the address to prove,
 * or the response to edit (the runtime's `editToken`), its answers put in the form's.
 * @internal
 */
export async function begin(form: FormRuntime, read: Pick<PublicForm, 'oneResponse'>): Promise<void> {
  const host = form.host!;
  takeOver(host);
  // A value not shaped as the server's tokens is not one: a host page's own `?t=` or `?edit=`
  // (the element reads them by default) leaves its forms as they are.
  const { linkToken: link, editToken: edit } = host.options;
  const linkToken = link !== undefined && LINK_TOKEN.test(link) ? link : undefined;
  const editToken = edit !== undefined && EDIT_TOKEN.test(edit) ? edit : undefined;
  if (editToken !== undefined) {
    // Loading until the response's answers are in: nothing typed before is overwritten.
    host.emit({ status: 'loading' });
    const found = await host.transport.call<EditableResponse>(READ_EDIT, {}, { editToken });
    if (!found.ok) {
      const [problem] =
        found.code === 'EDIT_WINDOW_CLOSED'
          ? REFUSALS.EDIT_WINDOW_CLOSED!
          : found.status === 404
            ? GONE
            : [found.problem];
      host.emit({ status: 'unavailable', problem, retryAfter: found.retryAfter });
      return;
    }
    const keys = new Set(host.keys());
    const state = host.state();
    const answers: Record<string, unknown> = { ...state.answers };
    for (const [id, value] of Object.entries(found.data.answers)) {
      if (keys.has(id) && !state.locked.has(id) && value !== null) answers[id] = value;
    }
    host.emit({
      status: 'ready',
      editing: true,
      editToken,
      editUntil: found.data.editUntil,
      ...host.answer(answers),
    });
    return;
  }
  if (linkToken !== undefined) host.emit({ sends: { ...host.state().sends, linkToken } });
  else if (read.oneResponse === 'link') {
    host.emit({ status: 'unavailable', problem: 'link_required' });
    return;
  }
  if (read.oneResponse === 'email') host.emit({ status: 'verify', problem: undefined });
}

/** A refused call's problem for the respondent: 429 and no answer as they are, anything else `otherwise`. */
const problemOf = (result: CallFailure, otherwise: CallFailure['problem']) =>
  result.problem === 'rate_limited' || result.problem === 'network' ? result.problem : otherwise;

/**
 * The `verify` state: mails a 6-digit code to `email` (valid 10 minutes); true once sent, and
 * `codeSent` says to which address. Refused: `problem` is `invalid` (not an address),
 * `rate_limited` (too many codes: `retryAfter` seconds) or `network`.
 */
export async function requestCode(form: FormRuntime, email: string): Promise<boolean> {
  const host = form.host;
  if (host === undefined || host.state().status !== 'verify') return false;
  const result = await host.transport.call(VERIFY, json({ email }));
  if (!result.ok) {
    host.emit({ problem: problemOf(result, 'invalid'), retryAfter: result.retryAfter });
    return false;
  }
  host.emit({ codeSent: email, problem: undefined });
  return true;
}

/**
 * The `verify` state: trades the mailed code for the address's verification token, sent with the
 * submission; the form is `ready` then (a submission that was refused for want of one is sent
 * again by the renderer). Refused: `problem` is `code` (wrong or expired: ask for a new one after
 * five tries), `rate_limited` or `network`; an address that has answered already makes the form
 * `unavailable` with `already_answered`.
 */
export async function confirmCode(form: FormRuntime, email: string, code: string): Promise<boolean> {
  const host = form.host;
  if (host === undefined || host.state().status !== 'verify') return false;
  const result = await host.transport.call<{ verificationToken: string }>(
    CONFIRM,
    json({ email, code: code.trim() }),
  );
  if (!result.ok) {
    // An address that has answered is told so here, before the respondent fills the form in.
    if (result.code === 'ALREADY_ANSWERED')
      host.emit({ status: 'unavailable', problem: 'already_answered', codeSent: undefined });
    else host.emit({ problem: problemOf(result, 'code'), retryAfter: result.retryAfter });
    return false;
  }
  const { verificationToken } = result.data;
  host.emit({
    status: 'ready',
    problem: undefined,
    codeSent: undefined,
    sends: { ...host.state().sends, verificationToken },
  });
  return true;
}

/**
 * What a renderer says of a refusal of who answers or of an edit (the state's `problem`): a title
 * and a text; undefined for any other problem. An answered form says whether its link or its
 * address answered.
 */
export function respondentRefusal(
  texts: RespondentTexts,
  state: Pick<FormState, 'problem' | 'sends'>,
): [title: string, body: string] | undefined {
  switch (state.problem) {
    case 'link_required':
      return [texts.linkRequiredTitle, texts.linkRequiredBody];
    case 'already_answered':
      return state.sends?.linkToken === undefined
        ? [texts.answeredTitle, texts.answeredBody]
        : [texts.linkUsedTitle, texts.linkUsedBody];
    case 'edit_closed':
      return [texts.closedTitle, texts.closedBody];
    case 'edit_unknown':
      return [texts.goneTitle, texts.goneBody];
    default:
      return undefined;
  }
}

/**
 * The address of a response's edit: `page` (the host page's address, or the server's form page
 * `/f/:code`) with `?edit=<token>`, a personal link's `t` and an old `edit` taken off.
 */
export function editUrl(page: string, token: string): string {
  const url = new URL(page);
  url.searchParams.delete('t');
  url.searchParams.set('edit', token);
  url.hash = '';
  return url.href;
}
