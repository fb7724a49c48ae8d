import type { FormSchema, PublicCaptcha } from '@formloom/contract';
import type { PageTexts } from '../page-texts.js';

/**
 * What the server puts in the page's `<script type="application/json" id="fl-data">` block for the
 * browser script, and the element ids both sides use. Shared by the renderer and the script.
 */
export interface PageData {
  schema: FormSchema;
  texts: PageTexts;
  /** The form's public API base, relative to the page: `../v1/public/forms/<code>`. */
  api: string;
  /** Per `file` field: the largest file the server takes, in bytes and as the MB the messages show. */
  uploadLimits: Record<string, { maxBytes: number; maxMB: number }>;
  /** The text under the title (the form's description, else `meta.description`), recall unfilled. */
  description: string | null;
  /** The captcha widget of a form with `settings.captcha` (never the secret). */
  captcha?: PublicCaptcha;
}

export const DATA_ELEMENT_ID = 'fl-data';
/** The request header that carries the honeypot input's value (absent or empty for people). */
export const HONEYPOT_HEADER = 'X-Formloom-Honeypot';
export const HONEYPOT_INPUT_ID = 'fl-hp';

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
  /** The captcha widget's container, above the submit button. */
  captcha: 'fl-captcha',
} as const;
