/**
 * The public form page's script. It runs the contract's own engine (bundled from
 * `@formloom/contract/engine`), so fields show and hide and answers are judged exactly as the
 * server will, with the same messages; the server still checks everything.
 */
import type { Field } from '@formloom/contract';
import {
  addLanguagePack,
  compileForm,
  computeVariables,
  type FileAnswer,
  pageOfField,
  prefillAnswers,
  prefillTargets,
  recallText,
  type ValidationIssue,
  type VariableValues,
  validatePage,
} from '@formloom/contract/engine';
import { mountCaptcha } from '@formloom/runtime/captcha';
import { byId, focusField, lockField, randomKey, readField, setFieldError, writeField } from './dom.js';
import { DATA_ELEMENT_ID, HONEYPOT_HEADER, HONEYPOT_INPUT_ID, ids, type PageData } from './page-data.js';
import { createPaging } from './paging.js';
import { createRecall } from './recall.js';
import { createResume, type Saved } from './resume.js';
import { createUploads } from './uploads.js';

const data = JSON.parse(byId(DATA_ELEMENT_ID)?.textContent ?? '{}') as PageData;
const { schema, texts } = data;
const language = schema.meta.language;
addLanguagePack(language, { messages: data.messages, formTexts: texts });
const engine = compileForm(schema);
const uploads = createUploads(data, language, (field, message) => showError(field, message));
const fieldsById = new Map(schema.fields.map((f) => [f.id, f]));
const form = byId<HTMLFormElement>(ids.form)!;
const submit = byId<HTMLButtonElement>(ids.submit)!;
const status = byId(ids.status)!;
const submitLabel = submit.textContent ?? '';
const next = byId<HTMLButtonElement>(ids.next);
const paging = createPaging(engine, schema, texts);
const recall = createRecall(schema, data.description);
/** A paged form saves after each Next and can be resumed by its link (decisions.md). */
const resume = paging.paged ? createResume(data) : undefined;
const hasVariables = (schema.variables?.length ?? 0) > 0;
/** The values of hidden fields, from the page's URL: never shown, sent with the answers. */
const hiddenValues = new Map<string, string | string[]>();
/** Fields showing an error; they are re-checked as the respondent edits. */
const erring = new Set<string>();
let submitting = false;
/** A captcha form's widget, above the submit button; a token goes with each submission. */
const captcha = data.captcha && mountCaptcha(byId(ids.captcha)!, data.captcha);
/** The answers of the last submission and its Idempotency-Key: resending them reuses the key. */
let attempt: { body: string; key: string } | undefined;

function setStatus(message: string | null) {
  status.textContent = message ?? '';
  status.hidden = message === null;
}

function showError(field: Field, message: string | null) {
  setFieldError(field, message);
  if (message === null) erring.delete(field.id);
  else erring.add(field.id);
}

/** Reads every field, applies visibility to the page, and returns the visible answers. */
function visibleAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const value =
      field.type === 'file'
        ? uploads.answerOf(field.id)
        : field.type === 'hidden'
          ? hiddenValues.get(field.id)
          : readField(field);
    if (value !== undefined) answers[field.id] = value;
  }
  const { hiddenFields, hiddenSections } = engine.visibility(answers);
  for (const field of schema.fields) {
    const el = byId(ids.wrapper(field.id));
    const hidden = hiddenFields.has(field.id);
    if (el !== null) el.hidden = hidden;
    if (hidden) {
      delete answers[field.id];
      if (erring.has(field.id)) showError(field, null);
    }
  }
  paging.follow(answers);
  for (const section of schema.sections) {
    const el = byId(ids.section(section.id));
    if (el !== null) el.hidden = hiddenSections.has(section.id) || paging.offPage(section.id);
  }
  recall.update(answers, variablesOf(answers));
  return answers;
}

function variablesOf(answers: Record<string, unknown>): VariableValues {
  return hasVariables ? computeVariables(engine, answers) : {};
}

/** Messages per field (several rules may fail at once), in the order the fields are shown. */
function groupIssues(issues: readonly Pick<ValidationIssue, 'fieldId' | 'message'>[]) {
  const byField = new Map<string, string[]>();
  for (const issue of issues)
    byField.set(issue.fieldId, [...(byField.get(issue.fieldId) ?? []), issue.message]);
  return byField;
}

