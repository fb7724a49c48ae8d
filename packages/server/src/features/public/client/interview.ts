/**
 * The interview page's script: renders `@formloom/runtime/interview` (the welcome with its language
 * and email code, one question at a time, the finish) and forwards the page's events to it. The
 * session lives in sessionStorage under the share code, so a reload resumes; an answer whose
 * request fails on the way is sent again a few times, then the page says the connection is lost.
 */
import {
  createInterviewRuntime,
  type InterviewProblem,
  type InterviewState,
  type InterviewStorage,
} from '@formloom/runtime/interview';
import type { InterviewTexts } from '../interview-texts.js';
import { type InterviewPageData, interviewIds as ids, TEXT_ATTRIBUTE } from './interview-data.js';
import { DATA_ELEMENT_ID, HONEYPOT_HEADER, HONEYPOT_INPUT_ID } from './page-data.js';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T | null;
const el = <T extends HTMLElement = HTMLElement>(id: string) => byId<T>(id)!;

const data = JSON.parse(byId(DATA_ELEMENT_ID)?.textContent ?? '{}') as InterviewPageData;
let texts: InterviewTexts = data.texts[data.language]!;

const welcome = el(ids.welcome);
const welcomeStatus = el(ids.welcomeStatus);
const interview = el(ids.interview);
const done = el(ids.done);
const answer = el<HTMLTextAreaElement>(ids.answer);
const send = el<HTMLButtonElement>(ids.send);
const finishNow = el<HTMLButtonElement>(ids.finishNow);
const status = el(ids.status);
const error = el(ids.error);
const languageSelect = byId<HTMLSelectElement>(ids.language);
const emailForm = byId<HTMLFormElement>(ids.emailForm);
const codeForm = byId<HTMLFormElement>(ids.codeForm);
const email = byId<HTMLInputElement>(ids.email);
const otp = byId<HTMLInputElement>(ids.otp);

const PROBLEM_TEXTS: Record<InterviewProblem, keyof InterviewTexts> = {
  empty_answer: 'emptyAnswer',
  invalid_email: 'invalidEmail',
  invalid_code: 'invalidCode',
  wrong_code: 'wrongCode',
  network: 'networkError',
  rate_limited: 'tooMany',
  ended: 'ended',
  server: 'genericError',
};
const ACTIVITY_TEXTS = {
  thinking: 'thinking',
  finishing: 'finishing',
  reconnecting: 'reconnecting',
} as const;

let storage: InterviewStorage | undefined;
try {
  storage = sessionStorage;
} catch {
  // Storage off: the interview still runs, it just cannot survive a reload.
}

const runtime = createInterviewRuntime({
  // The page's data names the smart form's API (`../v1/public/smart-forms/<code>`); the runtime
  // takes the base before `/v1` and the contract's paths.
  api: data.api.slice(0, data.api.indexOf('/v1/')),
  code: data.code,
  ...(storage === undefined ? {} : { storage }),
  headers: (): Record<string, string> => {
    const trap = byId<HTMLInputElement>(HONEYPOT_INPUT_ID)?.value ?? '';
    return trap === '' ? {} : { [HONEYPOT_HEADER]: trap };
  },
});

function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
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
  render(runtime.getState());
}

function updateCounter() {
  el(ids.counter).textContent = format(texts.counter, {
    count: answer.value.length.toLocaleString(document.documentElement.lang),
    max: data.maxAnswerLength.toLocaleString(document.documentElement.lang),
  });
}

let shown: InterviewState | undefined;

/** The state on the page; focus moves only when something new appears. */
function render(state: InterviewState) {
  const before = shown;
  shown = state;
  const { step, problem } = state;
  if (state.view === 'question' && step?.question && step !== before?.step)
    setLanguage(step.question.language);
  welcome.hidden = state.view !== 'welcome';
  interview.hidden = state.view !== 'question';
  done.hidden = state.view !== 'done';
  status.textContent = state.activity === null ? '' : texts[ACTIVITY_TEXTS[state.activity]];
  const message = problem === null ? '' : texts[PROBLEM_TEXTS[problem]];
  const inQuestion = state.view === 'question' && problem !== null;
  error.textContent = inQuestion ? message : '';
  error.hidden = !inQuestion;
  const inWelcome = state.view === 'welcome' && problem !== null;
  welcomeStatus.textContent = inWelcome ? message : '';
  welcomeStatus.hidden = !inWelcome;
  for (const node of welcome.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
  const invalid = state.invalid === 'email' ? email : state.invalid === 'code' ? otp : null;
  if (inWelcome) invalid?.setAttribute('aria-invalid', 'true');
  for (const button of welcome.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
    button.disabled = state.busy;
  }
  if (emailForm !== null && codeForm !== null) {
    emailForm.hidden = state.codeSentTo !== null;
    codeForm.hidden = state.codeSentTo === null;
    if (state.codeSentTo !== null)
      el(ids.codeSent).textContent = format(texts.codeSent, { email: state.codeSentTo });
  }
  send.disabled = state.busy || state.activity === 'finishing' || step?.question == null;
  answer.readOnly = state.busy;
  finishNow.disabled = state.activity === 'finishing';
  if (state.view === 'question' && step?.question) {
    const { question } = step;
    finishNow.hidden = step.answeredCount === 0;
    el(ids.progress).textContent = format(texts.progress, {
      n: question.index ?? step.answeredCount,
      max: step.maxQuestions,
    });
    el<HTMLProgressElement>(ids.progressBar).value = step.answeredCount;
    const heading = el(ids.question);
    heading.textContent = question.text;
    heading.lang = question.language;
    answer.lang = question.language;
  }
  if (step !== before?.step && state.view === 'question' && step?.question) {
    answer.value = state.draft;
    // Focus announces the new question (the answer box's label); blur first, so it is announced
    // even when the box kept the focus (an answer sent with Ctrl+Enter).
    answer.blur();
    answer.focus();
  }
  updateCounter();
  if (state.view === 'done' && before?.view !== 'done') {
    el(ids.closing).textContent = state.closingMessage ?? '';
    done.focus();
  }
  if (state.codeSentTo !== null && before?.codeSentTo === null && otp !== null) {
    otp.value = '';
    otp.focus();
  }
  if (inWelcome && (problem !== before?.problem || before.view !== 'welcome' || before.busy)) {
    (invalid ?? welcomeStatus).focus();
  }
}

runtime.subscribe(render);

/** A welcome step on submit of its form. */
function onSubmit(form: HTMLFormElement | null, run: () => Promise<void>) {
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
}

async function sendAnswer() {
  await runtime.answer(answer.value);
  const state = runtime.getState();
  if (state.view === 'question' && state.problem !== null) answer.focus();
}

const language = () => languageSelect?.value;
onSubmit(byId<HTMLFormElement>(ids.startForm), () => runtime.start(language()));
onSubmit(emailForm, () => runtime.requestCode(email!.value.trim(), email!.checkValidity()));
onSubmit(codeForm, () => runtime.verifyCode(otp!.value, language()));
byId(ids.otherEmail)?.addEventListener('click', () => {
  runtime.otherEmail();
  email?.focus();
});
languageSelect?.addEventListener('change', () => setLanguage(languageSelect.value));
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
  runtime.setDraft(answer.value);
});
finishNow.addEventListener('click', () => {
  if (!runtime.getState().busy) void runtime.finish();
});
render(runtime.getState());
void runtime.resume();
