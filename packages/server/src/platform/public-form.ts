import {
  type FormSchema,
  type PublicForm,
  type PublicTheme,
  publicImageUrl,
  resolveImageUploads,
  translateSchema,
  withoutQuizAnswers,
} from '@formloom/contract';
import { type LanguageRequest, pickLanguage } from '@formloom/contract/engine';
import type { CaptchaVerifier } from '../captcha/captcha-verifier.js';
import type { FormRow } from '../db/database.js';
import { schemaOf } from './form-schema.js';

/**
 * What the public page gets: the schema and nothing about the owner. With `language` (what the
 * request says: `?lang=`, Accept-Language), the schema's texts are those of the language
 * `pickLanguage` chooses, `translations` left out; so is the title when the form has it translated.
 * A form with `settings.captcha` also gets the widget to show, by `widget` (the server's site key
 * and script for that provider; never the secret). An image the owner uploaded (`upload:<id>`) is
 * named by its public address under `publicUrl`, so every renderer just shows a URL. A quiz's
 * right answers and feedback stay on the server (`withoutQuizAnswers`), as do endings' conditions.
 * `theme`: the form's look as the themes feature resolved it (`FormTheme`).
 */
export function toPublicForm(
  row: FormRow,
  publicUrl: string,
  language?: LanguageRequest,
  widget?: CaptchaVerifier['widget'],
  theme?: PublicTheme,
): PublicForm {
  const base = schemaOf(row);
  const translated = language === undefined ? base : translateSchema(base, pickLanguage(base, language));
  const shown = resolveImageUploads(translated, (id) => publicImageUrl(publicUrl, id));
  const translatedTitle = translated !== base && base.translations?.[shown.meta.language]?.['meta.title'];
  return {
    code: row.share_code!,
    title: translatedTitle ? shown.meta.title : row.title,
    description: row.description,
    schema: withoutQuizAnswers(withoutEndingConditions(shown)),
    acceptsResponses: row.publish_status === 'PUBLISHED',
    expiresAt: row.expires_at,
    ...captchaOf(base, widget),
    ...(theme === undefined ? {} : { theme }),
    ...accessOf(row),
  };
}

/**
 * A form's look for its renderers (the themes feature's `publicTheme` over the form's row); its
 * addresses (logo, fonts, background image) under `base`, FORMLOOM_PUBLIC_URL unless given (the
 * page names them relative to itself).
 */
export type FormTheme = (row: FormRow, base?: string) => Promise<PublicTheme | undefined>;

/**
 * The schema without its endings' conditions: which ending a response reaches is the server's to
 * decide at submission (they may read what a respondent is not to see), and renderers show the
 * ending the submission answers.
 */
function withoutEndingConditions(schema: FormSchema): FormSchema {
  const endings = schema.settings?.endings;
  if (endings === undefined || !endings.some((e) => e.conditionGroups !== undefined)) return schema;
  return {
    ...schema,
    settings: { ...schema.settings, endings: endings.map(({ conditionGroups: _, ...ending }) => ending) },
  };
}

/**
 * What a renderer must know of the form's access rules before the respondent types: whether a
 * personal link or a verified address is needed, and whether the answers can be edited later.
 * The password and the opening time are not here: those routes answer 401 or 409 on their own.
 */
function accessOf(row: FormRow): Partial<PublicForm> {
  const oneResponse = row.access_one_response;
  return {
    ...(oneResponse === 'link' || oneResponse === 'email' ? { oneResponse } : {}),
    ...(row.access_edit_hours === null ? {} : { allowEdit: { hours: row.access_edit_hours } }),
  };
}

function captchaOf(schema: FormSchema, widget: CaptchaVerifier['widget'] | undefined): Partial<PublicForm> {
  const provider = schema.settings?.captcha?.provider;
  const shown = provider === undefined ? undefined : widget?.(provider);
  return provider === undefined || shown === undefined ? {} : { captcha: { provider, ...shown } };
}