function showIssues(issues: readonly Pick<ValidationIssue, 'fieldId' | 'message'>[]): boolean {
  let first: Field | undefined;
  for (const [fieldId, messages] of groupIssues(issues)) {
    const field = fieldsById.get(fieldId);
    // A hidden field is never shown: its value came from the URL, and the server drops it.
    if (field === undefined || field.type === 'hidden') continue;
    showError(field, messages.join(' '));
    first ??= field;
  }
  if (first === undefined) return false;
  // On a paged form the first error may be on another page: show that page.
  const page = pageOfField(engine, first.id);
  if (page !== undefined) paging.showPageOf(page);
  visibleAnswers();
  setStatus(texts.fixErrors);
  focusField(first);
  return true;
}

/** Applies visibility, and updates the errors already shown (new ones wait for the next submit). */
function refresh() {
  const answers = visibleAnswers();
  if (erring.size === 0) return;
  const current = groupIssues(engine.validate(answers).errors);
  for (const fieldId of [...erring]) {
    const field = fieldsById.get(fieldId)!;
    const messages = current.get(fieldId);
    // A refused file keeps its message until another file is chosen.
    if (messages === undefined && field.type === 'file' && uploads.answerOf(fieldId) === undefined) continue;
    showError(field, messages === undefined ? null : messages.join(' '));
  }
  if (erring.size === 0) setStatus(null);
}

function onEdit(event: Event) {
  const target = event.target as HTMLInputElement | null;
  if (target?.type === 'file') {
    const field = fieldsById.get(target.name);
    if (event.type === 'change' && field !== undefined) void uploads.choose(field, target).then(refresh);
    return;
  }
  refresh();
}

const trapValue = () => byId<HTMLInputElement>(HONEYPOT_INPUT_ID)?.value ?? '';

async function post(body: string, key: string): Promise<{ status: number; payload?: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': key };
  const trap = trapValue();
  if (trap !== '') headers[HONEYPOT_HEADER] = trap;
  for (let retry = 0; ; retry++) {
    try {
      const res = await fetch(`${data.api}/responses`, { method: 'POST', headers, body });
      const payload: unknown = await res.json().catch(() => undefined);
      return { status: res.status, payload };
    } catch {
      // A network failure: the same key makes a resend safe even if the first one was stored.
      if (retry >= 2) return { status: 0 };
      await new Promise((resolve) => setTimeout(resolve, 600 * 2 ** retry));
    }
  }
}

/**
 * Completes the saved partial with these answers (a field left empty now is sent as null, so a
 * value saved earlier does not come back); one that has gone meanwhile gives way to a submission.
 */
async function completeSaved(
  answers: Record<string, unknown>,
  captchaToken: string | undefined,
): Promise<{ status: number; payload?: unknown } | undefined> {
  const all: Record<string, unknown> = {};
  for (const field of schema.fields) all[field.id] = answers[field.id] ?? null;
  try {
    const res = await resume!.complete(JSON.stringify({ answers: all, language, captchaToken }));
    if (res.status === 404) {
      resume!.forget();
      return undefined;
    }
    const payload: unknown = await res.json().catch(() => undefined);
    if (res.status === 201) resume!.forget();
    return { status: res.status, payload };
  } catch {
    return { status: 0 };
  }
}

/** Thank-you card, the form's completion message (recall filled) or its redirect (https only). */
function complete(payload: unknown, answers: Record<string, unknown>, local: VariableValues | undefined) {
  const completion = schema.settings?.completion;
  const redirect = completion?.redirectUrl;
  if (redirect !== undefined && /^https:\/\//i.test(redirect)) {
    window.location.assign(redirect);
    return;
  }
  if (completion?.message !== undefined) {
    // The server's variables are the ones stored; the page's own are as good when it sends none.
    const served = (payload as { data?: { variables?: VariableValues } } | undefined)?.data?.variables;
    const variables = served ?? local ?? variablesOf(answers);
    byId(ids.doneMessage)!.textContent = recallText(completion.message, { schema, answers, variables });
  }
  form.hidden = true;
  const done = byId(ids.done)!;
  done.hidden = false;
  done.focus();
}

function showOutcome(
  result: { status: number; payload?: unknown },
  answers: Record<string, unknown>,
  variables: VariableValues | undefined,
) {
  if (result.status === 201) {
    complete(result.payload, answers, variables);
    return;
  }
  const refusal = result.payload as
    | { error?: string; issues?: { fieldId?: string; message: string }[] }
    | undefined;
  if (result.status === 400 && refusal?.error === 'CAPTCHA_FAILED') {
    captcha?.reset();
    setStatus(texts.captchaFailed);
    status.focus();
    return;
  }
  const issues = refusal?.issues;
  if (
    result.status === 400 &&
    issues &&
    showIssues(issues.map((i) => ({ fieldId: i.fieldId ?? '', message: i.message })))
  ) {
    return;
  }
  const messages: Record<number, string> = {
    0: texts.networkError,
    404: texts.notFoundBody,
    409: `${texts.closedTitle}. ${texts.closedBody}`,
    413: texts.tooLarge,
    429: texts.tooMany,
  };
  setStatus(messages[result.status] ?? texts.genericError);
  status.focus();
}

