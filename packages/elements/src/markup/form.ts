import type { Field, FormSchema, Section } from '@formloom/contract';
import {
  byDisplayOrder,
  evaluateVisibility,
  type FormTexts,
  formPages,
  isFieldRequired,
  recallText,
  submitText,
  type Visibility,
} from '@formloom/contract/engine';
import { type Families, familyOf, SEED_FIELD } from './family.js';
import { html, type SafeHtml } from './html.js';
import { HONEYPOT_INPUT_ID, HONEYPOT_INPUT_NAME, ids } from './ids.js';

type PageTexts = FormTexts;

/** What the form markup shows of a form: its title and description as published, and its schema. */
export interface FormView {
  title: string;
  description: string | null;
  /** In the respondent's language. */
  schema: FormSchema;
}

export interface FormMarkupOptions {
  /** A note shown when scripts do not run (the server's page; the element has scripts by definition). */
  noscript?: boolean;
  /** A captcha form: room for the widget above the buttons, and the no-script note says why. */
  captcha?: boolean;
  /**
   * The server's page: the form also works as a plain HTML form POST (without JavaScript: docs/embedding.md
   * "The page without JavaScript"), built by `plainPostMarkup` (./plain-post.ts). Absent for the element,
   * whose markup and bundle stay as they are.
   */
  plain?: PlainMarkup;
  /**
   * The family modules that draw the question types beyond the original ten (./family.ts): all of
   * them on the server; the element loads those its form uses. A field whose family is missing
   * shows its label alone.
   */
  families?: Families;
  /** The respondent's shuffle seed; a form with `shuffle` carries it in a hidden input. */
  seed?: string;
}

/** What a field's markup shows of its answer and error (a plain post's state; else nothing). */
export interface Shown {
  values: string[];
  /** The answer itself (a question type's family renders it). */
  answer?: unknown;
  error?: string | undefined;
  /** After the control (a file field's stored upload). */
  extra?: SafeHtml | undefined;
}

/** A plain post's parts of the markup; renderForm places them. */
export interface PlainMarkup {
  /** The answers visibility and pages follow. */
  answers: Record<string, unknown>;
  /** What they hide, when the server worked it out (a form with repeating sections: its compiled form). */
  visibility?: Visibility | undefined;
  /** Rendered after a post (no script): the current page alone, its own buttons. */
  posted: boolean;
  /** The page on show after a post (a section id of a paged form). */
  page?: string | undefined;
  /** Right after `<form>` (hidden inputs), and after the header (the error summary). */
  start: SafeHtml;
  summary: SafeHtml | '';
  status?: string | undefined;
  shown(field: Field): Shown;
  /** The buttons (and an Update before them): as they are after a post, else in `<noscript>`. */
  controls(paged: boolean, at: number, pages: number): SafeHtml;
  /** A repeating section's entries (./repeat.ts) with these fields; the element draws them itself. */
  entries(section: Section, fields: Field[], options: FormMarkupOptions): SafeHtml;
}

/** The input people never see or reach (see honeypot.ts); bots that fill in everything fill it. */
export function honeypot(label: string): SafeHtml {
  return html`<div class="fl-hp" aria-hidden="true">
<label for="${HONEYPOT_INPUT_ID}">${label}</label>
<input type="text" id="${HONEYPOT_INPUT_ID}" name="${HONEYPOT_INPUT_NAME}" tabindex="-1" autocomplete="off">
</div>`;
}

function requiredMark(required: boolean): SafeHtml | '' {
  return required ? html`<span class="fl-req" aria-hidden="true"> *</span>` : '';
}

/**
 * A text as it reads before anything is answered: `{{id}}` recalls are empty until the script
 * fills them in (as text) from the answers.
 */
export function unanswered(schema: FormSchema, text: string): string {
  return recallText(text, { schema, answers: {} });
}

/** A label's text; wrapped so the script can fill its recalls without touching the required mark. */
function labelText(schema: FormSchema, field: Field): SafeHtml | string {
  return field.label.includes('{{')
    ? html`<span id="${ids.labelText(field.id)}">${unanswered(schema, field.label)}</span>`
    : field.label;
}

