import type { PublicForm } from '@formloom/contract';
import type { LanguagePack } from '@formloom/contract/engine';

/** What the server's page puts in its `SERVED_DATA_ID` block: the public form and its language's texts. */
export interface ServedForm extends PublicForm {
  pack: Partial<LanguagePack>;
}

/**
 * The element ids of the form markup, shared by the renderer (markup.ts), the element that takes
 * the markup over and the server's page. Unique within one form: in the element they live in its
 * shadow root, so two forms on one page never collide.
 */
// `~` cannot occur in a field id (ID_PATTERN), so option ids never collide with field ids.
export const ids = {
  wrapper: (fieldId: string) => `fl-w-${fieldId}`,
  control: (fieldId: string) => `fl-f-${fieldId}`,
  option: (fieldId: string, index: number) => `fl-f-${fieldId}~${index}`,
  help: (fieldId: string) => `fl-h-${fieldId}`,
  error: (fieldId: string) => `fl-e-${fieldId}`,
  upload: (fieldId: string) => `fl-u-${fieldId}`,
  progress: (fieldId: string) => `fl-p-${fieldId}`,
  uploadStatus: (fieldId: string) => `fl-us-${fieldId}`,
  /** A plain post's stored upload, kept from an earlier press. */
  uploadKept: (fieldId: string) => `fl-uk-${fieldId}`,
  section: (sectionId: string) => `fl-s-${sectionId}`,
  sectionTitle: (sectionId: string) => `fl-st-${sectionId}`,
  /** A label's text when it recalls answers (the label also holds the required mark). */
  labelText: (fieldId: string) => `fl-lt-${fieldId}`,
  description: 'fl-description',
  pageProgress: 'fl-progress',
  pageProgressText: 'fl-progress-text',
  pageProgressBar: 'fl-progress-bar',
  back: 'fl-back',
  next: 'fl-next',
  doneMessage: 'fl-done-message',
  form: 'fl-form',
  status: 'fl-status',
  submit: 'fl-submit',
  done: 'fl-done',
  /** Save and resume: the box with the link to continue later, its input, copy button and note. */
  resume: 'fl-resume',
  resumeLink: 'fl-resume-link',
  resumeCopy: 'fl-resume-copy',
  resumeCopied: 'fl-resume-copied',
  /** A plain post's error summary, at the top of the form. */
  summary: 'fl-summary',
  /** The respondent's shuffle seed (a form with `shuffle`). */
  seed: 'fl-seed',
  /** The captcha widget's container, above the submit button. */
  captcha: 'fl-captcha',
} as const;

/**
 * The JSON block inside a `<formloom-form>` the server rendered (its public page): the published
 * form as `GET /v1/public/forms/:code` answers it and its language's texts (`ServedForm`), so the
 * element takes the markup over with no request.
 */
export const SERVED_DATA_ID = 'fl-data';

/** The request header that carries the honeypot input's value (absent or empty for people). */
export const HONEYPOT_HEADER = 'X-Formloom-Honeypot';
export const HONEYPOT_INPUT_ID = 'fl-hp';
/** The honeypot input's name: what a plain post (no JavaScript) sends it as. */
export const HONEYPOT_INPUT_NAME = 'fl_website';
