import type { InterviewTexts } from '../interview-texts.js';

/**
 * What the server puts in the interview page's data block (`#fl-data`) for its script, and the
 * element ids both sides use.
 */
export interface InterviewPageData {
  /** The smart form's public API base, relative to the page: `../v1/public/smart-forms/<code>`. */
  api: string;
  code: string;
  maxQuestions: number;
  maxAnswerLength: number;
  isPrivate: boolean;
  /** The language the page was rendered in. */
  language: string;
  /** Texts per language the interview may run in; the page follows the language of each question. */
  texts: Record<string, InterviewTexts>;
}

/** Elements whose text the script rewrites when the language changes: `data-t="<text key>"`. */
export const TEXT_ATTRIBUTE = 'data-t';

export const interviewIds = {
  welcome: 'fl-welcome',
  language: 'fl-language',
  emailForm: 'fl-email-form',
  email: 'fl-email',
  codeForm: 'fl-code-form',
  codeSent: 'fl-code-sent',
  otp: 'fl-otp',
  otherEmail: 'fl-other-email',
  startForm: 'fl-start-form',
  welcomeStatus: 'fl-welcome-status',
  interview: 'fl-interview',
  progress: 'fl-progress',
  progressBar: 'fl-progress-bar',
  answerForm: 'fl-answer-form',
  question: 'fl-question',
  answer: 'fl-answer',
  counter: 'fl-counter',
  hint: 'fl-hint',
  error: 'fl-error',
  send: 'fl-send',
  finishNow: 'fl-finish-now',
  status: 'fl-status',
  done: 'fl-done',
  closing: 'fl-closing',
} as const;
