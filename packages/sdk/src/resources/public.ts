import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.public;
const partialRoutes = contract.partials;
type R = Contract['public'];
type P = Contract['partials'];

/** A started interview: what the session routes need (`StartedSession` has both). */
export interface InterviewSession {
  sessionId: string;
  sessionToken: string;
}

function withToken(session: InterviewSession, options: RequestOptions = {}): RequestOptions {
  return { ...options, headers: { ...options.headers, 'x-session-token': session.sessionToken } };
}

/**
 * The public routes a respondent's browser calls (they need no API key): forms behind a share
 * link, and the interviews of published smart forms. For servers that act on a respondent's
 * behalf, imports and tests.
 */
export class Public extends APIResource {
  /** Save and resume: a respondent's answers saved page by page under a resume token. */
  readonly partials: PublicPartials = new PublicPartials(this._client);

  /**
   * The published form under a share code, as a renderer needs it: its texts in `lang` when the
   * form has that language, else in the best of the request's Accept-Language, else in its base
   * language (`schema.meta.language` says which).
   *
   * ```ts
   * const form = await client.public.retrieveForm(code, { lang: 'de' });
   * ```
   */
  retrieveForm(
    code: string,
    query: QueryOf<R['getPublicForm']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getPublicForm']>> {
    return this._client._call(routes.getPublicForm, { params: { code }, query }, options);
  }

