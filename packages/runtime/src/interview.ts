import type { FinishedSession, InterviewStep, StartedSession, VerifyOtpResult } from '@formloom/contract';
import type { PublicRoute } from '@formloom/contract/public-routes';
import * as routes from '@formloom/contract/public-routes';
import { type CallResult, readEnvelope, routeUrl } from './transport.js';

/** Which card the page shows. */
export type InterviewView = 'welcome' | 'question' | 'done';

/** What is on its way: a question, the finish, or a request sent again after a lost connection. */
export type InterviewActivity = 'thinking' | 'finishing' | 'reconnecting' | null;

/** What went wrong, for the page to say. */
export type InterviewProblem =
  | 'empty_answer'
  | 'invalid_email'
  | 'invalid_code'
  | 'wrong_code'
  /** No answer after every attempt (offline, server down). */
  | 'network'
  | 'rate_limited'
  /** The session ended (completed or abandoned elsewhere): a new one can start. */
  | 'ended'
  | 'server';

export interface InterviewState {
  view: InterviewView;
  /** The step whose question is shown (a new object for each question shown, even the same one). */
  step: InterviewStep | null;
  /** What was typed for the shown question before a reload. */
  draft: string;
  activity: InterviewActivity;
  /** A start, a code or an answer is on its way: the page takes no other. */
  busy: boolean;
  problem: InterviewProblem | null;
  /** The welcome input `problem` is about. */
  invalid: 'email' | 'code' | null;
  /** A private smart form's code was sent to this address: the page asks for the code. */
  codeSentTo: string | null;
  closingMessage: string | null;
}

