import type { Dom } from './dom.js';
import { html } from './markup/html.js';
import { ids } from './markup/ids.js';

/**
 * Save and resume on `<formloom-form>` (a paged form saves its answers after each Next): the link
 * to continue later, and the address bar saying `?resume=<token>` so a reload resumes. Its own
 * chunk, loaded once a form has a saved token (or an expired one to clear): most forms never do.
 */

export const RESUME_PARAM = 'resume';

/** The box's rules, for the element's shadow root (the server's page has them in its own sheet). */
const RESUME_STYLE =
  '.fl-resume{margin-top:1.25rem;padding-top:1rem;border-top:1px solid var(--fl-line)}.fl-resume-row{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}.fl-resume-row input{flex:1 1 12rem;width:auto;min-width:0}';

/** The address bar says `?resume=<token>` (or no longer); the address is returned. */
export function setUrlToken(token: string | undefined): string {
  const at = new URL(location.href);
  if (token === undefined) at.searchParams.delete(RESUME_PARAM);
  else at.searchParams.set(RESUME_PARAM, token);
  history.replaceState(history.state, '', at.toString());
  return at.toString();
}

export interface ResumeHost {
  dom: Dom;
  texts: { resumeSaved: string; copyLink: string; copied: string };
  parts(root: ParentNode): void;
}

/**
 * The box with the link to continue later, after the buttons (so it never comes between the fields
 * and Next in the tab order), drawn the first time a token is saved. The host page's own URL (its
 * other parameters kept) with the token; on the server's own page (`own`) the form's link alone
 * (`/f/:code?resume=`): prefilled answers are in the saved ones.
 */
export function drawResume(host: ResumeHost, token: string | undefined, own: boolean): void {
  const { dom, texts } = host;
  const url = setUrlToken(token);
  let box = dom.byId(ids.resume);
  if (box === null && token !== undefined) {
    const actions = dom.byId(ids.submit)?.parentElement;
    if (actions == null) return;
    actions.insertAdjacentHTML(
      'afterend',
      html`<div class="fl-resume" id="${ids.resume}">
<label for="${ids.resumeLink}">${texts.resumeSaved}</label>
<div class="fl-resume-row"><input type="text" id="${ids.resumeLink}" readonly>
<button type="button" class="fl-button fl-secondary" id="${ids.resumeCopy}">${texts.copyLink}</button></div>
<span class="fl-resume-copied" id="${ids.resumeCopied}" aria-live="polite"></span>
</div>`.value,
    );
    box = dom.byId(ids.resume)!;
    const root = box.getRootNode();
    if (root instanceof ShadowRoot) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(RESUME_STYLE);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    host.parts(box);
    const link = dom.byId<HTMLInputElement>(ids.resumeLink)!;
    link.onfocus = () => link.select();
    dom.byId(ids.resumeCopy)!.onclick = () => {
      link.select();
      void navigator.clipboard?.writeText(link.value).then(
        () => (dom.byId(ids.resumeCopied)!.textContent = texts.copied),
        () => undefined,
      );
    };
  }
  if (box === null) return;
  if (token !== undefined)
    dom.byId<HTMLInputElement>(ids.resumeLink)!.value = own
      ? `${location.origin}${location.pathname}?${RESUME_PARAM}=${token}`
      : url;
  box.hidden = token === undefined;
}
