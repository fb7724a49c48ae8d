import { INTERVIEW_LIMITS, isLanguage, LANGUAGES, type PublicSmartForm } from '@formloom/contract';
import { html, type SafeHtml } from '../../platform/html.js';
import { type InterviewPageData, interviewIds as ids, TEXT_ATTRIBUTE } from './client/interview-data.js';
import { type InterviewTexts, interviewTextsFor } from './interview-texts.js';
import { dataBlock, honeypot, layout, type PageAssetLinks } from './render-page.js';

/** A language's name in that language ("Deutsch", "Türkçe"), for the language choice. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (name !== undefined && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // not a language Intl knows
  }
  return code;
}

/** `{max}` in the texts the server writes (the script fills the others as it goes). */
function fill(text: string, max: number): string {
  return text.replaceAll('{max}', String(max));
}

/**
 * The interview page (`/s/:code`): a welcome card (title, welcome text, language choice, the
 * email-code step of a private smart form, start), the question card and the finish card. Only
 * the welcome card shows before the script runs; it moves between the cards as the interview goes.
 * `language` is the page's language (one the smart form allows, chosen from the visitor's browser).
 */
export function renderInterviewPage(
  form: PublicSmartForm,
  language: string,
  assets: PageAssetLinks,
  api: string,
): string {
  const pageLanguage = isLanguage(language) ? language : 'en';
  const texts = interviewTextsFor(pageLanguage);
  const t = (key: keyof InterviewTexts) =>
    html` ${TEXT_ATTRIBUTE}="${key}">${fill(texts[key], form.maxQuestions)}`;
  const choices = [...new Set(form.languages)];
  const data: InterviewPageData = {
    api,
    code: form.code,
    maxQuestions: form.maxQuestions,
    maxAnswerLength: INTERVIEW_LIMITS.maxAnswerLength,
    isPrivate: form.isPrivate,
    language: pageLanguage,
    texts: Object.fromEntries(
      [...(choices.length > 0 ? choices : LANGUAGES), pageLanguage].map((l) => [l, interviewTextsFor(l)]),
    ),
  };
  const languageChoice: SafeHtml | '' =
    choices.length > 1
      ? html`<div class="fl-field">
<label class="fl-label" for="${ids.language}"${t('language')}</label>
<select id="${ids.language}" name="language">
${choices.map((l) => html`<option value="${l}" lang="${l}"${l === language ? ' selected' : ''}>${languageName(l)}</option>\n`)}</select>
</div>
`
      : '';
  const start: SafeHtml = form.isPrivate
    ? html`<form id="${ids.emailForm}" novalidate>
<p class="fl-help"${t('privateNote')}</p>
<div class="fl-field">
<label class="fl-label" for="${ids.email}"${t('emailLabel')}</label>
<input type="email" id="${ids.email}" name="email" autocomplete="email" spellcheck="false" maxlength="320" aria-required="true">
</div>
<div class="fl-actions"><button type="submit" class="fl-button" disabled${t('sendCode')}</button></div>
</form>
<form id="${ids.codeForm}" novalidate hidden>
<p class="fl-help" id="${ids.codeSent}" aria-live="polite"></p>
<div class="fl-field">
<label class="fl-label" for="${ids.otp}"${t('codeLabel')}</label>
<input type="text" id="${ids.otp}" name="code" class="fl-otp" inputmode="numeric" autocomplete="one-time-code" maxlength="${INTERVIEW_LIMITS.otpLength}" aria-describedby="${ids.codeSent}" aria-required="true">
</div>
<div class="fl-actions"><button type="submit" class="fl-button" disabled${t('verify')}</button>
<button type="button" class="fl-link" id="${ids.otherEmail}"${t('otherEmail')}</button></div>
</form>
`
    : html`<form id="${ids.startForm}" novalidate>
<div class="fl-actions"><button type="submit" class="fl-button" disabled${t('start')}</button></div>
</form>
`;
  return layout(
    pageLanguage,
    form.title,
    assets,
    html`<div class="fl-card" id="${ids.welcome}">
<header class="fl-header">
<h1>${form.title}</h1>
${form.description ? html`<p class="fl-description">${form.description}</p>` : ''}
<p class="fl-note"${t('intro')}</p>
</header>
<noscript><p class="fl-alert"${t('jsRequired')}</p></noscript>
${languageChoice}${start}${honeypot(texts.honeypot)}
<div class="fl-alert" id="${ids.welcomeStatus}" role="alert" tabindex="-1" hidden></div>
</div>
<div class="fl-card" id="${ids.interview}" hidden>
<p class="fl-form-title">${form.title}</p>
<div class="fl-progress">
<p id="${ids.progress}" aria-live="polite"></p>
<progress id="${ids.progressBar}" max="${form.maxQuestions}" value="0" aria-hidden="true"></progress>
</div>
<form id="${ids.answerForm}" novalidate>
<h2 class="fl-question" id="${ids.question}"></h2>
<textarea id="${ids.answer}" name="answer" rows="6" maxlength="${INTERVIEW_LIMITS.maxAnswerLength}" aria-labelledby="${ids.question}" aria-describedby="${ids.counter} ${ids.hint}"></textarea>
<div class="fl-answer-meta"><span id="${ids.hint}"${t('hint')}</span><span id="${ids.counter}"></span></div>
<p class="fl-note" id="${ids.status}" role="status" aria-live="polite"></p>
<div class="fl-alert" id="${ids.error}" role="alert" hidden></div>
<div class="fl-actions"><button type="submit" class="fl-button" id="${ids.send}"${t('send')}</button>
<button type="button" class="fl-link" id="${ids.finishNow}" hidden${t('finishNow')}</button></div>
</form>
</div>
<div class="fl-card fl-done" id="${ids.done}" tabindex="-1" hidden>
<p class="fl-form-title">${form.title}</p>
<h2${t('doneTitle')}</h2>
<p id="${ids.closing}"></p>
</div>
${dataBlock(data)}`,
    assets.interview,
  );
}
