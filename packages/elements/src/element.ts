import type { Field, FormSchema } from '@formloom/contract';
import { addLanguagePack, type FormTexts, formTextsFor, submitText } from '@formloom/contract/engine';
import { createFormRuntime, type FormRuntime, type FormState, type RuntimeProblem } from '@formloom/runtime';
import type { CaptchaWidget } from '@formloom/runtime/captcha';
import { createDom, type Dom, nameParts } from './dom.js';
import type { EntriesHost } from './entries.js';
import { loadFamily } from './families.js';
import { type Families, familyOf } from './markup/family.js';
import type { renderField, renderForm } from './markup/form.js';
import { HONEYPOT_HEADER, HONEYPOT_INPUT_ID, ids, SERVED_DATA_ID, type ServedForm } from './markup/ids.js';
import type { Recall } from './recalls.js';

/**
 * How the element draws a form of its own into its shadow root: the markup renderer and its
 * stylesheet. `@formloom/elements` sets it; `@formloom/elements/served` (the server's page, which
 * only takes over markup the server rendered) leaves it out and is the smaller for it.
 */
export interface ShadowRenderer {
  render: typeof renderForm;
  /** One field (the entries of a repeating section are drawn field by field). */
  field: typeof renderField;
  style: string;
}

/** In Node (server rendering, tests) there is no HTMLElement: the class is defined, never used. */
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/** Where this script was loaded from: the default `api` (the server that serves the script). */
const scriptUrl: string | undefined =
  (typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src) ||
  import.meta.url;

/**
 * A problem's title and text: a failed load shows both; a refused submission's alert the text,
 * led by the title where the text alone does not say what happened (closed, origin refused).
 */
function problemTexts(
  texts: FormTexts,
  problem: RuntimeProblem,
): [title: string, body: string, alert: string] {
  const pairs: Partial<Record<RuntimeProblem, [string, string]>> = {
    not_found: [texts.notFoundTitle, texts.notFoundBody],
    closed: [texts.closedTitle, texts.closedBody],
    rate_limited: [texts.tooManyTitle, texts.tooMany],
    origin_not_allowed: [texts.originRefusedTitle, texts.originRefusedBody],
    network: [texts.errorTitle, texts.networkError],
    invalid: [texts.errorTitle, texts.fixErrors],
    too_large: [texts.errorTitle, texts.tooLarge],
    captcha: [texts.errorTitle, texts.captchaFailed],
  };
  const [title, body] = pairs[problem] ?? [texts.errorTitle, texts.genericError];
  return [title, body, problem === 'closed' || problem === 'origin_not_allowed' ? `${title}. ${body}` : body];
}

/**
 * `<formloom-form>`: a Formloom form in any page. Attributes `code`, `api` (the server's origin;
 * default the origin of this script), `lang`, `prefill` (a JSON object, parameter -> value) and
 * `resume` (a token); or a `schema` property for a form of your own (local mode: nothing is sent,
 * `formloom:submit` carries the answers). It renders the same markup as the server's public page
 * (`@formloom/elements/markup`) into an open shadow root, or takes over the one the server
 * rendered, and draws the headless runtime's state on it: the runtime decides visibility, pages,
 * errors, recall and what is sent.
 *
 * Events (bubbling, composed): `formloom:ready`, `formloom:change` (`{fieldId, value}`),
 * `formloom:page` (`{page, index, count}`), `formloom:submit` (`{responseId, answers}`),
 * `formloom:error` (`{problem}`).
 *
 * A changed `code`, `lang`, `prefill` or `resume` starts over: the form loads anew with the new
 * value. Removed from the page, the element stops (a load on its way is aborted, the captcha
 * widget removed); put back, it starts again. Its listeners sit on its root once, not on each
 * rendered form, so re-rendering adds none.
 */
