import type {
  FormSchema,
  Language,
  PublicCaptcha,
  PublicForm,
  PublicTheme,
  SubmissionQuiz,
} from '@formloom/contract';
import {
  type CompiledForm,
  compileForm,
  loadPath,
  loadQuestionTypes,
  loadRepeat,
  loadTranslator,
  loadVariables,
  needsPathCode,
  pageOfField,
  pageOrder,
  pathCode,
  phoneNumbering,
  pickLanguage,
  prefillAnswers,
  prefillTargets,
  questionHooks,
  recallText,
  repeatCode,
  translator,
  usesQuestionTypes,
  type ValidationIssue,
  type VariableValues,
  validatePage,
  variablesCode,
} from '@formloom/contract/engine';
import { loadLanguage } from './languages.js';
import type { PartialHost } from './partials.js';
import {
  type CallProblem,
  createTransport,
  type FormAddress,
  randomKey,
  type Transport,
  type TransportOptions,
} from './transport.js';

/** Prefill values by query parameter name, as a URL (`?utm_source=x`) or an object (lists repeat). */
export type PrefillInput = URLSearchParams | string | Readonly<Record<string, string | readonly string[]>>;

/** What the local mode's `onSubmit` receives: the answers as the engine normalised them. */
export interface LocalSubmission {
  answers: Record<string, unknown>;
  variables: VariableValues;
  language: string;
}

export interface RuntimeOptions extends TransportOptions {
  /** Runs this schema locally: nothing is fetched, and `onSubmit` receives the validated answers. */
  schema?: FormSchema;
  /** Or the published form under this share code... */
  code?: string;
  /** ...on this server (its origin, or a base URL ending before `/v1`). */
  api?: string;
  /**
   * Remote mode: the published form as `GET /v1/public/forms/:code` answers it, when the page has it
   * already (the server's public page renders it in): `load()` starts from it and fetches nothing.
   * Its language's texts must be in the engine (`addLanguagePack`) for the messages to be in it.
   */
  form?: PublicForm;
  /** The respondent's language, when the form has it (else the form's base language). */
  lang?: string;
  /** Values for the fields that may be prefilled (hidden fields and fields with `prefill`). */
  prefill?: PrefillInput;
  /**
   * Remote mode, a paged form: the resume token of a partial saved before. `load()` restores its
   * answers and page; submitting completes it. Without one, the first Next saves a new partial.
   */
  resume?: string;
  /**
   * Where a password-protected form's unlock token is kept, so a reload does not ask again:
   * default the tab's `sessionStorage` where there is one; `null` keeps it nowhere (the runtime's
   * own memory only).
   */
  accessStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /**
   * Remote mode: a personal link's token (the `t` of `/f/:code?t=`), sent with the submission: the
   * link answers once. Its prefill is the page's: a link's fields that may not be changed are
   * fixed by the server whatever is sent (`@formloom/runtime/respondent`).
   */
  linkToken?: string;
  /**
   * Remote mode, a form with `allowEdit`: the edit token a submission answered (`?edit=` of its
   * link). `load()` fills the form with that response's answers and `submit()` replaces them.
   */
  editToken?: string;
  /**
   * Remote mode, a form with a payment field: called with Stripe Checkout's address once the
   * payment is started, for the host to send the respondent there itself (default: the top window
   * goes there). See `@formloom/runtime/payment`.
   */
  onCheckout?: (url: string) => void;
  /** Local mode: called with a valid submission; throwing keeps the form open. */
  onSubmit?: (submission: LocalSubmission) => void | Promise<void>;
}

export type RuntimeStatus =
  /** Remote mode before `load()` has answered. */
  | 'loading'
  /** The form is being filled in. */
  | 'ready'
  | 'submitting'
  /** Submitted: `responseId` (remote) and `completion` say what next. */
  | 'done'
  /** The form could not be loaded (`problem` says why); nothing to fill in. */
  | 'unavailable'
  /**
   * The form is password-protected: `title` is its title (all it tells before), `unlock(form,
   * password)` of `@formloom/runtime/access` opens it; `problem` says why the last try failed
   * (`password`: wrong; `rate_limited`: too many tries).
   */
  | 'password'
  /**
   * The form takes one response per proven address: `requestCode(form, email)` and
   * `confirmCode(form, email, code)` of `@formloom/runtime/respondent` open it (`codeSent`
   * names the address mailed); `problem` says why the last try failed.
   */
  | 'verify';

