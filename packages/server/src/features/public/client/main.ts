/**
 * The public form page's script. It runs the contract's own engine (bundled from
 * `@formloom/contract/engine`), so fields show and hide and answers are judged exactly as the
 * server will, with the same messages; the server still checks everything.
 */
import type { Field } from '@formloom/contract';
import { compileForm, type ValidationIssue } from '@formloom/contract/engine';
import { byId, focusField, randomKey, readField, setFieldError } from './dom.js';
import { DATA_ELEMENT_ID, HONEYPOT_HEADER, HONEYPOT_INPUT_ID, ids, type PageData } from './page-data.js';
import { createUploads } from './uploads.js';

const data = JSON.parse(byId(DATA_ELEMENT_ID)?.textContent ?? '{}') as PageData;
const { schema, texts } = data;
const language = schema.meta.language;
const engine = compileForm(schema);
const uploads = createUploads(data, language, (field, message) => showError(field, message));
const fieldsById = new Map(schema.fields.map((f) => [f.id, f]));
const form = byId<HTMLFormElement>(ids.form)!;
const submit = byId<HTMLButtonElement>(ids.submit)!;
const status = byId(ids.status)!;
const submitLabel = submit.textContent ?? '';
/** Fields showing an error; they are re-checked as the respondent edits. */
const erring = new Set<string>();
let submitting = false;
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
    const value = field.type === 'file' ? uploads.answerOf(field.id) : readField(field);
    if (value !== undefined) answers[field.id] = value;
  }
  const { hiddenFields, hiddenSections } = engine.visibility(answers);
  for (const section of schema.sections) {
    const el = byId(ids.section(section.id));
    if (el !== null) el.hidden = hiddenSections.has(section.id);
  }
  for (const field of schema.fields) {
    const el = byId(ids.wrapper(field.id));
    const hidden = hiddenFields.has(field.id);
    if (el !== null) el.hidden = hidden;
    if (hidden) {
      delete answers[field.id];
      if (erring.has(field.id)) showError(field, null);
    }
  }
  return answers;
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
    if (field === undefined) continue;
    showError(field, messages.join(' '));
    first ??= field;
  }
  if (first === undefined) return false;
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

async function post(body: string, key: string): Promise<{ status: number; payload?: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': key };
  const trap = byId<HTMLInputElement>(HONEYPOT_INPUT_ID)?.value ?? '';
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

function showOutcome(result: { status: number; payload?: unknown }) {
  if (result.status === 201) {
    form.hidden = true;
    const done = byId(ids.done)!;
    done.hidden = false;
    done.focus();
    return;
  }
  const issues = (result.payload as { issues?: { fieldId?: string; message: string }[] } | undefined)?.issues;
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

async function onSubmit(event: SubmitEvent) {
  event.preventDefault();
  // A second click while the first is being sent does nothing.
  if (submitting) return;
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
    const body = JSON.stringify({ answers });
    if (attempt?.body !== body) attempt = { body, key: randomKey() };
    showOutcome(await post(body, attempt.key));
  } finally {
    submitting = false;
    submit.disabled = false;
    submit.textContent = submitLabel;
  }
}

status.tabIndex = -1;
form.addEventListener('input', onEdit);
form.addEventListener('change', onEdit);
form.addEventListener('submit', (event) => void onSubmit(event));
visibleAnswers();
submit.disabled = false;