export class FormloomFormElement extends Base {
  /** Set by the package's main entry; without it the element only takes over served markup. */
  static renderer: ShadowRenderer | undefined;
  static observedAttributes = [
    'code',
    'lang',
    'prefill',
    'resume',
    'access-token',
    'link-token',
    'edit-token',
  ];
  #schema: FormSchema | undefined;
  /** Where the markup lives: the shadow root, or the element itself when it took the server's over. */
  #root: ShadowRoot | HTMLElement | undefined;
  #runtime: FormRuntime | undefined;
  #dom: Dom | undefined;
  #texts: FormTexts | undefined;
  #fields = new Map<string, Field>();
  /** The family modules of the form's question types beyond the original ten, loaded on demand. */
  #families: Families = {};
  /** The respondent's shuffle seed: kept for the tab and saved with a partial (a reload or a resume keeps the order). */
  #seed = '';
  /** Upload refusals and uploads under way, by field (`UploadHost`). */
  #uploadErrors = new Map<string, string>();
  #uploads = new Map<string, Promise<unknown>>();
  /** The upload code, loaded with a form that has a file or signature field. */
  #uploader: typeof import('./upload.js') | undefined;
  /** A paged form's progress and buttons, drawn by a chunk loaded with such a form. */
  #paging: typeof import('./paging.js').drawPaging | undefined;
  /** The entries of repeating sections, loaded with a form that has one (and for a quiz, whose chunk it loads). */
  #entries: typeof import('./entries.js') | undefined;
  #recalls: Recall[] = [];
  /** Finds the texts that recall answers: a chunk loaded with a form that has any. */
  #recaller: typeof import('./recalls.js').collectRecalls | undefined;
  #last: FormState | undefined;
  #busy = false;
  /** A captcha form's widget (`@formloom/runtime/captcha`), above the buttons. */
  #captcha: CaptchaWidget | undefined;
  /** The widget's code, loaded when the form has a captcha (most have none: not in the start). */
  #captchaReady: Promise<unknown> | undefined;
  /** Aborts the form's load and its runtime's subscription when the element stops. */
  #stop: (() => void) | undefined;
  /** The root the element listens on (once: every form rendered into it is heard there). */
  #heard: Node | undefined;