/**
 * Why the last load or submission failed, for the renderer's message; `captcha`: the server
 * refused the captcha token (CAPTCHA_FAILED), so the widget starts over.
 */
export type RuntimeProblem = CallProblem | 'local' | 'captcha';

export interface FormState {
  readonly status: RuntimeStatus;
  /** The schema in the respondent's language (`meta.language` says which), once loaded. */
  readonly schema: FormSchema | undefined;
  /** The form's title and description as published (remote) or from `meta` (local). */
  readonly title: string;
  readonly description: string | null;
  readonly language: string | undefined;
  /** False once a published form accepts no more responses. */
  readonly acceptsResponses: boolean;
  /**
   * Remote mode, a form with `settings.captcha`: the widget to show (`@formloom/runtime/captcha`'s
   * `mountCaptcha`); its token goes to `submit({captchaToken})`.
   */
  readonly captcha: PublicCaptcha | undefined;
  /** Remote mode, a form with a theme (or without the branding): its look, for the renderer to apply. */
  readonly theme: PublicTheme | undefined;
  /** Every value entered or prefilled, by field id, hidden ones included. */
  readonly answers: Readonly<Record<string, unknown>>;
  readonly hiddenFields: ReadonlySet<string>;
  readonly hiddenSections: ReadonlySet<string>;
  /** Whether the form shows one section a page (`settings.layout: "paged"`). */
  readonly paged: boolean;
  /** The pages (section ids) for the current answers: hidden sections are skipped. */
  readonly pages: readonly string[];
  /** The page on show (a single-column form has one page: its first section). */
  readonly page: string | undefined;
  /**
   * A form with repeating sections: by section id, the fields hidden in each entry (the entries
   * are the section's answer, a list of objects; `@formloom/runtime/repeat` edits them).
   */
  readonly hiddenInEntries: Readonly<Record<string, readonly ReadonlySet<string>[]>>;
  /**
   * Messages of the fields showing an error, by field id, in display order; in a repeating
   * section by the entry's path (`g[1].guest`), and about the list itself by the section's id.
   */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly variables: VariableValues;
  /** Prefilled fields the respondent may not change (`prefill.editable: false`). */
  readonly locked: ReadonlySet<string>;
  readonly problem: RuntimeProblem | undefined;
  /** Seconds to wait, after a `rate_limited` problem. */
  readonly retryAfter: number | undefined;
  /**
   * Why the server refused the load, in its words: with `problem: 'closed'` (409 FORM_CLOSED, the
   * form is not open yet) the form's own closed message when it has one.
   */
  readonly closedMessage?: string | undefined;
  readonly responseId: string | undefined;
  /**
   * After submitting: the ending the server answered (its title and message, recall filled, or
   * the https redirect), else the form's completion; `endingId` names the ending (null: the default).
   */
  readonly completion:
    | {
        title?: string;
        message?: string;
        redirectUrl?: string;
        endingId?: string | null;
        /** A quiz: the marks the server gave (with each question's, for feedback at the end). */
        quiz?: SubmissionQuiz;
      }
    | undefined;
  /**
   * A quiz with feedback after each answer, once `checkAnswer` of `@formloom/runtime/quiz` asked: the attempt the
   * server keeps the marked answers in (sent with the submission), and each marked question's
   * mark and feedback. A marked question is in `locked`: its answer no longer changes.
   */
  readonly quiz?: QuizState;
  /**
   * What the runtime's parts loaded on demand add to the submission's body (and a completed
   * partial's): a quiz's `quizAttempt`.
   */
  readonly sends?: Readonly<Record<string, string>>;
  /**
   * A form with `allowEdit`: once submitted (or while editing), the token of the response's edit
   * link and until when it works.
   */
  readonly editToken?: string | undefined;
  readonly editUntil?: string | undefined;
  /** The form shows a response to change (the `editToken` option): submitting replaces its answers. */
  readonly editing?: boolean;
  /**
   * A form with a payment field, once submitting started its payment: the Stripe Checkout page the
   * respondent is sent to (the status stays `submitting`).
   */
  readonly checkoutUrl?: string | undefined;
  /** The `verify` state: the address the last code was mailed to. */
  readonly codeSent?: string | undefined;
  /** A paged remote form: the token of this respondent's saved partial, once there is one. */
  readonly resumeToken: string | undefined;
  /** The `resume` token given was not (or no longer) valid: the form starts empty. */
  readonly resumeExpired: boolean;
  /**
   * The respondent's shuffle seed (`shuffled` of the engine): the one a resumed partial was saved
   * with, else the renderer's (`setSeed`); saved with each partial, so a resume keeps the order.
   */
  readonly seed: string | undefined;
}