function help(schema: FormSchema, field: Field): SafeHtml | '' {
  return field.helpText
    ? html`<p class="fl-help" id="${ids.help(field.id)}">${unanswered(schema, field.helpText)}</p>`
    : '';
}

function errorSlot(field: Field, error?: string): SafeHtml {
  return error === undefined
    ? html`<p class="fl-error" id="${ids.error(field.id)}" hidden></p>`
    : html`<p class="fl-error" id="${ids.error(field.id)}">${error}</p>`;
}

/** `aria-describedby` of a control: its help text, and its error when there is one. */
function describedBy(field: Field, error?: string): SafeHtml | '' {
  const described = [
    ...(field.helpText ? [ids.help(field.id)] : []),
    ...(error === undefined ? [] : [ids.error(field.id)]),
  ];
  return described.length > 0 ? html` aria-describedby="${described.join(' ')}"` : '';
}

const NOTHING_SHOWN: Shown = { values: [] };

/** The control's invalid state: `aria-invalid` and the error after the help in `aria-describedby`. */
function invalid(error: string | undefined): SafeHtml | '' {
  return error === undefined ? '' : html` aria-invalid="true"`;
}

function control(
  schema: FormSchema,
  field: Field,
  required: boolean,
  texts: PageTexts,
  shown: Shown,
): SafeHtml {
  const placeholder = (f: Field): SafeHtml | '' =>
    f.placeholder ? html` placeholder="${unanswered(schema, f.placeholder)}"` : '';
  const id = ids.control(field.id);
  const value = shown.values[0];
  const valued = value === undefined ? '' : html` value="${value}"`;
  const common = html`id="${id}" name="${field.id}"${describedBy(field, shown.error)}${required ? html` aria-required="true"` : ''}${invalid(shown.error)}`;
  switch (field.type) {
    case 'textarea':
      return html`<textarea ${common} rows="4"${placeholder(field)}>${value ?? ''}</textarea>`;
    case 'number':
      // Text, not type=number: the engine judges what was typed, with the server's messages.
      return html`<input type="text" inputmode="decimal" ${common}${placeholder(field)}${valued}>`;
    case 'email':
      return html`<input type="email" spellcheck="false" ${common}${placeholder(field)}${valued}>`;
    case 'date':
      return html`<input type="date" ${common}${valued}>`;
    case 'select':
      return html`<select ${common}>
<option value="">${field.placeholder === undefined ? texts.choose : unanswered(schema, field.placeholder)}</option>
${(field.options ?? []).map((o) => html`<option value="${o.value}"${o.value === value ? html` selected` : ''}>${o.label}</option>\n`)}</select>`;
    case 'file': {
      const accept = (field.fileConfig?.allowedTypes ?? []).filter((t) => t !== '*' && t !== '*/*');
      return html`<input type="file" ${common}${accept.length > 0 ? html` accept="${accept.join(',')}"` : ''}>
<div class="fl-upload" id="${ids.upload(field.id)}" hidden>
<progress id="${ids.progress(field.id)}" max="100" value="0" aria-label="${texts.uploadProgress}"></progress>
<span class="fl-upload-status" id="${ids.uploadStatus(field.id)}" aria-live="polite"></span>
</div>${shown.extra ?? ''}`;
    }
    default:
      return html`<input type="text" ${common}${placeholder(field)}${valued}>`;
  }
}

/** A field of a question type beyond the original ten, drawn by its family module (whole: its chunk holds the markup). */
function familyField(
  schema: FormSchema,
  field: Field,
  wrapper: SafeHtml,
  required: boolean,
  texts: PageTexts,
  shown: Shown,
  options: FormMarkupOptions,
): SafeHtml {
  const { error } = shown;
  return (
    options.families?.[familyOf(field)!]?.field({
      field,
      required,
      error,
      answer: shown.answer,
      seed: options.seed ?? '',
      language: schema.meta.language,
      aria: html`${describedBy(field, error)}${invalid(error)}`,
      wrapper,
      label: html`${labelText(schema, field)}${requiredMark(required)}`,
      help: help(schema, field),
      errorSlot: errorSlot(field, error),
      requiredText: texts.required,
    }) ?? html`<div class="fl-field" ${wrapper}></div>`
  );
}