  /** A form of your own (local mode), instead of `code`: set it before or after the element connects. */
  get schema(): FormSchema | undefined {
    return this.#schema;
  }
  set schema(value: FormSchema | undefined) {
    this.#schema = value;
    if (this.isConnected && this.#runtime === undefined) this.connectedCallback();
  }

  attributeChangedCallback(_name: string, before: string | null, value: string | null): void {
    if (before !== value && this.#runtime !== undefined) {
      this.disconnectedCallback();
      this.connectedCallback();
    }
  }

  disconnectedCallback(): void {
    this.#stop?.();
    this.#captcha?.destroy();
    this.#runtime = this.#captcha = this.#captchaReady = this.#last = this.#dom = undefined;
    this.#fields.clear();
    this.#uploads.clear();
    this.#uploadErrors.clear();
    this.#recalls = [];
    // A form of the element's own is drawn anew; the server's markup stays to be taken over again.
    if (this.#root !== this && this.#root !== undefined) this.#root.innerHTML = '';
  }

  connectedCallback(): void {
    // A property set before the element was defined shadows the accessor: take it over.
    if (Object.hasOwn(this, 'schema')) {
      const value = (this as { schema?: FormSchema }).schema;
      delete (this as { schema?: FormSchema }).schema;
      this.#schema = value;
    }
    if (this.#runtime !== undefined) return;
    const code = this.getAttribute('code') ?? undefined;
    if (this.#schema === undefined && code === undefined) return;
    // The server's page rendered the form inside the element with its data: take that markup
    // over where it is (its page styles it, and it works before, or without, this script).
    const served = this.#served();
    let root: ShadowRoot | HTMLElement = this;
    const renderer = FormloomFormElement.renderer;
    if (served === undefined) {
      if (renderer === undefined) return;
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(renderer.style);
      shadow.adoptedStyleSheets = [sheet];
      root = shadow;
    } else {
      addLanguagePack(served.schema.meta.language, served.pack);
    }
    this.#root = root;
    if (this.#heard !== root) this.#listen(root);
    this.#heard = root;
    let prefill: Record<string, string> | undefined;
    try {
      prefill = JSON.parse(this.getAttribute('prefill') ?? 'null') ?? undefined;
    } catch {
      // Not JSON: no prefill, `prefill` stays undefined.
    }
    // The resume token, a personal link's (`t`) and an edit's: the attribute, else the page's address.
    const query = new URL(location.href).searchParams;
    const fromPage = (attribute: string, param: string) =>
      this.getAttribute(attribute) ?? query.get(param) ?? undefined;
    const resume = fromPage('resume', 'resume');
    const lang = this.getAttribute('lang') ?? undefined;
    const api = this.getAttribute('api');
    const runtime = createFormRuntime({
      ...(this.#schema === undefined
        ? {
            code,
            // A relative `api` (the server's own page: `..`) is read against the page's address.
            api: api === null ? new URL(scriptUrl ?? location.href).origin : new URL(api, location.href).href,
            ...(served === undefined ? {} : { form: served }),
          }
        : { schema: this.#schema }),
      ...(lang === undefined ? {} : { lang }),
      ...(prefill === undefined ? {} : { prefill }),
      ...(resume === undefined ? {} : { resume }),
      accessToken: this.getAttribute('access-token') ?? undefined,
      linkToken: fromPage('link-token', 't'),
      editToken: fromPage('edit-token', 'edit'),
    });
    this.#runtime = runtime;
    const loading = new AbortController();
    const off = runtime.subscribe((next) => this.#dom && this.#draw(next));
    this.#stop = () => {
      loading.abort();
      off();
    };
    const mount = () => this.#prepare(code).then(() => loading.signal.aborted || this.#mount(root));
    if (this.#schema !== undefined) void mount();
    else void runtime.load(loading.signal).then(() => loading.signal.aborted || mount());
  }

  /**
   * Before drawing: the family modules the form's fields need (each its own chunk, loaded once),
   * the code of entries, uploads and (a form that shuffles) the respondent's shuffle seed, and the
   * form's theme applied.
   */
  async #prepare(code: string | undefined): Promise<void> {
    const state = this.#runtime!.getState();
    const schema = state.schema;
    if (schema === undefined) return;
    const needed = new Set(schema.fields.map(familyOf).filter((f) => f !== undefined));
    await Promise.all([
      ...[...needed].map(async (family) => {
        this.#families[family] ??= await loadFamily(family);
      }),
      (schema.sections.some((s) => s.repeat) || schema.settings?.quiz) &&
        import('./entries.js').then((m) => {
          this.#entries = m;
        }),
      JSON.stringify([schema, state.description]).includes('{{') &&
        import('./recalls.js').then((m) => {
          this.#recaller = m.collectRecalls;
        }),
      state.paged &&
        import('./paging.js').then((m) => {
          this.#paging = m.drawPaging;
        }),
      schema.fields.some((f) => f.type === 'file' || f.type === 'signature') &&
        import('./upload.js').then((m) => {
          this.#uploader = m;
        }),
      state.theme &&
        import('./theme.js').then((m) => {
          m.applyTheme(this, this.#root!, state.theme!);
        }),
      schema.fields.some((f) => f.shuffle) &&
        import('./seed.js').then((m) => {
          this.#seed = m.seedFor(this, code, schema, this.#runtime!);
        }),
    ]).catch(() => undefined);
  }

  /** The form's events, heard on its root: the form inside may be drawn anew, the listeners stay. */
  #listen(root: ShadowRoot | HTMLElement) {
    const on = (type: string, listener: (event: Event, id: string) => void) =>
      root.addEventListener(type, (event) => {
        if (this.#dom) listener(event, (event.target as HTMLElement).id);
      });
    for (const type of ['input', 'change', 'dragstart', 'dragover', 'drop'])
      on(type, (event) => this.#onEdit(event));
    on('submit', (event) => void this.#onSubmit(event));
    on('click', (event, id) => {
      if ((event.target as HTMLElement).closest?.('.fl-move')) this.#onEdit(event);
      if (id === ids.back && this.#runtime!.back()) this.#focusPage();
    });
  }

  /** The server's data block inside the element, when its markup is the server's to take over. */
  #served(): ServedForm | undefined {
    const block = this.querySelector(`script[id="${SERVED_DATA_ID}"]`);
    if (block === null || this.querySelector(`form[id="${ids.form}"]`) === null) return undefined;
    try {
      return JSON.parse(block.textContent ?? '') as ServedForm;
    } catch {
      return undefined;
    }
  }

  #emit(name: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(`formloom:${name}`, { detail, bubbles: true, composed: true }));
  }

  #mount(root: ShadowRoot | HTMLElement) {
    const runtime = this.#runtime!;
    const state = runtime.getState();
    const texts = formTextsFor(state.language ?? this.getAttribute('lang') ?? 'en');
    this.#texts = texts;
    // No form to fill in (not found, closed, not open yet, password-protected): said by a chunk
    // of its own, which draws the form once it is unlocked.
    if (state.status !== 'ready' || !state.acceptsResponses) {
      this.#lock(() => this.#prepare(this.getAttribute('code') ?? undefined).then(() => this.#mount(root)));
      return;
    }
    const schema = state.schema!;
    const description = state.description ?? schema.meta.description ?? null;
    const dom = createDom(root, this.#families);
    this.#dom = dom;
    const families = Object.values(this.#families);
    if (root instanceof ShadowRoot && families.length > 0) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(families.map((f) => f.style).join('\n'));
      root.adoptedStyleSheets = [...root.adoptedStyleSheets.slice(0, 1), sheet];
    }
    // The server's page rendered the markup already: take it over.
    if (dom.byId(ids.form) === null) {
      root.innerHTML = FormloomFormElement.renderer!.render(
        { title: state.title, description, schema },
        texts,
        { captcha: state.captcha !== undefined, families: this.#families, seed: this.#seed },
      ).value;
    }
    nameParts(root);
    for (const field of schema.fields) {
      this.#fields.set(field.id, field);
      const drawn = dom.drawn(field);
      drawn?.[0].mount?.(field, drawn[1], {
        upload: (file, name, extra) => this.#uploader?.upload(this.#host(), field, file, name, extra),
      });
    }
    for (const el of [dom.byId(ids.form), dom.byId(ids.done)]) el?.setAttribute('lang', schema.meta.language);
    for (const [id, value] of Object.entries(state.answers)) {
      const field = this.#fields.get(id);
      if (field === undefined || field.type === 'hidden') continue;
      if (field.type === 'file')
        this.#uploader?.showUpload(this.#host(), field, (value as { name: string }).name);
      else dom.write(field, value);
      if (state.locked.has(id)) dom.lock(field);
    }
    this.#recalls = this.#recaller?.(schema, description, dom, ids) ?? [];
    dom.byId(ids.status)!.tabIndex = -1;
    this.#draw(runtime.getState());
    this.#entries?.mount(this.#host());
    if (state.resumeExpired) {
      this.#setAlert(texts.resumeExpired);
      void import('./resume.js').then((m) => m.setUrlToken(undefined));
    }
    const captchaBox = dom.byId(ids.captcha);
    const captcha = state.captcha;
    if (captcha !== undefined && captchaBox !== null)
      this.#captchaReady = import('@formloom/runtime/captcha').then(({ mountCaptcha }) => {
        if (this.#runtime === runtime) this.#captcha = mountCaptcha(captchaBox, captcha);
      });
    for (const id of [ids.submit, ids.next]) dom.byId<HTMLButtonElement>(id)?.removeAttribute('disabled');
    this.#emit('ready', { title: state.title, language: state.language });
  }

  /** Draws the runtime's state: visibility, the page, errors, recall, the resume link, the end. */
  #draw(state: FormState) {
    const dom = this.#dom!;
    const texts = this.#texts!;
    const before = this.#last;
    this.#last = state;
    for (const field of this.#fields.values()) {
      const wrapper = dom.byId(ids.wrapper(field.id));
      if (wrapper !== null) wrapper.hidden = state.hiddenFields.has(field.id);
      const messages = state.errors[field.id];
      const refusal = this.#uploadErrors.get(field.id);
      dom.setError(field, refusal ?? (messages?.length ? messages.join(' ') : null));
    }
    for (const section of state.schema!.sections) {
      const el = dom.byId(ids.section(section.id));
      if (el !== null)
        el.hidden = state.hiddenSections.has(section.id) || (state.paged && section.id !== state.page);
    }
    this.#paging?.(dom, texts, state, ids);
    for (const target of this.#recalls) {
      const text = this.#runtime!.text(target.template);
      if (text === target.last) continue;
      target.last = text;
      target.apply(text);
    }
    if (
      state.problem === 'invalid' &&
      Object.keys(state.errors).length === 0 &&
      this.#uploadErrors.size === 0
    )
      this.#setAlert(null);
    const submit = dom.byId<HTMLButtonElement>(ids.submit)!;
    submit.disabled = state.status === 'submitting';
    submit.textContent = state.status === 'submitting' ? texts.sending : submitText(state.schema!, texts);
    // Save and resume: its link (its own chunk, loaded once a token is saved).
    if (state.resumeToken !== before?.resumeToken)
      void import('./resume.js').then(
        (m) => this.#dom && m.drawResume(this.#host(), state.resumeToken, this.#root === this),
      );
    if (before !== undefined && state.page !== before.page)
      this.#emit('page', {
        page: state.page,
        index: state.pages.indexOf(state.page ?? ''),
        count: state.pages.length,
      });
    if (state.status === 'done' && before?.status !== 'done') this.#finish(state);
    // A submission refused for want of a (valid) unlock token or a proven address: the prompt
    // above the form; refused for good (a link or an address answered): said instead of the form;
    // a response's edit: its note, and its link on the thank-you. Each by a chunk of its own.
    if (/password|verify|unavailable/.test(state.status) || state.editToken) this.#lock();
  }

  #lock(opened?: () => unknown) {
    void import('./locked.js').then((m) =>
      m.showLocked(this, this.#root!, this.#runtime!, opened, (problem) =>
        problemTexts(this.#texts!, problem),
      ),
    );
  }

  #finish(state: FormState) {
    const dom = this.#dom!;
    this.#emit('submit', {
      responseId: state.responseId,
      answers: this.#runtime!.visibleAnswers(),
      editToken: state.editToken,
      editUntil: state.editUntil,
    });
    if (state.completion?.redirectUrl !== undefined) {
      location.assign(state.completion.redirectUrl);
      return;
    }
    const { title, message } = state.completion ?? {};
    const done = dom.byId(ids.done)!;
    // The ending's title replaces the thanks heading above its message (the card's first child).
    if (title !== undefined) done.firstElementChild!.textContent = title;
    if (message !== undefined) dom.byId(ids.doneMessage)!.textContent = message;
    dom.byId(ids.form)!.hidden = true;
    done.hidden = false;
    done.focus();
  }

  #setAlert(message: string | null) {
    const status = this.#dom!.byId(ids.status)!;
    status.textContent = message ?? '';
    status.hidden = message === null;
  }

  #onEdit(event: Event) {
    const target = event.target as HTMLInputElement | null;
    // A question type's parts (a matrix row, a ranked item) are named after their field's id.
    const field =
      this.#fields.get(target?.name ?? '') ??
      this.#fields.get(target?.closest?.<HTMLElement>('[data-field-id]')?.dataset.fieldId ?? '');
    if (field === undefined || target === null) return;
    const drawn = this.#dom!.drawn(field);
    drawn?.[0].edit?.(field, drawn[1], event);
    if (field.type === 'file') {
      if (event.type === 'change')
        void this.#uploader?.upload(this.#host(), field, target.files?.[0], target.files?.[0]?.name);
      return;
    }
    const value = this.#dom!.read(field);
    // A field of an entry (./entries.ts) stores its edit in the entry.
    if (
      this.#runtime!.setAnswer(field.id, value) ||
      (field as { set?: (v: unknown) => boolean }).set?.(value)
    )
      this.#emit('change', { fieldId: field.id, value });
  }

  /** What the upload and entries code (chunks of their own) need of the element. */
  #host(): EntriesHost {
    return {
      fields: this.#fields,
      parts: nameParts,
      render: FormloomFormElement.renderer,
      families: this.#families,
      seed: this.#seed,
      runtime: this.#runtime!,
      dom: this.#dom!,
      texts: this.#texts!,
      pending: this.#uploads,
      refused: this.#uploadErrors,
      draw: () => this.#draw(this.#runtime!.getState()),
      emit: (name, detail) => this.#emit(name, detail),
    };
  }

