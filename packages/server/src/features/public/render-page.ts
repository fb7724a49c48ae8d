import type { FormSchema, PublicCaptcha } from '@formloom/contract';
import { effectiveMaxUploadMB, messagesFor } from '@formloom/contract/engine';
import { type PlainPost, plainPostMarkup, renderForm } from '@formloom/elements/markup';
import { maxUploadBytes } from '../uploads/index.js';
import { DATA_ELEMENT_ID, type PageData } from './client/page-data.js';
import { html, jsonForScript, type SafeHtml } from './html.js';
import type { PageTexts } from './page-texts.js';

/** Relative to `/f/<code>`, so a path prefix in front of the server keeps working. */
export interface PageAssetLinks {
  /** The form page's script. */
  script: string;
  /** The interview page's script. */
  interview: string;
  style: string;
}

export { honeypot, pageOf } from '@formloom/elements/markup';

/** The JSON block the page's script reads its data from. */
export function dataBlock(data: unknown): SafeHtml {
  return html`<script type="application/json" id="${DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
}

export interface FormView {
  code: string;
  title: string;
  description: string | null;
  schema: FormSchema;
  /** The captcha widget to show, for a form with `settings.captcha`. */
  captcha?: PublicCaptcha | undefined;
}

/** The page around `body`: no inline script or style (the CSP allows none); `script` is an asset link. */
export function layout(
  lang: string,
  title: string,
  assets: PageAssetLinks,
  body: SafeHtml,
  script?: string,
): string {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="${assets.style}">
${script === undefined ? '' : html`<script src="${script}" defer></script>`}
</head>
<body>
<main class="fl">
${body}
</main>
</body>
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
): string {
  return layout(
    lang,
    `${title} · ${texts.thanksTitle}`,
    assets,
    html`<div class="fl-card fl-done" id="fl-done">
<p class="fl-form-title">${title}</p>
<h1>${texts.thanksTitle}</h1>
<p id="fl-done-message">${message ?? texts.thanksBody}</p>
</div>`,
  );
}

/** A page with a heading and a sentence (text, or markup with a link): 404, closed, too many requests, errors. */
export function renderMessagePage(
  lang: string,
  assets: PageAssetLinks,
  heading: string,
  message: string | SafeHtml,
  formTitle?: string,
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
  );
}

/**
 * The form page: the form's markup (`renderForm` of `@formloom/elements/markup`, the one renderer
 * shared with `<formloom-form>`) and the JSON data block the page's script reads the schema and
 * texts from. `form.schema` is in the respondent's language.
 */
export function renderFormPage(
  form: FormView,
  texts: PageTexts,
  assets: PageAssetLinks,
  api: string,
  plainPost?: PlainPost,
): string {
  const { schema } = form;
  const markup = renderForm(
    { title: form.title, description: form.description ?? schema.meta.description ?? null, schema },
    texts,
    {
      noscript: true,
      captcha: form.captcha !== undefined,
      plain: plainPost === undefined ? undefined : plainPostMarkup(schema, texts, plainPost),
    },
  );
  // A page rendered after a plain post is the no-script flow: it has no script to take over.
  if (plainPost?.state !== undefined) return layout(schema.meta.language, form.title, assets, markup);
  const uploadLimits: PageData['uploadLimits'] = {};
  for (const field of schema.fields) {
    if (field.type !== 'file') continue;
    uploadLimits[field.id] = { maxBytes: maxUploadBytes(field), maxMB: effectiveMaxUploadMB(field) };
  }
  const description = form.description ?? schema.meta.description ?? null;
  const messages = messagesFor(schema.meta.language);
  const data: PageData = { schema, texts, messages, api, uploadLimits, description };
  if (form.captcha !== undefined) data.captcha = form.captcha;
  return layout(
    schema.meta.language,
    form.title,
    assets,
    html`${markup}
${dataBlock(data)}`,
    assets.script,
  );
}
