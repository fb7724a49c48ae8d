import { randomUUID } from 'node:crypto';
import type { PublicForm } from '@formloom/contract';
import { languagePack, prefillTargets } from '@formloom/contract/engine';
import {
  ALL_FAMILIES,
  type PlainPost,
  plainPostMarkup,
  renderForm,
  SERVED_DATA_ID,
  type ServedForm,
} from '@formloom/elements/markup';
import { html, jsonForScript, type SafeHtml } from '../../platform/html.js';
import { lookMarkup, type PageLook } from './page-look.js';
import type { PageTexts } from './page-texts.js';

/** Relative to `/f/<code>`, so a path prefix in front of the server keeps working. */
export interface PageAssetLinks {
  /** The form page's script, an ES module. */
  script: string;
  /** The chunks it imports before it runs, preloaded beside it so they come in one round trip. */
  scriptChunks: readonly string[];
  /** The interview page's script. */
  interview: string;
  style: string;
  /** The server's root (`..` from `/f/<code>`): a form theme's logo, fonts and images under it. */
  root: string;
}

export { honeypot, pageOf } from '@formloom/elements/markup';

/** The JSON block a page's script (or the form element) reads its data from. */
export function dataBlock(data: unknown): SafeHtml {
  return html`<script type="application/json" id="${SERVED_DATA_ID}">${jsonForScript(data)}</script>`;
}

/**
 * The page around `body`: no inline script, and no inline style but a form theme's (which the CSP
 * allows by its hash); `script` is an asset link. `look`: the form's theme and branding.
 */
export function layout(
  lang: string,
  title: string,
  assets: PageAssetLinks,
  body: SafeHtml,
  script?: string,
  look?: PageLook,
): string {
  const parts = lookMarkup(look);
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="${assets.style}">
${parts.head}${
  script === undefined
    ? ''
    : script === assets.script
      ? html`${assets.scriptChunks.map((chunk) => html`<link rel="modulepreload" href="${chunk}">\n`)}<script type="module" src="${script}"></script>`
      : html`<script src="${script}" defer></script>`
}
</head>
<body>
<main class="fl${look?.style === undefined ? '' : ' fl-theme'}">
${parts.logo}${body}
</main>
${parts.footer}</body>
</html>
`.value;
}

/** The thank-you page a plain post ends on (303 after the submission): the form's message, else ours. */
export function renderDonePage(
  lang: string,
  assets: PageAssetLinks,
  title: string,
  texts: PageTexts,
  message?: string,
  /** The heading of the ending reached, when it has one; else the page's "thank you". */
  heading?: string,
  /** A quiz's marks (`quizMarksMarkup`), under the message. */
  quiz?: SafeHtml,
  look?: PageLook,
): string {
  return layout(
    lang,
    `${title} · ${heading ?? texts.thanksTitle}`,
    assets,
    html`<div class="fl-card fl-done" id="fl-done">
<p class="fl-form-title">${title}</p>
<h1>${heading ?? texts.thanksTitle}</h1>
<p id="fl-done-message">${message ?? texts.thanksBody}</p>
${quiz ?? ''}
</div>`,
    undefined,
    look,
  );
}

/** A page with a heading and a sentence (text, or markup with a link): 404, closed, too many requests, errors. */
export function renderMessagePage(
  lang: string,
  assets: PageAssetLinks,
  heading: string,
  message: string | SafeHtml,
  formTitle?: string,
  look?: PageLook,
): string {
  return layout(
    lang,
    formTitle === undefined ? heading : `${formTitle} · ${heading}`,
    assets,
    html`<div class="fl-card fl-message">
${formTitle === undefined ? '' : html`<p class="fl-form-title">${formTitle}</p>`}
<h1>${heading}</h1>
<p>${message}</p>
</div>`,
    undefined,
    look,
  );
}

/** A prefilled answer as the query's values again (`prefillAnswers` reads them back the same). */
function paramValues(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  if (typeof answer === 'number') return [String(answer)];
  if (Array.isArray(answer)) return answer.filter((v): v is string => typeof v === 'string');
  if (typeof answer !== 'object' || answer === null) return [];
  // A matrix's rows, as `row:value` pairs.
  return Object.entries(answer).flatMap(([row, v]) => (Array.isArray(v) ? v : [v]).map((c) => `${row}:${c}`));
}

/**
 * The form page: `<formloom-form>` around the form's markup (`renderForm` of
 * `@formloom/elements/markup`) and its data block (the public form as the API answers it, and its
 * language's texts). The page's script is the element itself, which takes that markup over where
 * it is: one renderer, one runtime, whether the form is embedded or on its own page. Without a
 * script the same markup is a plain HTML form. `form.schema` is in the respondent's language;
 * `prefill` holds the prefilled answers by field id (from the page's query); `seed` is a resumed
 * partial's shuffle seed.
 */
export function renderFormPage(
  form: PublicForm,
  texts: PageTexts,
  assets: PageAssetLinks,
  prefill: Readonly<Record<string, unknown>>,
  plainPost?: PlainPost,
  seed?: string,
  look?: PageLook,
): string {
  const { schema } = form;
  const description = form.description ?? schema.meta.description ?? null;
  const markup = renderForm({ title: form.title, description, schema }, texts, {
    noscript: true,
    captcha: form.captcha !== undefined,
    plain: plainPost === undefined ? undefined : plainPostMarkup(schema, texts, plainPost),
    families: ALL_FAMILIES,
    // A shuffled form's order per respondent: a new seed per first view, the posted one after a
    // post, a resumed partial's on a resume.
    seed: plainPost?.state?.seed ?? seed ?? randomUUID(),
  });
  // A page rendered after a plain post is the no-script flow: it has no script to take over.
  if (plainPost?.state !== undefined)
    return layout(schema.meta.language, form.title, assets, markup, undefined, look);
  // The element's `prefill` names query parameters, as an embed's does.
  const params: Record<string, string | string[]> = {};
  for (const target of prefillTargets(schema)) {
    const value = paramValues(prefill[target.fieldId]);
    if (value.length > 0) params[target.param] = value;
  }
  // The page has applied the theme itself: its element needs none of it again.
  const { theme: _applied, ...shown } = form;
  const served: ServedForm = { ...shown, pack: languagePack(schema.meta.language) };
  return layout(
    schema.meta.language,
    form.title,
    assets,
    html`<formloom-form code="${form.code}" api=".." lang="${schema.meta.language}"${Object.keys(params).length > 0 ? html` prefill="${JSON.stringify(params)}"` : ''}>
${markup}
${dataBlock(served)}
</formloom-form>`,
    assets.script,
    look,
  );
}