/** One question's mark, as the feedback route answered it. */
export interface QuizMark {
  correct: boolean;
  feedback?: string;
}

export interface QuizState {
  /** The attempt the server keeps the marked answers in; the submission sends it. */
  readonly attempt?: string;
  readonly marks: Readonly<Record<string, QuizMark>>;
  /** Choice fields the server said are not questions of the quiz: nothing to check there. */
  readonly notQuestions: readonly string[];
}

export type Listener = (state: FormState) => void;

export interface FormRuntime {
  /** The current state; a new object after every change (fit for React's `useSyncExternalStore`). */
  getState(): FormState;
  subscribe(listener: Listener): () => void;
  /** Remote mode: fetches the published form (again, after a failure). Local mode: resolves at once. */
  load(signal?: AbortSignal): Promise<FormState>;
  /**
   * Sets (or with `undefined`, clears) a field's answer, or a repeating section's list of entries
   * (by the section's id); false when the field is locked or unknown.
   */
  setAnswer(fieldId: string, value: unknown): boolean;
  /**
   * Uploads a file for a file field and sets the answer to the stored file; `onProgress` hears the
   * share sent so far (0 to 1) where the platform reports it (browsers).
   */
  upload(fieldId: string, file: Blob, name?: string, onProgress?: (sent: number) => void): Promise<boolean>;
  /** Checks the current page alone and moves to the next; false (errors set) when it does not pass. */
  next(): boolean;
  back(): boolean;
  /** Validates every page and submits; on a paged form before the last page, it is `next()`. */
  submit(options?: { headers?: Record<string, string>; captchaToken?: string }): Promise<boolean>;
  /**
   * A text with `{{id}}` recall filled from the current answers (or those given: an entry's, see
   * `entryText` of `@formloom/runtime/repeat`) and variables, as plain text.
   */
  text(template: string, answers?: Readonly<Record<string, unknown>>): string;
  /** The visible answers (what a submission would send now). */
  visibleAnswers(): Record<string, unknown>;
  /** The renderer's shuffle seed, saved with the partials from now on (`state.seed`). */
  setSeed(seed: string): void;
  /**
   * Remote mode: what the runtime's parts loaded on demand (`@formloom/runtime/quiz`, the saved
   * partials) need of it. Not for renderers: they call those parts' functions.
   * @internal
   */
  readonly host?: PartialHost;
  /** Resolves when every partial save queued (after each Next of a paged remote form) has ended. */
  idle(): Promise<void>;
}

function toParams(input: PrefillInput | undefined): URLSearchParams {
  if (input === undefined) return new URLSearchParams();
  if (typeof input === 'string' || input instanceof URLSearchParams) return new URLSearchParams(input);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    for (const item of typeof value === 'string' ? [value] : value) params.append(name, item);
  }
  return params;
}

/**
 * The engine's code a browser bundle loads on demand (Node has it all): the question types' when
 * the form uses them (and the phone numbering when it has a phone field), the variables' when it
 * has any, the translation of the schema when it is shown in another language than its own, and
 * the path's when it has jumps or endings chosen by conditions.
 * `undefined`: nothing to wait for.
 */