/** A field's markup: its wrapper, label, help, controls and error slot. */
export function renderField(
  schema: FormSchema,
  field: Field,
  hidden: boolean,
  texts: PageTexts,
  shown: Shown = NOTHING_SHOWN,
  options: FormMarkupOptions = {},
): SafeHtml {
  const required = isFieldRequired(field);
  const { error } = shown;
  const wrapper = html`id="${ids.wrapper(field.id)}" data-field-id="${field.id}" data-type="${field.type}"${hidden ? html` hidden` : ''}`;
  if (familyOf(field) !== undefined)
    return familyField(schema, field, wrapper, required, texts, shown, options);
  if (field.type === 'radio' || field.type === 'checkbox') {
    const radio = field.type === 'radio';
    const options = (field.options ?? []).map(
      (
        o,
        i,
      ) => html`<div class="fl-option"><input type="${field.type}" id="${ids.option(field.id, i)}" name="${field.id}" value="${o.value}"${shown.values.includes(o.value) ? html` checked` : ''}${describedBy(field, error)}${invalid(error)}><label for="${ids.option(field.id, i)}">${o.label}</label></div>
`,
    );
    return html`<fieldset class="fl-field fl-group" ${wrapper}${radio ? html` role="radiogroup"` : ''}${radio && required ? html` aria-required="true"` : ''}${radio ? invalid(error) : ''}>
<legend class="fl-label">${labelText(schema, field)}${requiredMark(required)}${required && !radio ? html`<span class="fl-sr"> (${texts.required})</span>` : ''}</legend>
${help(schema, field)}<div class="fl-options">
${options}</div>
${errorSlot(field, error)}
</fieldset>
`;
  }
  return html`<div class="fl-field" ${wrapper}>
<label class="fl-label" for="${ids.control(field.id)}">${labelText(schema, field)}${requiredMark(required)}</label>
${help(schema, field)}${control(schema, field, required, texts, shown)}
${errorSlot(field, error)}
</div>
`;
}

function renderSection(
  schema: FormSchema,
  section: Section | undefined,
  fields: (SafeHtml | string)[],
  hidden: boolean,
): SafeHtml {
  if (section === undefined) return html`<div class="fl-section">${fields}</div>`;
  const titled = section.title.trim() !== '';
  return html`<section class="fl-section" id="${ids.section(section.id)}" data-section-id="${section.id}"${titled ? html` aria-labelledby="${ids.sectionTitle(section.id)}"` : ''}${hidden ? html` hidden` : ''}>
${titled ? html`<h2 id="${ids.sectionTitle(section.id)}">${unanswered(schema, section.title)}</h2>` : ''}
${section.description && !section.repeat ? html`<p class="fl-section-description">${section.description}</p>` : ''}
${fields}</section>
`;
}

/** A paged form's progress: "Page 1 of 3", as text and as a progressbar the script keeps up. */
function progress(pages: number, texts: PageTexts, at = 1): SafeHtml {
  const text = pageOf(texts, at, pages);
  return html`<div class="fl-progress" id="${ids.pageProgress}" role="progressbar" aria-label="${texts.progress}" aria-valuemin="1" aria-valuenow="${at}" aria-valuemax="${pages}" aria-valuetext="${text}">
<p id="${ids.pageProgressText}">${text}</p>
<progress id="${ids.pageProgressBar}" max="${pages}" value="${at}" aria-hidden="true"></progress>
</div>`;
}

/** "Page {page} of {pages}" in the page's language. */
export function pageOf(texts: PageTexts, page: number, pages: number): string {
  return texts.pageOf.replace('{page}', String(page)).replace('{pages}', String(pages));
}

function actions(schema: FormSchema, paged: boolean, pages: number, texts: PageTexts): SafeHtml {
  const submit = submitText(schema, texts);
  if (!paged) {
    return html`<div class="fl-actions"><button type="submit" class="fl-button" id="${ids.submit}" disabled>${submit}</button></div>`;
  }
  // Next and Submit are both submit buttons, so Enter in a field moves on (or submits) as the
  // visible one would; the script shows the one that fits the page.
  return html`<div class="fl-actions fl-paged-actions">
<button type="button" class="fl-button fl-secondary" id="${ids.back}" hidden>${texts.back}</button>
<button type="submit" class="fl-button" id="${ids.next}"${pages > 1 ? '' : html` hidden`} disabled>${texts.next}</button>
<button type="submit" class="fl-button" id="${ids.submit}"${pages > 1 ? html` hidden` : ''} disabled>${submit}</button>
</div>`;
}