  async #onSubmit(event: Event) {
    event.preventDefault();
    const runtime = this.#runtime!;
    if (this.#busy) return;
    const state = runtime.getState();
    this.#setAlert(null);
    if (state.paged && state.pages.indexOf(state.page ?? '') < state.pages.length - 1) {
      if (runtime.next()) this.#focusPage();
      else this.#refused();
      return;
    }
    this.#busy = true;
    try {
      while (this.#uploads.size > 0) await Promise.allSettled([...this.#uploads.values()]);
      if (this.#uploadErrors.size > 0) {
        this.#refused();
        return;
      }
      const trap = this.#dom!.byId<HTMLInputElement>(HONEYPOT_INPUT_ID)?.value ?? '';
      // A refused or unloaded widget sends no token: the server answers CAPTCHA_FAILED, said below.
      await this.#captchaReady?.catch(() => undefined);
      const captchaToken = await this.#captcha?.token().catch(() => undefined);
      const ok = await runtime.submit({
        ...(trap === '' ? {} : { headers: { [HONEYPOT_HEADER]: trap } }),
        // Without a widget the token is undefined, which the body's JSON leaves out.
        captchaToken,
      });
      if (!ok && runtime === this.#runtime) {
        if (runtime.getState().problem === 'captcha') this.#captcha?.reset();
        this.#refused();
      }
    } finally {
      this.#busy = false;
    }
  }

  /** After a refused Next or Submit: the alert, and focus on the first field in error (or the alert). */
  #refused() {
    const state = this.#runtime!.getState();
    const texts = this.#texts!;
    const problem = state.problem ?? (this.#uploadErrors.size > 0 ? 'invalid' : undefined);
    if (problem === undefined) return;
    this.#setAlert(problemTexts(texts, problem)[2]);
    if (problem !== 'invalid') this.#emit('error', { problem });
    // The first in the order shown (the schema's order may differ from the display order).
    const first = [...this.#root!.querySelectorAll<HTMLElement>('[data-field-id]')]
      .map((el) => this.#fields.get(el.dataset.fieldId ?? '')!)
      .find((f) => (state.errors[f.id]?.length ?? 0) > 0 || this.#uploadErrors.has(f.id));
    if (first !== undefined && problem === 'invalid') this.#dom!.focus(first);
    else this.#dom!.byId(ids.status)!.focus();
  }

  #focusPage() {
    const page = this.#runtime!.getState().page;
    const section = page === undefined ? null : this.#dom!.byId(ids.section(page));
    if (section !== null) this.#dom!.firstControlIn(section)?.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'formloom-form': FormloomFormElement;
  }
}

export const TAG_NAME = 'formloom-form';

/** Defines `<formloom-form>` once, wherever `customElements` exists (in Node it does nothing). */
export function defineFormElement(): void {
  if (typeof customElements !== 'undefined' && customElements.get(TAG_NAME) === undefined) {
    customElements.define(TAG_NAME, FormloomFormElement);
  }
}