function engineCodeFor(schema: FormSchema, language?: Language): Promise<unknown> | undefined {
  const waits: Promise<void>[] = [];
  const phone = phoneNumbering() === undefined && schema.fields.some((f) => f.type === 'phone');
  if (phone || (questionHooks() === undefined && schema.fields.some(usesQuestionTypes))) {
    waits.push(loadQuestionTypes({ phone }));
  }
  if (variablesCode() === undefined && (schema.variables?.length ?? 0) > 0) waits.push(loadVariables());
  if (repeatCode() === undefined && schema.sections.some((s) => s.repeat)) waits.push(loadRepeat());
  if (pathCode() === undefined && needsPathCode(schema)) waits.push(loadPath());
  if (translator() === undefined && language !== undefined && language !== schema.meta.language) {
    waits.push(loadTranslator());
  }
  return waits.length === 0 ? undefined : Promise.all(waits);
}

/** The schema as shown in `language`: translated, or in its own language without the other tables. */
function shownIn(schema: FormSchema, language: Language): FormSchema {
  if (language !== schema.meta.language) return translator()!(schema, language);
  const { translations: _, ...own } = schema;
  return own;
}

/**
 * The keys of a form's answers: its fields' ids, but for a repeating section's fields its id
 * (their answers are its entries).
 */
function answerKeys(schema: FormSchema): string[] {
  const repeating = new Set(schema.sections.filter((s) => s.repeat).map((s) => s.id));
  return [...repeating, ...schema.fields.filter((f) => !repeating.has(f.sectionId)).map((f) => f.id)];
}

/** The partials' code: a chunk of its own in a browser bundle (most forms are not paged). */
const partials = () => import('./partials.js');
/** A password-protected form's code: a chunk of its own too (most forms have no password). */
const access = () => import('./access.js');
/** Who answers and edits (personal links, proven addresses, edits): a chunk of its own as well. */
const respondent = () => import('./respondent.js');
/** A payment form's code: a chunk of its own (the submission starts a payment instead). */
const payment = () => import('./payment.js');

function groupIssues(issues: readonly Pick<ValidationIssue, 'fieldId' | 'message'>[]) {
  const byField = new Map<string, string[]>();
  for (const issue of issues)
    byField.set(issue.fieldId, [...(byField.get(issue.fieldId) ?? []), issue.message]);
  return byField;
}

/**
 * The headless form runtime: one form being filled in, as state and actions, with no DOM. It runs
 * the contract's engine, so visibility, pages, validation, variables and recall are exactly the
 * server's. Renderers (the custom element, the React package, the public page) draw `getState()`
 * and call the actions; in remote mode it loads and submits through the form's public routes.
 *
 * ```ts
 * const form = createFormRuntime({ code: 'abcd1234EFGH5678', api: 'https://forms.example.com' });
 * await form.load();
 * form.setAnswer('email', 'ada@example.com');
 * if (await form.submit()) console.log(form.getState().responseId);
 * ```
 */
