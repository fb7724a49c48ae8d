import type { FormSchema, PublicForm, SubmitResponseResult } from '@formloom/contract';
import type { VariableValues } from '@formloom/contract/engine';
// The public routes by the contract's table, not by the SDK's client: the SDK carries the
// contract's zod schemas (about 45 KB gzipped), nearly twice what a whole embedded form may weigh.
import type { PublicRoute } from '@formloom/contract/public-routes';
import * as routes from '@formloom/contract/public-routes';

/** What a saved partial gives back: its answers and the page the respondent was on. */
export interface SavedPartial {
  answers: Record<string, unknown>;
  page: string | null;
  /** The shuffle seed saved with it, when one was. */
  seed?: string;
}

/** The header the submission route de-duplicates retries by (`IDEMPOTENCY_KEY_HEADER`). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Where a form lives: the server's origin (or any base URL ending before `/v1`) and its share code. */
export interface FormAddress {
  api: string;
  code: string;
}

/** A failed call, by kind: what a renderer says to the respondent. */
export type CallProblem =
  /** No answer at all (offline, refused, aborted). */
  | 'network'
  /** 404: no published form under this code. */
  | 'not_found'
  /** 403 ORIGIN_NOT_ALLOWED: the form does not let pages of this site call it (`settings.allowedOrigins`). */
  | 'origin_not_allowed'
  /** 401 PASSWORD_REQUIRED: the form asks for its password (`@formloom/runtime/access` unlocks it). */
  | 'password'
  /** 409: the form accepts no more responses, or (a load) is not open yet. */
  | 'closed'
  /** 413: the answers or the file are too large. */
  | 'too_large'
  /** 429: too many requests; `retryAfter` says when to try again. */
  | 'rate_limited'
  /** 400: answers the server refused (`issues` says which). */
  | 'invalid'
  /**
   * Who answers and edits (`@formloom/runtime/respondent`): a personal link is needed (403
   * LINK_REQUIRED), an address to prove (403 VERIFICATION_REQUIRED), the link or the address
   * answered already (409 ALREADY_ANSWERED), an edit's window has passed (409
   * EDIT_WINDOW_CLOSED) or its link names no response (404), a mailed code is wrong.
   */
  | 'link_required'
  | 'verification_required'
  | 'already_answered'
  | 'edit_closed'
  | 'edit_unknown'
  | 'code'
  /** Anything else. */
  | 'server';

export interface CallFailure {
  ok: false;
  status: number;
  problem: CallProblem;
  /** The error envelope's code (`VALIDATION_ERROR`, `FORM_NOT_FOUND`...), when the server sent one. */
  code?: string;
  issues?: { fieldId: string; message: string }[];
  /** Seconds, from a 429's `Retry-After`. */
  retryAfter?: number;
  /** The envelope's message: a 409 before the form opens carries its closed message in it. */
  message?: string;
  /** A 401 PASSWORD_REQUIRED: the locked form's title, the one thing it tells of the form. */
  form?: { title: string };
  /**
   * Set by `@formloom/runtime/respondent` on a refused submission: the state the form goes to
   * (`unavailable`: nothing more to send; `verify`: the address to prove first).
   */
  then?: 'unavailable' | 'verify';
}

export type CallResult<T> = { ok: true; status: number; data: T } | CallFailure;

const PROBLEMS: Record<number, CallProblem> = {
  0: 'network',
  400: 'invalid',
  401: 'password',
  404: 'not_found',
  409: 'closed',
  413: 'too_large',
  429: 'rate_limited',
};

/**
 * The URL of a public route of this form; `api` may end with or without a slash, `params` fill
 * the path's other `:name`s (`:token`, `:sessionId`).
 */
export function routeUrl(address: FormAddress, path: string, params: Record<string, string> = {}): string {
  const values: Record<string, string> = { ...params, code: address.code };
  return `${address.api.replace(/\/+$/, '')}${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!))}`;
}

