import { ENGLISH_QUESTION_TYPES, TRANSLATED } from '#engine/languages';
import type { FormSchema } from '../../models/form-schema.js';
import { type Language, supportedLanguage } from '../../models/limits.js';
import { en } from './en.js';
import type { enQuestionTypes } from './en-question-types.js';
import { type FormTexts, formTextsEn } from './form-texts.js';
import type { MessageTable } from './message-table.js';

/** A language's built-in texts: the answer messages and the renderers' own texts. */
export interface LanguagePack {
  messages: MessageTable;
  formTexts: FormTexts;
}

// In a browser bundle the question types' messages join when their code loads (`addQuestionTypeMessages`).
const ENGLISH: LanguagePack = {
  messages: { ...en, ...ENGLISH_QUESTION_TYPES } as MessageTable,
  formTexts: formTextsEn,
};

/** Completes English with the question types' messages (a browser, once their code has loaded). */
export function addQuestionTypeMessages(messages: typeof enQuestionTypes): void {
  Object.assign(ENGLISH.messages, messages);
}

/**
 * The languages the engine has. On Node (and wherever the `browser` condition is not set) all six
 * are built in; a browser bundle (`#engine/languages` under `browser`) carries English only and is
 * given the language it shows by `addLanguagePack`, so a page downloads one language, not six.
 */
const packs = new Map<Language, LanguagePack>([['en', ENGLISH], ...TRANSLATED]);

/** The texts of a language; English for one we do not have or have not been given. */
export function languagePack(language: string): LanguagePack {
  return packs.get(supportedLanguage(language)) ?? ENGLISH;
}

/** Whether the engine has this language's texts (English always; an unsupported language never). */
export function hasLanguagePack(language: string): boolean {
  return packs.has(language as Language);
}

/**
 * Gives the engine a language's texts (in a browser bundle, fetched from the server's
 * `/embed/languages/<language>.json`). A text the pack lacks reads in English. An unsupported
 * language is ignored.
 *
 * ```ts
 * addLanguagePack('de', await (await fetch(`${api}/embed/languages/de.json`)).json());
 * ```
 */
export function addLanguagePack(language: string, pack: Partial<LanguagePack>): void {
  if (supportedLanguage(language) !== language) return;
  packs.set(language as Language, {
    messages: { ...ENGLISH.messages, ...pack.messages },
    formTexts: { ...formTextsEn, ...pack.formTexts },
  });
}

/**
 * The submit button's text: the form's own label, else "Continue to payment" for a form with a
 * payment field (the answers go to Stripe's page first), else "Submit".
 */
export function submitText(schema: FormSchema, texts: FormTexts): string {
  return (
    schema.meta.submitLabel ||
    (schema.fields.some((f) => f.type === 'payment') ? texts.toPayment : texts.submit)
  );
}

/** A renderer's texts in a language; English for a language we do not have (or have not loaded). */
export function formTextsFor(language: string): FormTexts {
  return languagePack(language).formTexts;
}

/**
 * The built-in texts of a language (`meta.language`); an unknown language gets English.
 * The public page uses this table, so its messages match the server's word for word.
 *
 * ```ts
 * messagesFor('de').required; // 'Dies ist ein Pflichtfeld.'
 * ```
 */
export function messagesFor(language: string): MessageTable {
  return languagePack(language).messages;
}