export function createFormRuntime(options: RuntimeOptions): FormRuntime {
  const local = options.schema !== undefined;
  if (!local && (options.code === undefined || options.api === undefined)) {
    throw new TypeError('createFormRuntime needs a `schema`, or a `code` and the `api` origin');
  }
  const transport: Transport | undefined = local
    ? undefined
    : createTransport({ code: options.code, api: options.api } as FormAddress, options);
  const listeners = new Set<Listener>();
  let engine: CompiledForm | undefined;
  let answers: Record<string, unknown> = {};
  /** Fields whose errors are on show: they are re-checked as the respondent edits. */
  let shown = new Map<string, string[]>();
  /** The last submission's body and its Idempotency-Key: resending the same answers reuses it. */
  let attempt: { body: string; key: string } | undefined;
  /** Every page of the form in order (`pageOrder`): the pages on show are those not hidden. */
  let allPages: string[] = [];
  let paged = false;
  /** Counts `load()` calls: only the latest one's answer is taken. */
  let loads = 0;
  let state: FormState = {
    status: local ? 'ready' : 'loading',
    schema: undefined,
    title: '',
    description: null,
    language: undefined,
    acceptsResponses: true,
    captcha: undefined,
    theme: undefined,
    answers,
    hiddenFields: new Set(),
    hiddenSections: new Set(),
    hiddenInEntries: {},
    paged: false,
    pages: [],
    page: undefined,
    errors: {},
    variables: {},
    locked: new Set(),
    problem: undefined,
    retryAfter: undefined,
    responseId: undefined,
    completion: undefined,
    resumeToken: undefined,
    resumeExpired: false,
    seed: undefined,
  };
  /** Partial saves run one after the other; a failed one is tried again with the next. */
  let saves: Promise<void> = Promise.resolve();
  /** What the partials' and the access code (loaded on demand) need: remote mode only. */
  const host: PartialHost | undefined = transport && {
    transport,
    state: () => state,
    emit,
    keys: () => answerKeys(state.schema!),
    answer(next) {
      answers = next;
      return derive();
    },
    shown: (fieldId, messages) => {
      if (messages === undefined) shown.delete(fieldId);
      else shown.set(fieldId, messages);
      return derive();
    },
    set: (fieldId, value) => runtime.setAnswer(fieldId, value),
    options,
  };

  function emit(patch: Partial<FormState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  /** Visibility, pages and variables for the current answers; the page follows a vanished one back. */
  function derive(): Partial<FormState> {
    if (engine === undefined) return {};
    const { hiddenFields, hiddenSections, entries = {} } = engine.visibility(answers);
    const visible = visibleOf(hiddenFields);
    // The path (formPath): a form with jumps or endings chosen by conditions has its own, else it
    // is the pages not hidden, from the visibility just computed. Back and Next follow it.
    const pages = paged
      ? (engine.path?.(answers).pages ?? allPages.filter((id) => !hiddenSections.has(id)))
      : allPages;
    let page = state.page;
    if (page === undefined || !pages.includes(page)) {
      const before = state.pages;
      const order = before.slice(0, Math.max(before.indexOf(page ?? ''), 0) + 1).reverse();
      page = order.find((id) => pages.includes(id)) ?? pages[0];
    }
    for (const id of [...shown.keys()]) if (hiddenFields.has(id)) shown.delete(id);
    return {
      answers,
      hiddenFields,
      hiddenSections,
      hiddenInEntries: entries,
      pages,
      page,
      variables: engine.variables(visible),
      errors: Object.fromEntries(shown),
    };
  }

  function visibleOf(hiddenFields: ReadonlySet<string>): Record<string, unknown> {
    const visible: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(answers)) if (!hiddenFields.has(id)) visible[id] = value;
    return visible;
  }

  function start(
    schema: FormSchema,
    meta: { title: string; description: string | null; acceptsResponses: boolean },
  ) {
    engine = compileForm(schema);
    paged = schema.settings?.layout === 'paged';
    allPages = pageOrder(engine);
    const prefilled = prefillAnswers(schema, toParams(options.prefill));
    const locked = new Set<string>();
    for (const target of prefillTargets(schema)) {
      if (prefilled[target.fieldId] !== undefined && !target.editable) locked.add(target.fieldId);
    }
    answers = { ...prefilled };
    shown = new Map();
    emit({
      status: 'ready',
      schema,
      ...meta,
      language: schema.meta.language,
      paged,
      locked,
      problem: undefined,
      pages: [],
      page: undefined,
      ...derive(),
    });
  }

  if (local) {
    const base = options.schema!;
    const language = pickLanguage(base, { requested: options.lang }) as Language;
    const begin = () => {
      const schema = shownIn(base, language);
      start(schema, {
        title: schema.meta.title,
        description: schema.meta.description ?? null,
        acceptsResponses: true,
      });
    };
    // A browser loads the engine's code the form needs first (Node has it): the form is ready after.
    const code = engineCodeFor(base, language);
    if (code === undefined) begin();
    else {
      state = { ...state, status: 'loading' };
      void code.then(begin, () => emit({ status: 'unavailable', problem: 'network' }));
    }
  }

  /** Sets the errors on show to these issues (only of visible, shown fields); returns the first field. */
  function show(issues: readonly Pick<ValidationIssue, 'fieldId' | 'message'>[]): string | undefined {
    const fields = new Map(state.schema?.fields.map((f) => [f.id, f]));
    let first: string | undefined;
    for (const [fieldId, messages] of groupIssues(issues)) {
      // A hidden-type field is never shown: its value came from the URL, and the server drops it.
      // Neither is an unknown one; an entry's path (`g[1].guest`) is on its section's page.
      if (fields.get(fieldId)?.type === 'hidden' || pageOfField(engine!, fieldId) === undefined) continue;
      shown.set(fieldId, messages);
      first ??= fieldId;
    }
    return first;
  }

  /** After errors were set: the page of the first one is shown. */
  function showFirstPage(first: string | undefined): Partial<FormState> {
    if (first === undefined || engine === undefined || !state.paged) return {};
    const page = pageOfField(engine, first);
    return page !== undefined && state.pages.includes(page) ? { page } : {};
  }

  const runtime: FormRuntime = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async load(signal) {
      if (transport === undefined || state.status === 'ready' || state.status === 'done') return state;
      emit({ status: 'loading', problem: undefined });
      const mine = ++loads;
      const given = options.form;
      const result =
        given === undefined
          ? await transport.getForm(options.lang, signal)
          : ({ ok: true, status: 200, data: given } as const);
      // An aborted load (a React effect cleaned up) or one overtaken by a later load changes nothing.
      if (signal?.aborted || mine !== loads) return state;
      if (!result.ok) {
        const { problem, retryAfter } = result;
        if (problem === 'password') return (await access()).locked(runtime, result.form?.title);
        emit({ status: 'unavailable', problem, retryAfter, closedMessage: result.message });
        return state;
      }
      const form = result.data;
      // A browser bundle of the engine has English only: the form's language comes from its server.
      await loadLanguage(options.api!, form.schema.meta.language, {
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        ...(signal === undefined ? {} : { signal }),
      });
      // A browser bundle of the engine loads the question types' and the variables' code when the
      // form has them.
      const code = engineCodeFor(form.schema);
      if (code !== undefined) {
        try {
          await code;
        } catch {
          emit({ status: 'unavailable', problem: 'network' });
          return state;
        }
      }
      if (signal?.aborted || mine !== loads) return state;
      start(form.schema, {
        title: form.title,
        description: form.description,
        acceptsResponses: form.acceptsResponses,
      });
      emit({ captcha: form.captcha, theme: form.theme });
      if (!form.acceptsResponses) emit({ problem: 'closed' });
      else if (options.resume !== undefined && paged) await (await partials()).restore(host!, options.resume);
      // Before the respondent's part, which then wraps the payment's submission.
      if (form.schema.fields.some((f) => f.type === 'payment')) (await payment()).takeOver(host!);
      if (
        form.acceptsResponses &&
        (form.oneResponse || form.allowEdit || options.linkToken || options.editToken)
      )
        await (await respondent()).begin(runtime, form);
      return state;
    },

    setAnswer(fieldId, value) {
      if (engine === undefined || state.locked.has(fieldId) || state.status === 'done') return false;
      if (!answerKeys(state.schema!).includes(fieldId)) return false;
      answers = { ...answers };
      if (value === undefined) delete answers[fieldId];
      else answers[fieldId] = value;
      // Errors on show follow the edit; new ones wait for Next or Submit.
      if (shown.size > 0) {
        const current = groupIssues(engine.validate(answers).errors);
        for (const id of [...shown.keys()]) {
          const messages = current.get(id);
          if (messages === undefined) shown.delete(id);
          else shown.set(id, messages);
        }
      }
      emit(derive());
      return true;
    },

    async upload(...args) {
      if (host === undefined) throw new TypeError('upload needs a published form (`code` and `api`)');
      return (await import('./uploads.js')).upload(host, ...args);
    },

    next() {
      if (engine === undefined || !state.paged || state.page === undefined) return false;
      const page = state.page;
      for (const id of [...shown.keys()]) if (pageOfField(engine, id) === page) shown.delete(id);
      const checked = validatePage(engine, answers, page);
      if (!checked.ok && show(checked.errors) !== undefined) {
        emit({ ...derive(), problem: 'invalid' });
        return false;
      }
      const target = state.pages[state.pages.indexOf(page) + 1];
      if (target === undefined) return false;
      emit({ ...derive(), page: target, problem: undefined });
      if (host !== undefined) {
        const shot = state;
        saves = saves.then(async () => (await partials()).save(host, shot)).catch(() => undefined);
      }
      return true;
    },

    back() {
      if (!state.paged || state.page === undefined) return false;
      const target = state.pages[state.pages.indexOf(state.page) - 1];
      if (target === undefined) return false;
      emit({ page: target });
      return true;
    },

    async submit({ headers, captchaToken } = {}) {
      if (engine === undefined || state.status !== 'ready') return false;
      if (state.paged && state.pages.indexOf(state.page ?? '') < state.pages.length - 1)
        return runtime.next();
      const checked = engine.validate(answers);
      shown = new Map();
      if (!checked.ok) {
        const first = show(checked.errors);
        if (first !== undefined) {
          emit({ ...derive(), problem: 'invalid' });
          emit(showFirstPage(first));
          return false;
        }
      }
      const language = state.language!;
      // A failed check (only a hidden field's value, which the server drops) gives no variables: compute them.
      const variables = checked.ok ? (checked.variables ?? {}) : engine.variables(checked.value);
      emit({ status: 'submitting', problem: undefined, errors: {} });
      if (transport === undefined) {
        try {
          await options.onSubmit?.({ answers: checked.value, variables, language });
        } catch {
          emit({ status: 'ready', problem: 'local' });
          return false;
        }
        await finish(checked.value, variables);
        return true;
      }
      const visible = runtime.visibleAnswers();
      await saves;
      // JSON leaves out what is undefined: a form without a captcha sends no token.
      const captcha = { captchaToken, ...state.sends };
      let result =
        state.resumeToken === undefined
          ? undefined
          : await (await partials()).completeSaved(host!, visible, language, headers, captcha);
      if (result === undefined) {
        const sent = { answers: visible, language, ...captcha };
        const body = JSON.stringify(sent);
        if (attempt?.body !== body) attempt = { body, key: randomKey() };
        result = await transport.submit(sent, attempt.key, headers);
      }
      if (result.ok) {
        await finish(checked.value, result.data.variables ?? variables, result.data);
        return true;
      }
      const first = result.issues === undefined ? undefined : show(result.issues);
      const problem = result.code === 'CAPTCHA_FAILED' ? 'captcha' : result.problem;
      emit({ status: result.then ?? 'ready', problem, retryAfter: result.retryAfter, ...derive() });
      // Refused for want of a (valid) unlock token: ask for the password, the answers kept.
      if (problem === 'password') emit({ status: problem, problem: undefined });
      emit(showFirstPage(first));
      return false;
    },

    text(template, answers = runtime.visibleAnswers()) {
      if (state.schema === undefined) return template;
      return recallText(template, {
        schema: state.schema,
        answers,
        variables: state.variables,
      });
    },

    visibleAnswers: () => visibleOf(state.hiddenFields),

    setSeed(seed) {
      if (seed !== state.seed) emit({ seed });
    },

    host,

    idle: () => saves,
  };

  /**
   * Done: `answered` is what the server answered; without a server (or an older one), the ending is
   * decided here as the server would (formPath, then the ending's texts with recall: the path's
   * code, which a browser loads now if the form did not need it before).
   */
  async function finish(
    stored: Record<string, unknown>,
    variables: VariableValues,
    answered?: {
      responseId: string;
      endingId?: string | null;
      ending?: FormState['completion'];
      quiz?: SubmissionQuiz;
    },
  ) {
    // The server decided the ending (its conditions are not in the public form): shown as answered.
    // Either way only an https redirect is given (the server's and the path code's endingScreen).
    let { endingId = null, ending } = answered ?? {};
    if (ending === undefined) {
      // formPath's ending: only a form with a path of its own has one to decide.
      endingId = engine!.path?.(answers).endingId ?? null;
      await loadPath().catch(() => undefined);
      ending = pathCode()?.endingScreen(recallText, state.schema!, endingId, { answers: stored, variables });
    }
    emit({
      status: 'done',
      responseId: answered?.responseId,
      completion: { ...ending, endingId, quiz: answered?.quiz },
      variables,
    });
  }

  return runtime;
}