/** Where the interview keeps its session across a reload (`sessionStorage` in a page). */
export type InterviewStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface InterviewOptions {
  /** The server's origin, or any base URL ending before `/v1` (a page's relative `..` too). */
  api: string;
  /** The smart form's share code. */
  code: string;
  fetch?: typeof fetch;
  storage?: InterviewStorage;
  /** Headers sent with every call (the page's honeypot). */
  headers?: () => Record<string, string>;
  /** Attempts of an answer, a resume or a finish that gets no answer or a 502-504 (default 6). */
  attempts?: number;
  /** The first pause between attempts, doubled each time up to `maxRetryDelayMs` (default 500, 5000). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

interface Saved {
  sessionId: string;
  token: string;
  draft?: { questionId: string; text: string };
}

/**
 * A smart form's interview, headless: the welcome (email code of a private form, start), one
 * question at a time, the finish. The session lives in `storage` under the share code, so a
 * reload resumes. An answer, a resume or a finish that gets no answer is sent again a few times,
 * the same body each time (the server stores an answer once), with a growing pause, then
 * `problem` is `network`. The interview page renders it; it has no DOM.
 *
 * ```ts
 * const interview = createInterviewRuntime({ api: 'https://forms.example.com', code });
 * interview.subscribe((state) => render(state));
 * await interview.start('en');
 * await interview.answer('The price doubled.');
 * ```
 */
export function createInterviewRuntime(options: InterviewOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const attempts = options.attempts ?? 6;
  const delay = options.retryDelayMs ?? 500;
  const maxDelay = options.maxRetryDelayMs ?? 5_000;
  const key = `formloom:interview:${options.code}`;
  const listeners = new Set<(state: InterviewState) => void>();
  let saved = read();
  let verificationToken: string | undefined;
  let finishing = false;
  let state: InterviewState = {
    view: 'welcome',
    step: null,
    draft: '',
    activity: null,
    busy: false,
    problem: null,
    invalid: null,
    codeSentTo: null,
    closingMessage: null,
  };

  function set(patch: Partial<InterviewState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  }

  function read(): Saved | undefined {
    try {
      const raw = options.storage?.getItem(key);
      return raw == null ? undefined : (JSON.parse(raw) as Saved);
    } catch {
      return undefined;
    }
  }

  function store(value: Saved | undefined) {
    saved = value;
    try {
      if (value === undefined) options.storage?.removeItem(key);
      else options.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage off (private mode, full): the interview still runs, it just cannot survive a reload.
    }
  }

  async function call<T>(route: PublicRoute, body?: unknown): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers?.() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (saved !== undefined && route.path.includes(':sessionId')) headers['x-session-token'] = saved.token;
    const url = routeUrl(options, route.path, { sessionId: saved?.sessionId ?? '' });
    try {
      const init = { method: route.method, headers, body: body === undefined ? null : JSON.stringify(body) };
      return await readEnvelope<T>(await doFetch(url, init));
    } catch {
      return { ok: false, status: 0, problem: 'network' };
    }
  }

  /** `call`, again while the connection is lost or the server down or restarting: `attempts` in all. */
  async function persist<T>(route: PublicRoute, body?: unknown): Promise<CallResult<T>> {
    for (let attempt = 1; ; attempt++) {
      const result = await call<T>(route, body);
      const lost = result.status === 0 || (result.status >= 502 && result.status <= 504);
      if (!lost || attempt >= attempts) return result;
      set({ activity: 'reconnecting' });
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay * 2 ** (attempt - 1), maxDelay)));
    }
  }

  const problemOf = (result: { status: number }): InterviewProblem =>
    result.status === 0 ? 'network' : result.status === 429 ? 'rate_limited' : 'server';

  async function show(step: InterviewStep): Promise<void> {
    if (step.done || step.question === null) return finish();
    const draft = saved?.draft?.questionId === step.question.id ? saved.draft.text : '';
    set({ view: 'question', step, draft, activity: null, problem: null });
  }

  /** A session that cannot go on (ended, or unknown to the server): back to the welcome. */
  function restart(problem: InterviewProblem | null) {
    store(undefined);
    set({ view: 'welcome', step: null, activity: null, problem, invalid: null });
  }

  function sessionProblem(result: { status: number }): boolean {
    if (result.status === 409) restart('ended');
    else if (result.status === 403 || result.status === 404) restart(null);
    else return false;
    return true;
  }

  async function begin(language?: string) {
    const result = await call<StartedSession>(routes.startSmartFormSession, {
      ...(language === undefined ? {} : { language }),
      ...(verificationToken === undefined ? {} : { verificationToken }),
    });
    if (!result.ok) {
      set({ problem: problemOf(result), invalid: null });
      return;
    }
    store({ sessionId: result.data.sessionId, token: result.data.sessionToken });
    await show(result.data);
  }

  /** Runs a welcome or answer step, once at a time. */
  async function once(run: () => Promise<void>) {
    if (state.busy) return;
    set({ busy: true });
    try {
      await run();
    } finally {
      set({ busy: false });
    }
  }

  async function finish(): Promise<void> {
    if (saved === undefined || finishing) return;
    finishing = true;
    set({ activity: 'finishing' });
    try {
      const result = await persist<FinishedSession>(routes.finishSmartFormSession);
      if (result.ok) {
        store(undefined);
        set({ view: 'done', closingMessage: result.data.closingMessage, activity: null });
      } else if (!sessionProblem(result)) {
        set({ activity: null, problem: problemOf(result) });
      }
    } finally {
      finishing = false;
    }
  }

  return {
    getState: (): InterviewState => state,
    /** Calls `listener` on every change; returns the unsubscribe. */
    subscribe(listener: (state: InterviewState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resumes a stored session at its current question; false when there is none. */
    async resume(): Promise<boolean> {
      if (saved === undefined) return false;
      set({ view: 'question', activity: 'thinking' });
      const result = await persist<InterviewStep>(routes.getNextSmartFormQuestion);
      if (result.ok) await show(result.data);
      // Finished, with the reply lost before the page heard it? Finishing again answers the same.
      else if (result.status === 409) await finish();
      else if (sessionProblem(result)) return true;
      // No answer after every attempt: the session stays stored for the next reload.
      else if (result.status === 0) set({ view: 'welcome', activity: null, problem: 'network' });
      else restart('server');
      return true;
    },
    /** Starts an interview (after `verifyCode` for a private smart form). */
    start: (language?: string) => once(() => begin(language)),
    /** Emails a private smart form's code; `valid` false (the page's own check) refuses the address. */
    requestCode: (email: string, valid = true) =>
      once(async () => {
        if (email === '' || !valid) {
          set({ problem: 'invalid_email', invalid: 'email' });
          return;
        }
        const result = await call(routes.requestSmartFormOtp, { email });
        if (result.status !== 202) {
          const invalid = result.status === 400;
          set({
            problem: invalid ? 'invalid_email' : result.status === 429 ? 'rate_limited' : 'server',
            invalid: invalid ? 'email' : null,
          });
          return;
        }
        set({ problem: null, invalid: null, codeSentTo: email });
      }),
    /** Checks the emailed code and starts the interview with the token it gives. */
    verifyCode: (code: string, language?: string) =>
      once(async () => {
        const digits = code.replace(/\s/g, '');
        if (!/^\d{6}$/.test(digits)) {
          set({ problem: 'invalid_code', invalid: 'code' });
          return;
        }
        const result = await call<VerifyOtpResult>(routes.verifySmartFormOtp, {
          email: state.codeSentTo,
          code: digits,
        });
        if (!result.ok) {
          const wrong = result.status === 403 || result.status === 400;
          set({
            problem: wrong ? 'wrong_code' : result.status === 429 ? 'rate_limited' : 'server',
            invalid: 'code',
          });
          return;
        }
        set({ problem: null, invalid: null });
        verificationToken = result.data.verificationToken;
        await begin(language);
      }),
    /** Back to the email step of a private smart form. */
    otherEmail() {
      set({ codeSentTo: null, problem: null, invalid: null });
    },
    /** Answers the shown question; an answer that gets no answer is sent again, `attempts` in all. */
    answer: (text: string) =>
      once(async () => {
        const question = state.step?.question;
        const session = saved;
        if (finishing || question == null || session === undefined) return;
        const answer = text.trim();
        if (answer === '') {
          set({ problem: 'empty_answer' });
          return;
        }
        set({ problem: null, activity: 'thinking' });
        const result = await persist<InterviewStep>(routes.answerSmartFormQuestion, {
          questionId: question.id,
          answer,
        });
        if (result.ok) {
          store({ sessionId: session.sessionId, token: session.token });
          return show(result.data);
        }
        if (result.status === 409 || result.status === 400) {
          // Answered elsewhere (another tab) or a question the server no longer waits for: resume.
          const next = await persist<InterviewStep>(routes.getNextSmartFormQuestion);
          if (next.ok) return show(next.data);
          if (sessionProblem(next)) return;
        } else if (sessionProblem(result)) return;
        set({ activity: null, problem: problemOf(result) });
      }),
    /** Ends the interview before the last question. */
    finish,
    /** Keeps what is typed for the shown question across a reload; clears a shown problem. */
    setDraft(text: string) {
      const question = state.step?.question;
      if (saved !== undefined && question) store({ ...saved, draft: { questionId: question.id, text } });
      if (state.problem !== null) set({ problem: null });
    },
  };
}

export type InterviewRuntime = ReturnType<typeof createInterviewRuntime>;
