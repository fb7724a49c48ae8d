import { supportedLanguage } from '../../models/limits.js';
import type { MessageKey } from './message-table.js';
import { messagesFor } from './packs.js';

export type { MessageKey, MessageTable, PluralText } from './message-table.js';
export { messagesFor };

/** Values for a message's placeholders. */
export interface MessageParams {
  min?: number;
  max?: number;
  /** A slider's step. */
  step?: number;
  /** The effective upload limit in MB. */
  maxMB?: number;
  /** Allowed MIME patterns, shown comma-separated. */
  types?: readonly string[];
}

/**
 * One built-in message with its placeholders filled in. Counted messages pick their `one` form
 * when the count (`min` or `max`) is exactly 1.
 *
 * ```ts
 * formatMessage('en', 'minLength', { min: 3 }); // 'Use at least 3 characters.'
 * ```
 */
export function formatMessage(language: string, key: MessageKey, params: MessageParams = {}): string {
  const entry = messagesFor(language)[key];
  const template =
    typeof entry === 'string' ? entry : (params.min ?? params.max) === 1 ? entry.one : entry.other;
  return fillPlaceholders(template, language, params);
}

const PLACEHOLDER = /\{(min|max|step|maxMB|types)\}/g;

/**
 * Replaces `{min}`, `{max}`, `{step}`, `{maxMB}` and `{types}` in a template (built-in or a rule's custom
 * message). Numbers are written the language's way (`10,000` in English, `10.000` in German).
 * A placeholder without a value is left as written.
 */
export function fillPlaceholders(template: string, language: string, params: MessageParams): string {
  if (!template.includes('{')) return template;
  return template.replace(PLACEHOLDER, (whole, name: keyof MessageParams) => {
    const v = params[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(v, language) : v.join(', ');
  });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(n: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(supportedLanguage(language), {
        maximumFractionDigits: 20,
      });
    } catch {
      return String(n);
    }
    numberFormats.set(language, format);
  }
  return format.format(n);
}
