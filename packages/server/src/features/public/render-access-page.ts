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

/**
 * A form answered once per proven address, before the visitor proved one: the address form
 * (posting to `verify`), or once a code was sent the code form (posting to `confirm`, the address
 * carried along). Plain HTML forms, with and without JavaScript; `said` is why the last try failed.
 */
export function renderEmailPage(
  lang: string,
  links: PageAssetLinks,
  actions: { verify: string; confirm: string; back: string },
  formTitle: string,
  texts: AccessPageTexts,
  query: string,
  step: { email?: string | undefined },
  said?: string,
): string {
  const withQuery = (path: string) => `${path}${query === '' ? '' : `?${query}`}`;
  const error =
    said === undefined ? '' : html`<p class="fl-alert" role="alert" id="fl-email-error">${said}</p>`;
  const invalid = said === undefined ? '' : html` aria-invalid="true" aria-describedby="fl-email-error"`;
  const body =
    step.email === undefined
      ? html`<p class="fl-description">${texts.emailIntro}</p>
${error}
<form method="post" action="${withQuery(actions.verify)}">
<div class="fl-field">
<label class="fl-label" for="fl-email">${texts.emailLabel}</label>
<input type="email" id="fl-email" name="email" required maxlength="254" autocomplete="email"${invalid}>
</div>
<div class="fl-actions fl-plain-actions"><button type="submit" class="fl-button">${texts.sendCode}</button></div>
</form>`
      : html`<p class="fl-description">${texts.codeIntro.replace('{email}', step.email)}</p>
${error}
<form method="post" action="${withQuery(actions.confirm)}">
<input type="hidden" name="email" value="${step.email}">
<div class="fl-field">
<label class="fl-label" for="fl-code">${texts.codeLabel}</label>
<input type="text" id="fl-code" name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code"${invalid}>
</div>
<div class="fl-actions fl-plain-actions"><button type="submit" class="fl-button">${texts.confirmCode}</button></div>
</form>
<p><a href="${withQuery(actions.back)}">${texts.otherAddress}</a></p>`;
  return layout(
    lang,
    `${formTitle} · ${texts.emailTitle}`,
    links,
    html`<div class="fl-card fl-message">
<p class="fl-form-title">${formTitle}</p>
<h1>${texts.emailTitle}</h1>
${body}
</div>`,
  );
}
