/**
 * The interview page's script: the welcome (language, email code, start), one question at a time,
 * the finish. The session id and token live in sessionStorage under the share code, so a reload
 * resumes with next-question; an answer whose request fails on the way is sent again, with the
 * same questionId, until it gets through (the server stores it once).
 */
import type { InterviewStep } from '@formloom/contract';
import type { InterviewTexts } from '../interview-texts.js';
import { type InterviewPageData, interviewIds as ids, TEXT_ATTRIBUTE } from './interview-data.js';
import { DATA_ELEMENT_ID, HONEYPOT_HEADER, HONEYPOT_INPUT_ID } from './page-data.js';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T | null;

interface Saved {
  sessionId: string;
  token: string;
  /** What was typed for a question, kept across a reload. */
  draft?: { questionId: string; text: string };
}

interface Result {
  /** 0: the request did not get through (no connection, server down). */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field below
  data?: any;
}

const data = JSON.parse(byId(DATA_ELEMENT_ID)?.textContent ?? '{}') as InterviewPageData;
const storageKey = `formloom:interview:${data.code}`;
let texts: InterviewTexts = data.texts[data.language]!;
let saved: Saved | undefined;
let current: InterviewStep | undefined;
/** A request of the welcome or an answer is on its way. */
let busy = false;
let finishing = false;

const el = <T extends HTMLElement = HTMLElement>(id: string) => byId<T>(id)!;
const welcome = el(ids.welcome);
const welcomeStatus = el(ids.welcomeStatus);
const interview = el(ids.interview);
const answer = el<HTMLTextAreaElement>(ids.answer);
const send = el<HTMLButtonElement>(ids.send);
const finishNow = el<HTMLButtonElement>(ids.finishNow);
const status = el(ids.status);
const error = el(ids.error);

function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

function load(): Saved | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw === null ? undefined : (JSON.parse(raw) as Saved);
  } catch {
    return undefined;
  }
}

function store(value: Saved | undefined) {
  saved = value;
  try {
    if (value === undefined) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Storage off (private mode, full): the interview still runs, it just cannot survive a reload.
  }
}

/** Rewrites the page's own texts in `language` (when the page has texts in it). */
function setLanguage(language: string) {
  const next = data.texts[language];
  if (next === undefined || next === texts) return;
  texts = next;
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll<HTMLElement>(`[${TEXT_ATTRIBUTE}]`)) {
    const key = node.getAttribute(TEXT_ATTRIBUTE) as keyof InterviewTexts;
    if (typeof texts[key] === 'string') node.textContent = format(texts[key], { max: data.maxQuestions });
  }
  updateCounter();
  if (current?.question) el(ids.progress).textContent = progressText(current);
}

function progressText(step: InterviewStep): string {
  return format(texts.progress, { n: step.question?.index ?? step.answeredCount, max: step.maxQuestions });
}

function updateCounter() {
  el(ids.counter).textContent = format(texts.counter, {
    count: answer.value.length.toLocaleString(document.documentElement.lang),
    max: data.maxAnswerLength.toLocaleString(document.documentElement.lang),
  });
}

