import type { FormRuntime, RuntimeProblem } from '@formloom/runtime';
import { accessTextsFor, notOpenText, unlock, unlockRefusal } from '@formloom/runtime/access';

/** The prompt's own ids (the form's are `ids`): its box, its input and its refusal. */
const PROMPT = 'fl-lock';
const INPUT = 'fl-password';
const SAID = 'fl-password-said';

/** The password input, as the stylesheet draws the form's text inputs. */
const STYLE =
  'input[type=password]{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}';

/** The problems of who answers and of edits (`@formloom/runtime/respondent`), said by its chunk. */
const RESPONDENT_PROBLEMS = new Set<RuntimeProblem>([
  'link_required',
  'verification_required',
  'already_answered',
  'edit_closed',
  'edit_unknown',
]);

/** The language the page or the element asks for: the prompt comes before the form's own is known. */
function languageOf(host: HTMLElement): string {
  return host.getAttribute('lang') || host.closest<HTMLElement>('[lang]')?.lang || navigator.language;
}

/**
 * A form not to be filled in, on `<formloom-form>` (a chunk of its own: most forms load and are
 * open): why, as `said` gives the title and text of the load's problem, or before its opening time
 * its closed message; password-protected, the prompt (the form's title as its heading, a labelled
 * password input, the refusal in a live region). The prompt takes the form's place, or (a
 * submission refused for want of a token) goes above it while the form waits hidden with its
 * answers. Once unlocked, `opened` draws a form that had not loaded; a waiting one comes back,
 * to be sent again.
 */
export function showLocked(
  host: HTMLElement,
  root: ShadowRoot | HTMLElement,
  runtime: FormRuntime,
  opened: (() => unknown) | undefined,
  said: (problem: RuntimeProblem) => readonly string[],
): void {
  const state = runtime.getState();
  const texts = accessTextsFor(languageOf(host));
  // Who answers and edits (a personal link, an address to prove, an edit): a chunk of its own.
  if (
    state.status === 'verify' ||
    state.editing === true ||
    state.editToken !== undefined ||
    RESPONDENT_PROBLEMS.has(state.problem!)
  ) {
    void import('./respondent.js').then((m) =>
      m.showRespondent(host, root, runtime, opened, said, languageOf(host)),
    );
    return;
  }
  if (state.status !== 'password') {
    const problem = state.problem ?? 'server';
    let [title, body] = said(problem);
    // Refused before it was read: not open yet, with the form's closed message.
    if (state.status === 'unavailable' && problem === 'closed') {
      title = texts.notOpenTitle;
      body = notOpenText(texts, state);
    }
    root.innerHTML = '<div class="fl-card fl-alert" part="alert" role="alert"><h2></h2><p></p></div>';
    fill(root, { h2: title!, p: body! });
    announce(host, problem);
    return;
  }
  if (root.querySelector(`#${PROMPT}`) !== null) return;
  // Told to the host page too (the server's own page then loads again, as its password form).
  announce(host, 'password');
  // The form on show (a submission asked), if any: it waits hidden under the prompt.
  const form = root.querySelector<HTMLFormElement>('form');
  const box = document.createElement('div');
  box.innerHTML = PROMPT_MARKUP;
  const prompting = box.firstElementChild as HTMLFormElement;
  fill(prompting, {
    h1: state.title,
    '.fl-description': `${texts.passwordTitle}. ${texts.passwordIntro}`,
    label: texts.passwordLabel,
    button: texts.unlock,
  });
  if (form === null) root.replaceChildren(prompting);
  else {
    form.hidden = true;
    form.before(prompting);
  }
  if (root instanceof ShadowRoot) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const input = prompting.querySelector<HTMLInputElement>(`#${INPUT}`)!;
  const refused = prompting.querySelector<HTMLElement>(`#${SAID}`)!;
  const button = prompting.querySelector<HTMLButtonElement>('button')!;
  if (form !== null) input.focus();
  prompting.addEventListener('submit', async (event) => {
    event.preventDefault();
    // The element hears its form's submit on its root: this one is the prompt's alone.
    event.stopPropagation();
    if (button.disabled) return;
    button.disabled = true;
    const ok = await unlock(runtime, input.value).catch(() => false);
    button.disabled = false;
    if (!ok) {
      const refusal = unlockRefusal(texts, runtime.getState());
      refused.textContent = refusal ?? '';
      refused.hidden = refusal === undefined;
      input.setAttribute('aria-invalid', 'true');
      input.select();
      input.focus();
      return;
    }
    prompting.remove();
    if (form === null) {
      await opened?.();
      root.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea,button')?.focus();
    } else {
      form.hidden = false;
      form.querySelector<HTMLElement>('[type=submit]:not([hidden])')?.focus();
    }
  });
}

/**
 * The prompt: a plain form whose input is labelled and tied to the refusal said under it; its
 * texts are set as text (`fill`), never as markup. The parts are those of the form's own markup.
 */
const PROMPT_MARKUP = `<form class="fl-card" id="${PROMPT}" part="form" novalidate>
<header class="fl-header"><h1 part="title"></h1><p class="fl-description" part="description"></p></header>
<div class="fl-field" part="field">
<label class="fl-label" part="label" for="${INPUT}"></label>
<input type="password" id="${INPUT}" part="input" name="password" required maxlength="200" autocomplete="current-password" aria-describedby="${SAID}">
<p class="fl-alert" part="alert" id="${SAID}" role="alert" hidden></p>
</div>
<div class="fl-actions"><button type="submit" class="fl-button" part="button"></button></div>
</form>`;

/** `formloom:error` with the problem, as the element sends it. */
function announce(host: HTMLElement, problem: string): void {
  host.dispatchEvent(
    new CustomEvent('formloom:error', { detail: { problem }, bubbles: true, composed: true }),
  );
}

/** Sets the text of the first element of each selector under `root`. */
function fill(root: ParentNode, texts: Record<string, string>): void {
  for (const [selector, text] of Object.entries(texts)) root.querySelector(selector)!.textContent = text;
}
