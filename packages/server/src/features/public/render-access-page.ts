import { html } from '../../platform/html.js';
import type { AccessPageTexts } from './access-page-texts.js';
import { layout, type PageAssetLinks } from './render-page.js';

/**
 * A password-protected form's page before it is unlocked: the form's title and a password form
 * that posts to `unlock`, the address of the form's unlock route relative to the page (a plain
 * HTML form: it works with and without JavaScript). `said` is why the last try failed (wrong
 * password, too many tries), announced as an alert and tied to the input. `query` keeps the
 * page's own (language, prefill) for the way back.
 */
export function renderPasswordPage(
  lang: string,
  links: PageAssetLinks,
  unlock: string,
  formTitle: string,
  texts: AccessPageTexts,
  query: string,
  said?: string,
): string {
  const action = `${unlock}${query === '' ? '' : `?${query}`}`;
  return layout(
    lang,
    `${formTitle} · ${texts.passwordTitle}`,
    links,
    html`<div class="fl-card fl-message">
<p class="fl-form-title">${formTitle}</p>
<h1>${texts.passwordTitle}</h1>
<p class="fl-description">${texts.passwordIntro}</p>
${said === undefined ? '' : html`<p class="fl-alert" role="alert" id="fl-password-error">${said}</p>`}
<form method="post" action="${action}">
<div class="fl-field">
<label class="fl-label" for="fl-password">${texts.passwordLabel}</label>
<input type="password" id="fl-password" name="password" required maxlength="200" autocomplete="current-password"${said === undefined ? '' : html` aria-invalid="true" aria-describedby="fl-password-error"`}>
</div>
<div class="fl-actions fl-plain-actions"><button type="submit" class="fl-button">${texts.unlock}</button></div>
</form>
</div>`,
  );
}