/** Next on a paged form: checks this page alone (validatePage), then shows the next one. */
function goNext() {
  const answers = visibleAnswers();
  const page = paging.current!;
  for (const fieldId of [...erring]) {
    if (pageOfField(engine, fieldId) === page) showError(fieldsById.get(fieldId)!, null);
  }
  setStatus(null);
  const checked = validatePage(engine, answers, page);
  if (!checked.ok) {
    showIssues(checked.errors);
    return;
  }
  move(1);
  resume?.save(visibleAnswers(), paging.current);
}

function move(by: number) {
  const section = paging.move(by);
  visibleAnswers();
  if (section !== undefined) paging.focusFirst(section);
}

async function onSubmit(event: SubmitEvent) {
  event.preventDefault();
  // A second click while the first is being sent does nothing.
  if (submitting) return;
  if (!paging.onLastPage()) {
    goNext();
    return;
  }
  submitting = true;
  submit.disabled = true;
  submit.textContent = texts.sending;
  try {
    await uploads.settled();
    const answers = visibleAnswers();
    const checked = engine.validate(answers);
    for (const fieldId of [...erring]) showError(fieldsById.get(fieldId)!, null);
    setStatus(null);
    if (!checked.ok) {
      showIssues(checked.errors);
      return;
    }
    await resume?.idle();
    const captchaToken = captcha === undefined ? undefined : await captcha.token().catch(() => undefined);
    // A saved partial is completed (a bot that filled the trap goes the submission's way).
    const completed =
      resume?.token !== undefined && trapValue() === ''
        ? await completeSaved(answers, captchaToken)
        : undefined;
    if (completed !== undefined) {
      showOutcome(completed, checked.value, checked.variables);
      return;
    }
    const body = JSON.stringify({ answers, language, captchaToken });
    if (attempt?.body !== body) attempt = { body, key: randomKey() };
    showOutcome(await post(body, attempt.key), checked.value, checked.variables);
  } finally {
    submitting = false;
    submit.disabled = false;
    submit.textContent = submitLabel;
  }
}

/** Prefill from the page's URL (`/f/:code?utm_source=x&name=Ann`): the engine says which fields and how. */
function prefill() {
  const values = prefillAnswers(schema, new URLSearchParams(window.location.search));
  for (const target of prefillTargets(schema)) {
    const value = values[target.fieldId];
    const field = fieldsById.get(target.fieldId);
    if (value === undefined || field === undefined) continue;
    if (field.type === 'hidden') {
      hiddenValues.set(field.id, value);
      continue;
    }
    writeField(field, value);
    if (!target.editable) lockField(field);
  }
}

status.tabIndex = -1;
form.addEventListener('input', onEdit);
form.addEventListener('change', onEdit);
form.addEventListener('submit', (event) => void onSubmit(event));
byId(ids.back)?.addEventListener('click', () => move(-1));
function isFileAnswer(value: unknown): value is FileAnswer {
  const v = value as Partial<FileAnswer> | null;
  return typeof v === 'object' && v !== null && typeof v.uploadId === 'string' && typeof v.name === 'string';
}

/** Puts a saved partial's answers back into the fields and shows its page. */
function restore(saved: Saved | 'gone' | undefined) {
  if (saved === 'gone') {
    setStatus(texts.resumeExpired);
    return;
  }
  if (saved === undefined) return;
  for (const [fieldId, value] of Object.entries(saved.answers)) {
    const field = fieldsById.get(fieldId);
    if (field === undefined) continue;
    // A file's stored upload (the server keeps it while the partial lives) stays the answer.
    if (field.type === 'file') {
      if (isFileAnswer(value)) uploads.restore(field, value);
      continue;
    }
    const text = Array.isArray(value)
      ? value.map(String)
      : typeof value === 'object'
        ? undefined
        : String(value);
    if (text === undefined) continue;
    if (field.type === 'hidden') hiddenValues.set(field.id, text);
    else writeField(field, text);
  }
  visibleAnswers();
  if (saved.page !== null) paging.showPageOf(saved.page);
}

function ready() {
  visibleAnswers();
  submit.disabled = false;
  if (next !== null) next.disabled = false;
}

prefill();
if (resume?.token !== undefined)
  void resume
    .load()
    .then(restore, () => undefined)
    .finally(ready);
else ready();
