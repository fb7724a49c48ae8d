import type { FormSchema, PublicCaptcha } from '@formloom/contract';
import type { MessageTable } from '@formloom/contract/engine';
import type { PageTexts } from '../page-texts.js';

/**
 * What the server puts in the page's `<script type="application/json" id="fl-data">` block for the
 * browser script, and the element ids both sides use. Shared by the renderer and the script.
 */
export interface PageData {
  schema: FormSchema;
  texts: PageTexts;
  /**
   * The answer messages in the form's language: the script's engine (a browser bundle) has English
   * only, and is given the page's language from here (`addLanguagePack`).
   */
  messages: MessageTable;
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
export { HONEYPOT_HEADER, HONEYPOT_INPUT_ID, ids } from '@formloom/elements/markup';