/** A random key of 128 bits (`crypto.randomUUID` needs a secure context; this works on plain http). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function readEnvelope<T>(res: Response): Promise<CallResult<T>> {
  const payload = (await res.json().catch(() => undefined)) as
    | {
        data?: T;
        error?: string | null;
        message?: string;
        issues?: { fieldId?: string; message: string }[];
        form?: { title: string };
      }
    | undefined;
  if (res.ok) return { ok: true, status: res.status, data: payload?.data as T };
  // The envelope's own message and (a 401) `form` come along as they are.
  const failure: CallFailure = {
    message: payload?.message,
    form: payload?.form,
    ok: false,
    status: res.status,
    problem:
      payload?.error === 'ORIGIN_NOT_ALLOWED' ? 'origin_not_allowed' : (PROBLEMS[res.status] ?? 'server'),
  };
  if (typeof payload?.error === 'string') failure.code = payload.error;
  if (Array.isArray(payload?.issues)) {
    failure.issues = payload.issues.map((i) => ({ fieldId: i.fieldId ?? '', message: i.message }));
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  if (res.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
  return failure;
}

export interface TransportOptions {
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Attempts after a network failure (default 2), spaced 600 ms, 1.2 s... */
  retries?: number;
  /** The first pause between attempts, in ms (default 600). */
  retryDelayMs?: number;
  /**
   * A password-protected form's unlock token (`POST .../unlock` answers it), sent with every call
   * as `X-Formloom-Access`: a host that unlocked the form itself passes it, and the form is not
   * asked for. Without one (or with one no longer valid) the runtime asks: the `password` state
   * and `unlock(form, password)` of `@formloom/runtime/access`.
   */
  accessToken?: string;
}

/** The header a password-protected form's public routes take the unlock token in (`ACCESS_TOKEN_HEADER`). */
export const ACCESS_HEADER = 'x-formloom-access';

/**
 * The runtime's calls to the public routes. A network failure is retried; nothing else is (a
 * submission carries an Idempotency-Key, so a retried one that had been stored counts once).
 */
export function createTransport(address: FormAddress, options: TransportOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const retries = options.retries ?? 2;
  const delay = options.retryDelayMs ?? 600;
  let access = options.accessToken;

  async function call<T>(
    route: PublicRoute,
    init: RequestInit = {},
    params: Record<string, string> = {},
    query = '',
    send: (url: string, init: RequestInit) => Promise<Response> = doFetch,
  ): Promise<CallResult<T>> {
    init.method = route.method;
    if (access) init.headers = { ...(init.headers as Record<string, string>), [ACCESS_HEADER]: access };
    for (let attempt = 0; ; attempt++) {
      try {
        return await readEnvelope<T>(await send(`${routeUrl(address, route.path, params)}${query}`, init));
      } catch {
        if (attempt >= retries || init.signal?.aborted) return { ok: false, status: 0, problem: 'network' };
        await new Promise((resolve) => setTimeout(resolve, delay * 2 ** attempt));
      }
    }
  }

  const json = (body: unknown): RequestInit => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    /** Any public route of the form: the parts loaded on demand call theirs by it. */
    call,
    /** Sends this unlock token with every later call (`undefined`: none). */
    unlock(token: string | undefined) {
      access = token;
    },
    /** The published form, its texts in `lang` when it has that language. */
    getForm(lang?: string, signal?: AbortSignal): Promise<CallResult<PublicForm>> {
      const query = lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`;
      return call<PublicForm>(routes.getPublicForm, { signal: signal ?? null }, {}, query);
    },
    /**
     * Stores a response; the same `key` with the same body answers with the same response.
     * `@formloom/runtime/respondent` takes this (and `completePartial`, `savePartial`) over for a
     * form with rules of who answers or edits: the runtime's start stays without that code.
     */
    submit(
      body: {
        answers: Record<string, unknown>;
        language?: string;
        captchaToken?: string;
        quizAttempt?: string;
        linkToken?: string;
        verificationToken?: string;
      },
      key: string,
      headers: Record<string, string> = {},
    ): Promise<CallResult<SubmitResponseResult & { variables?: VariableValues }>> {
      return call(routes.submitPublicResponse, {
        headers: { ...headers, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
        body: JSON.stringify(body),
      });
    },
    /** A saved partial (404 once completed, expired or unknown). */
    getPartial(token: string): Promise<CallResult<SavedPartial>> {
      return call(routes.getPartial, {}, { token });
    },
    /** Saves the answers so far: creates a partial (no token yet) or replaces the token's. */
    savePartial(
      token: string | undefined,
      body: { answers: Record<string, unknown>; page?: string; seed?: string },
    ): Promise<CallResult<{ resumeToken?: string }>> {
      return token === undefined
        ? call(routes.createPartial, json(body))
        : call(routes.updatePartial, json(body), { token });
    },
    /** Completes a partial: the body's answers merged over the saved ones, stored as one response. */
    completePartial(
      token: string,
      body: {
        answers: Record<string, unknown>;
        language?: string;
        captchaToken?: string;
        quizAttempt?: string;
      },
      headers: Record<string, string> = {},
    ): Promise<CallResult<SubmitResponseResult & { variables?: VariableValues }>> {
      const init = json(body);
      init.headers = { ...headers, 'content-type': 'application/json' };
      return call(routes.completePartial, init, { token });
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;

/** A schema's type, re-exported for renderers that import only the runtime. */
export type { FormSchema };
