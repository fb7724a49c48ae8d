/**
 * `<origin>/embed.js` (docs/embedding.md "One script tag: `/embed.js`"): the `<formloom-form>` element and a
 * loader that renders a form where its script tag is.
 *
 * ```html
 * <script src="https://forms.example.com/embed.js" data-formloom-code="abcd1234EFGH5678" async></script>
 * ```
 *
 * `data-formloom-mode="popup"` shows a button instead, which opens the form over the page in a
 * modal `<dialog>` (Escape or the close button shuts it; focus goes back to the button). Also read:
 * `data-formloom-lang`, `data-formloom-prefill` (a JSON object), `data-formloom-resume`,
 * `data-formloom-button` (the button's text). Nothing is inserted as HTML: every node is made with
 * the DOM, and styles are set through CSSOM, which a host page's CSP allows.
 */
import '@formloom/elements';
import { formTextsFor } from '@formloom/contract/engine';
import { loadLanguage } from '@formloom/runtime';

const DONE = 'formloomMounted';
const PASSED = ['lang', 'prefill', 'resume'] as const;

/** The server's base URL: the script's own URL without `/embed.js` (a path prefix is kept). */
function apiOf(script: HTMLScriptElement): string {
  const url = new URL(script.src, document.baseURI);
  return `${url.origin}${url.pathname.replace(/\/embed\.js$/, '')}`;
}

function formFor(script: HTMLScriptElement): HTMLElement {
  const form = document.createElement('formloom-form');
  form.setAttribute('code', script.dataset.formloomCode ?? '');
  form.setAttribute('api', apiOf(script));
  for (const name of PASSED) {
    const value = script.dataset[`formloom${name[0]!.toUpperCase()}${name.slice(1)}`];
    if (value !== undefined) form.setAttribute(name, value);
  }
  return form;
}

function popup(script: HTMLScriptElement): void {
  const language = script.dataset.formloomLang ?? document.documentElement.lang ?? 'en';
  let texts = formTextsFor(language);
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'formloom-open';
  open.textContent = script.dataset.formloomButton ?? texts.openForm;
  const dialog = document.createElement('dialog');
  dialog.className = 'formloom-dialog';
  dialog.setAttribute('aria-label', open.textContent);
  Object.assign(dialog.style, {
    width: 'min(40rem, calc(100vw - 2rem))',
    maxHeight: 'calc(100dvh - 2rem)',
    padding: '0',
    border: 'none',
    borderRadius: '0.5rem',
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'formloom-close';
  close.textContent = texts.closeForm;
  Object.assign(close.style, { display: 'block', marginInlineStart: 'auto', margin: '0.5rem' });
  close.addEventListener('click', () => dialog.close());
  open.addEventListener('click', () => {
    // The form is made on first open, so a page with a popup loads nothing until it is wanted.
    if (dialog.querySelector('formloom-form') === null) dialog.append(formFor(script));
    dialog.showModal();
  });
  // The native dialog returns focus to the element that had it (the button) when it closes.
  dialog.append(close);
  script.after(open, dialog);
  // The engine here has English only: the two texts in the page's language follow from the server.
  void loadLanguage(apiOf(script), language).then(() => {
    texts = formTextsFor(language);
    if (script.dataset.formloomButton === undefined) open.textContent = texts.openForm;
    dialog.setAttribute('aria-label', open.textContent ?? '');
    close.textContent = texts.closeForm;
  });
}

function mount(script: HTMLScriptElement): void {
  if (script.dataset[DONE] !== undefined || script.dataset.formloomCode === undefined) return;
  script.dataset[DONE] = '';
  if (script.dataset.formloomMode === 'popup') popup(script);
  else script.after(formFor(script));
}

// `async` scripts have no currentScript after the first task: look for every tag naming a form.
const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-formloom-code]'))
  mount(script);