/**
 * The form's markup: every section in order with its fields in order, as the empty form shows them
 * (fields and sections hidden by their logic start hidden, so nothing flickers before a script
 * takes over; a paged form shows its first page), then the thank-you card. Hidden fields are never
 * rendered. Pure strings (no DOM): the server renders it into its page and `<formloom-form>` the
 * same into its shadow root (which names the `::part()`s on what it takes over). Every text is
 * the form owner's or the respondent's, so all of it goes through the escaping `html` tag.
 */
export function renderForm(form: FormView, texts: PageTexts, options: FormMarkupOptions = {}): SafeHtml {
  const { schema } = form;
  const plain = options.plain;
  const posted = plain?.posted === true;
  const answers = plain?.answers ?? {};
  const start = plain?.visibility ?? evaluateVisibility(schema, answers);
  const paged = schema.settings?.layout === 'paged';
  const pages = formPages(schema, answers);
  const at = plain?.page === undefined ? 0 : Math.max(pages.indexOf(plain.page), 0);
  const sections = byDisplayOrder(schema.sections);
  const known = new Set(sections.map((s) => s.id));
  const fieldsOf = (sectionId: string | undefined) =>
    byDisplayOrder(
      schema.fields.filter(
        (f) =>
          f.type !== 'hidden' &&
          (sectionId === undefined ? !known.has(f.sectionId) : f.sectionId === sectionId),
      ),
    );
  const field = (f: Field) =>
    renderField(schema, f, start.hiddenFields.has(f.id), texts, plain?.shown(f) ?? NOTHING_SHOWN, options);
  const body = [
    ...sections
      // After a plain post the page is the state: a paged form's current page alone.
      .filter((s) => !(posted && paged && s.id !== pages[at]))
      .map((s) =>
        renderSection(
          schema,
          s,
          s.repeat ? [plain?.entries(s, fieldsOf(s.id), options) ?? ''] : fieldsOf(s.id).map(field),
          start.hiddenSections.has(s.id) || (paged && s.id !== pages[at]),
        ),
      ),
  ];
  const orphans = fieldsOf(undefined);
  if (orphans.length > 0) body.push(renderSection(schema, undefined, orphans.map(field), false));
  const anyRequired = schema.fields.some(isFieldRequired);
  const description = form.description;
  // Without a script a plain post works, unless a captcha (a provider's script) is asked for.
  const note = options.captcha ? texts.captchaJsRequired : plain === undefined ? texts.jsRequired : undefined;
  const status = plain?.status;
  return html`<form class="fl-card" id="${ids.form}" novalidate${plain === undefined ? '' : html` method="post" enctype="multipart/form-data"`}>
${plain?.start ?? ''}${options.seed !== undefined && schema.fields.some((f) => f.shuffle) ? html`<input type="hidden" id="${ids.seed}" name="${SEED_FIELD}" value="${options.seed}">\n` : ''}<header class="fl-header">
<h1>${form.title}</h1>
${description ? html`<p class="fl-description" id="${ids.description}">${unanswered(schema, description)}</p>` : ''}
${anyRequired ? html`<p class="fl-note">${texts.requiredNote}</p>` : ''}
${paged ? progress(pages.length, texts, at + 1) : ''}
</header>
${plain?.summary ?? ''}
${options.noscript && note !== undefined ? html`<noscript><p class="fl-alert">${note}</p></noscript>` : ''}
${body}${honeypot(texts.honeypot)}
<div class="fl-alert" id="${ids.status}" role="alert"${status === undefined ? html` hidden` : ''}>${status ?? ''}</div>
${options.captcha ? html`<div class="fl-captcha" id="${ids.captcha}"></div>` : ''}
${plain?.controls(paged, posted ? at : 0, pages.length) ?? ''}${posted ? '' : actions(schema, paged, pages.length, texts)}
</form>
<div class="fl-card fl-done" id="${ids.done}" tabindex="-1" hidden>
<h2>${texts.thanksTitle}</h2>
<p id="${ids.doneMessage}">${texts.thanksBody}</p>
</div>`;
}