  /**
   * Submits a response. The SDK's Idempotency-Key makes a retried submission count once; pass
   * your own `idempotencyKey` to de-duplicate across processes.
   *
   * ```ts
   * await client.public.submitResponse(form.shareUrl!, { answers: { email: 'ada@example.com' } });
   * ```
   */
  submitResponse(
    code: string,
    body: BodyOf<R['submitPublicResponse']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['submitPublicResponse']>> {
    return this._client._call(routes.submitPublicResponse, { params: { code }, body }, options);
  }

  /**
   * The response under a respondent's edit token (a submission's `editToken`, for a form with
   * `allowEdit`): its answers, language and until when it may be edited. After the window: a 409
   * `ConflictError` (`EDIT_WINDOW_CLOSED`); an unknown token: a 404 `NotFoundError`.
   *
   * ```ts
   * const { editToken } = await client.public.submitResponse(code, { answers });
   * const { answers: current, editUntil } = await client.public.retrieveResponseForEdit(code, editToken!);
   * ```
   */
  retrieveResponseForEdit(
    code: string,
    editToken: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getEditableResponse']>> {
    return this._client._call(routes.getEditableResponse, { params: { code, editToken } }, options);
  }

  /**
   * Replaces the answers of the response under `editToken`, validated as a submission is (a 400
   * names each problem). The response keeps its id; its earlier answers stay in its history.
   *
   * ```ts
   * await client.public.updateResponse(code, editToken, { answers: { email: 'ada@example.org' } });
   * ```
   */
  updateResponse(
    code: string,
    editToken: string,
    body: BodyOf<R['editPublicResponse']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['editPublicResponse']>> {
    return this._client._call(routes.editPublicResponse, { params: { code, editToken }, body }, options);
  }

  /**
   * Unlocks a password-protected form: the token to pass as `accessToken` with its other public
   * calls, for a day (a changed password ends it sooner). A wrong password throws a 401
   * `AuthenticationError` (`PASSWORD_REQUIRED`); tries are limited per address and per form (429).
   *
   * ```ts
   * const { token } = await client.public.unlockForm(code, 'open sesame');
   * const form = await client.public.retrieveForm(code, {}, { accessToken: token });
   * ```
   */
  unlockForm(
    code: string,
    password: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Contract['access']['unlockPublicForm']>> {
    return this._client._call(
      contract.access.unlockPublicForm,
      { params: { code }, body: { password } },
      options,
    );
  }

  /**
   * A form with `oneResponse: "email"`: e-mails a 6-digit code to the respondent's address (valid
   * 10 minutes, 5 tries); limited per address and form (429 `VERIFY_LIMIT`).
   *
   * ```ts
   * await client.public.verifyEmail(code, 'ann@example.com');
   * const { verificationToken } = await client.public.confirmEmail(code, 'ann@example.com', '123456');
   * await client.public.submitResponse(code, { answers, verificationToken });
   * ```
   */
  verifyEmail(
    code: string,
    email: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Contract['access']['verifyPublicEmail']>> {
    return this._client._call(
      contract.access.verifyPublicEmail,
      { params: { code }, body: { email } },
      options,
    );
  }

  /**
   * Trades the e-mailed code for the `verificationToken` to submit with; a wrong code throws a 403,
   * an address that has answered already a 409 `ALREADY_ANSWERED`.
   */
  confirmEmail(
    code: string,
    email: string,
    verificationCode: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Contract['access']['confirmPublicEmail']>> {
    return this._client._call(
      contract.access.confirmPublicEmail,
      { params: { code }, body: { email, code: verificationCode } },
      options,
    );
  }

  /** The published smart form under a share code: what the welcome screen shows. */
  retrieveSmartForm(code: string, options?: RequestOptions): APIPromise<ResultOf<R['getPublicSmartForm']>> {
    return this._client._call(routes.getPublicSmartForm, { params: { code } }, options);
  }

  /** Private smart forms: emails a one-time code to the respondent. */
  requestInterviewCode(
    code: string,
    body: BodyOf<R['requestSmartFormOtp']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['requestSmartFormOtp']>> {
    return this._client._call(routes.requestSmartFormOtp, { params: { code }, body }, options);
  }

  /** Private smart forms: trades the emailed code for the `verificationToken` that starts a session. */
  verifyInterviewCode(
    code: string,
    body: BodyOf<R['verifySmartFormOtp']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['verifySmartFormOtp']>> {
    return this._client._call(routes.verifySmartFormOtp, { params: { code }, body }, options);
  }

  /**
   * Starts an interview: the first question and the session's token, which the other interview
   * methods take.
   *
   * ```ts
   * let step = await client.public.startInterview(code);
   * while (!step.done) step = await client.public.answer(code, session, { questionId: step.question!.id, answer: '...' });
   * ```
   */
  startInterview(
    code: string,
    body: BodyOf<R['startSmartFormSession']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['startSmartFormSession']>> {
    return this._client._call(routes.startSmartFormSession, { params: { code }, body }, options);
  }

  /** Answers the waiting question; resolves with the next step (`done: true` when there is none). Sending the same answer again is stored once. */
  answer(
    code: string,
    session: InterviewSession,
    body: BodyOf<R['answerSmartFormQuestion']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['answerSmartFormQuestion']>> {
    return this._client._call(
      routes.answerSmartFormQuestion,
      { params: { code, sessionId: session.sessionId }, body },
      withToken(session, options),
    );
  }

  /** The waiting question, to resume an interview. */
  nextQuestion(
    code: string,
    session: InterviewSession,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getNextSmartFormQuestion']>> {
    return this._client._call(
      routes.getNextSmartFormQuestion,
      { params: { code, sessionId: session.sessionId } },
      withToken(session, options),
    );
  }

  /** Completes the interview; its analysis follows (read it with `smartForms.sessions.retrieve`). */
  finishInterview(
    code: string,
    session: InterviewSession,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['finishSmartFormSession']>> {
    return this._client._call(
      routes.finishSmartFormSession,
      { params: { code, sessionId: session.sessionId } },
      withToken(session, options),
    );
  }
}

/**
 * Partial responses (save and resume): answers saved under a resume token that expires after the
 * form's `settings.resumeDays`, then completed into one response.
 *
 * ```ts
 * const { resumeToken } = await client.public.partials.create(code, { answers: { name: 'Ada' }, page: 'about' });
 * await client.public.partials.update(code, resumeToken, { answers: { name: 'Ada', age: 36 }, page: 'details' });
 * const { responseId } = await client.public.partials.complete(code, resumeToken);
 * ```
 */
export class PublicPartials extends APIResource {
  /** Saves answers so far (types are checked, required fields may be missing); answers with the resume token. */
  create(
    code: string,
    body: BodyOf<P['createPartial']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<P['createPartial']>> {
    return this._client._call(partialRoutes.createPartial, { params: { code }, body }, options);
  }

  /** The saved answers and page. */
  retrieve(code: string, token: string, options?: RequestOptions): APIPromise<ResultOf<P['getPartial']>> {
    return this._client._call(partialRoutes.getPartial, { params: { code, token } }, options);
  }

  /** Replaces the saved answers and page. */
  update(
    code: string,
    token: string,
    body: BodyOf<P['updatePartial']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<P['updatePartial']>> {
    return this._client._call(partialRoutes.updatePartial, { params: { code, token }, body }, options);
  }

  /**
   * Submits the saved answers (the body's merged over them) like a submission; calling it again
   * answers with the same response id.
   */
  complete(
    code: string,
    token: string,
    body: BodyOf<P['completePartial']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<P['completePartial']>> {
    return this._client._call(partialRoutes.completePartial, { params: { code, token }, body }, options);
  }
}