async function call(method: string, path: string, body?: unknown): Promise<Result> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (saved !== undefined && path.startsWith('/sessions/')) headers['x-session-token'] = saved.token;
  const trap = byId<HTMLInputElement>(HONEYPOT_INPUT_ID)?.value ?? '';
  if (trap !== '') headers[HONEYPOT_HEADER] = trap;
  try {
    const res = await fetch(`${data.api}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const payload = (await res.json().catch(() => undefined)) as { data?: unknown } | undefined;
    return { status: res.status, data: payload?.data };
  } catch {
    return { status: 0 };
  }
}

/** `call` until it gets through: lost connections and a server that is down or restarting. */
async function persist(method: string, path: string, body?: unknown): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const result = await call(method, path, body);
    if (result.status !== 0 && (result.status < 502 || result.status > 504)) return result;
    status.textContent = texts.reconnecting;
    await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 5_000)));
  }
}

function showWelcomeError(message: string | null, input?: HTMLElement) {
  welcomeStatus.textContent = message ?? '';
  welcomeStatus.hidden = message === null;
  for (const node of welcome.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
  if (message === null) return;
  if (input === undefined) {
    welcomeStatus.focus();
    return;
  }
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

function showError(message: string | null) {
  error.textContent = message ?? '';
  error.hidden = message === null;
}

function show(card: HTMLElement) {
  for (const id of [ids.welcome, ids.interview, ids.done]) el(id).hidden = el(id) !== card;
}

function showStep(step: InterviewStep) {
  current = step;
  if (step.done || step.question === null) {
    void finish();
    return;
  }
  const { question } = step;
  setLanguage(question.language);
  show(interview);
  el(ids.progress).textContent = progressText(step);
  el<HTMLProgressElement>(ids.progressBar).value = step.answeredCount;
  const heading = el(ids.question);
  heading.textContent = question.text;
  heading.lang = question.language;
  answer.lang = question.language;
  answer.value = saved?.draft?.questionId === question.id ? saved.draft.text : '';
  answer.readOnly = false;
  send.disabled = false;
  finishNow.hidden = step.answeredCount === 0;
  status.textContent = '';
  showError(null);
  updateCounter();
  // Focus announces the new question (the answer box's label); blur first, so it is announced
  // even when the box kept the focus (an answer sent with Ctrl+Enter).
  answer.blur();
  answer.focus();
}

/** A session that cannot go on (ended, or unknown to the server): back to the welcome card. */
function restart(message: string | null) {
  store(undefined);
  current = undefined;
  show(welcome);
  showWelcomeError(message);
}

function sessionProblem(result: Result): boolean {
  if (result.status === 409) restart(texts.ended);
  else if (result.status === 403 || result.status === 404) restart(null);
  else return false;
  return true;
}

async function resume() {
  status.textContent = texts.thinking;
  show(interview);
  const result = await persist('GET', `/sessions/${saved!.sessionId}/next-question`);
  if (result.status === 200) showStep(result.data as InterviewStep);
  // Finished, with the reply lost before the page heard it? Finishing again answers the same.
  else if (result.status === 409) await finish();
  else if (!sessionProblem(result)) restart(texts.genericError);
}

async function finish() {
  const sessionId = saved?.sessionId;
  if (sessionId === undefined || finishing) return;
  finishing = true;
  send.disabled = true;
  finishNow.disabled = true;
  status.textContent = texts.finishing;
  try {
    const result = await persist('POST', `/sessions/${sessionId}/finish`);
    if (result.status === 200) {
      store(undefined);
      el(ids.closing).textContent = result.data.closingMessage;
      show(el(ids.done));
      el(ids.done).focus();
    } else if (!sessionProblem(result)) {
      status.textContent = '';
      showError(result.status === 429 ? texts.tooMany : texts.genericError);
      send.disabled = false;
    }
  } finally {
    finishing = false;
    finishNow.disabled = false;
  }
}

async function sendAnswer() {
  if (busy || finishing || current?.question == null || saved === undefined) return;
  const text = answer.value.trim();
  if (text === '') {
    showError(texts.emptyAnswer);
    answer.focus();
    return;
  }
  busy = true;
  send.disabled = true;
  answer.readOnly = true;
  showError(null);
  status.textContent = texts.thinking;
  try {
    const body = { questionId: current.question.id, answer: text };
    const result = await persist('POST', `/sessions/${saved.sessionId}/answers`, body);
    if (result.status === 200) {
      store({ sessionId: saved.sessionId, token: saved.token });
      showStep(result.data as InterviewStep);
      return;
    }
    if (result.status === 409 || result.status === 400) {
      // Answered elsewhere (another tab) or a question the server no longer waits for: resume.
      const next = await persist('GET', `/sessions/${saved.sessionId}/next-question`);
      if (next.status === 200) {
        showStep(next.data as InterviewStep);
        return;
      }
      if (sessionProblem(next)) return;
    } else if (sessionProblem(result)) return;
    status.textContent = '';
    showError(result.status === 429 ? texts.tooMany : texts.genericError);
    answer.readOnly = false;
    send.disabled = false;
    answer.focus();
  } finally {
    busy = false;
  }
}

async function startSession(verificationToken?: string) {
  const language = byId<HTMLSelectElement>(ids.language)?.value;
  const result = await call('POST', '/sessions', {
    ...(language === undefined ? {} : { language }),
    ...(verificationToken === undefined ? {} : { verificationToken }),
  });
  if (result.status !== 201) {
    showWelcomeError(
      result.status === 0 ? texts.networkError : result.status === 429 ? texts.tooMany : texts.genericError,
    );
    return;
  }
  store({ sessionId: result.data.sessionId, token: result.data.sessionToken });
  showStep(result.data as InterviewStep);
}

/** Runs a welcome step with its button disabled, once at a time. */
function onSubmit(form: HTMLFormElement | null, run: () => Promise<void>) {
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    run().finally(() => {
      busy = false;
      button.disabled = false;
    });
  });
}

function setUpPrivate() {
  const emailForm = byId<HTMLFormElement>(ids.emailForm);
  const codeForm = byId<HTMLFormElement>(ids.codeForm);
  const email = byId<HTMLInputElement>(ids.email);
  const otp = byId<HTMLInputElement>(ids.otp);
  if (emailForm === null || codeForm === null || email === null || otp === null) return;
  const address = () => email.value.trim();
  onSubmit(emailForm, async () => {
    if (address() === '' || !email.checkValidity()) {
      showWelcomeError(texts.invalidEmail, email);
      return;
    }
    const result = await call('POST', '/otp/request', { email: address() });
    if (result.status !== 202) {
      showWelcomeError(
        result.status === 400
          ? texts.invalidEmail
          : result.status === 429
            ? texts.tooMany
            : texts.genericError,
        result.status === 400 ? email : undefined,
      );
      return;
    }
    showWelcomeError(null);
    emailForm.hidden = true;
    codeForm.hidden = false;
    el(ids.codeSent).textContent = format(texts.codeSent, { email: address() });
    otp.value = '';
    otp.focus();
  });
  onSubmit(codeForm, async () => {
    const code = otp.value.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      showWelcomeError(texts.invalidCode, otp);
      return;
    }
    const result = await call('POST', '/otp/verify', { email: address(), code });
    if (result.status !== 200) {
      showWelcomeError(
        result.status === 403 || result.status === 400
          ? texts.wrongCode
          : result.status === 429
            ? texts.tooMany
            : texts.genericError,
        otp,
      );
      return;
    }
    showWelcomeError(null);
    await startSession(result.data.verificationToken);
  });
  el(ids.otherEmail).addEventListener('click', () => {
    showWelcomeError(null);
    codeForm.hidden = true;
    emailForm.hidden = false;
    email.focus();
  });
}

onSubmit(byId<HTMLFormElement>(ids.startForm), () => startSession());
setUpPrivate();
byId<HTMLSelectElement>(ids.language)?.addEventListener('change', (event) =>
  setLanguage((event.target as HTMLSelectElement).value),
);
el(ids.answerForm).addEventListener('submit', (event) => {
  event.preventDefault();
  void sendAnswer();
});
answer.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void sendAnswer();
  }
});
answer.addEventListener('input', () => {
  updateCounter();
  if (!error.hidden) showError(null);
  if (saved !== undefined && current?.question) {
    store({ ...saved, draft: { questionId: current.question.id, text: answer.value } });
  }
});
finishNow.addEventListener('click', () => {
  if (!busy) void finish();
});
for (const button of welcome.querySelectorAll<HTMLButtonElement>('button[disabled]')) button.disabled = false;
saved = load();
if (saved !== undefined) void resume();
