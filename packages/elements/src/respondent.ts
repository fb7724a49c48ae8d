import { formatMessage } from '@formloom/contract/engine';
import type { FormRuntime, RuntimeProblem } from '@formloom/runtime';
import { accessTextsFor } from '@formloom/runtime/access';
import {
  confirmCode,
  editTime,
  editUrl,
  type RespondentTexts,
  requestCode,
  respondentRefusal,
  respondentTextsFor,
} from '@formloom/runtime/respondent';
import { ids } from './markup/ids.js';

/** The prompt's own ids (the form's are `ids`): its box, its inputs and its refusal. */
const PROMPT = 'fl-verify';
const EMAIL = 'fl-verify-email';
const CODE = 'fl-verify-code';
const SAID = 'fl-verify-said';
const NOTE = 'fl-edit-note';
const LINK = 'fl-edit-link';
const REFUSED = 'fl-refused';

/** The address and code inputs, as the stylesheet draws the form's text inputs. */
const STYLE =
  '#fl-verify input{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}#fl-verify .fl-actions{flex-wrap:wrap;gap:.5rem}';

/**
 * Who answers and edits, on `<formloom-form>` (a chunk of its own, loaded from the locked form's
 * chunk for a form with such rules): a refusal (a personal link needed or used, an address that
 * answered, an edit link too late or unknown) in the form's place; the address to prove before
 * the form (or above it, when a submission asked), by a code mailed to it; the note above a form
 * that edits a response; and the edit link on the thank-you, to the host page's address with
 * `?edit=`, which the element reads.
 */
export function showRespondent(
  host: HTMLElement,
  root: ShadowRoot | HTMLElement,
  runtime: FormRuntime,
  opened: (() => unknown) | undefined,
  said: (problem: RuntimeProblem) => readonly string[],
  language: string,
): void {
  const state = runtime.getState();
  const texts = respondentTextsFor(state.language ?? language);
  const form = root.querySelector<HTMLFormElement>(`form[id="${ids.form}"]`);
  if (state.status === 'unavailable') {
    // Said once: the element draws again after a refusal, with nothing new to say.
    if (root.querySelector(`#${REFUSED}`) !== null) return;
    const problem = state.problem ?? 'server';
    const [title, body] = respondentRefusal(texts, state) ?? said(problem);
    root.innerHTML = `<div class="fl-card fl-alert" id="${REFUSED}" part="alert" role="alert"><h2></h2><p></p></div>`;
    fill(root, { h2: title!, p: body! });
    // A refused submission was announced by the element already.
    if (form === null) announce(host, problem);
    root.querySelector<HTMLElement>('[role=alert]')!.tabIndex = -1;
    root.querySelector<HTMLElement>('[role=alert]')!.focus();
    return;
  }
  if (state.status === 'verify') {
    askAddress(host, root, runtime, form, opened, texts, state.language ?? language);
    return;
  }
  if (state.status === 'done' && state.editToken !== undefined && state.editUntil !== undefined) {
    const done = root.querySelector<HTMLElement>(`#${ids.done}`);
    if (done === null || done.querySelector(`#${LINK}`) !== null) return;
    const line = document.createElement('p');
    line.id = LINK;
    line.className = 'fl-edit-link';
    line.textContent = `${texts.editUntil.replace('{time}', editTime(state.editUntil, state.language ?? language))} `;
    const link = document.createElement('a');
    link.href = editUrl(location.href, state.editToken);
    link.textContent = texts.editLink;
    line.append(link);
    done.append(line);
    return;
  }
  if (state.editing === true && form !== null && root.querySelector(`#${NOTE}`) === null) {
    const note = document.createElement('p');
    note.id = NOTE;
    note.className = 'fl-description';
    note.setAttribute('part', 'description');
    note.textContent = texts.editing;
    (form.querySelector('header') ?? form).append(note);
  }
}

/**
 * The address prompt: a labelled e-mail input and "send me a code", then the code input (its
 * intro names the address) with "confirm" and "use another address"; each refusal said in a live
 * region tied to the input. Texts are set as text, never as markup. Proven, the prompt goes and
 * the form shows (a form that waited under it comes back with its answers, to be sent again).
 */
function askAddress(
  host: HTMLElement,
  root: ShadowRoot | HTMLElement,
  runtime: FormRuntime,
  form: HTMLFormElement | null,
  opened: (() => unknown) | undefined,
  texts: RespondentTexts,
  language: string,
): void {
  if (root.querySelector(`#${PROMPT}`) !== null) return;
  announce(host, 'verification_required');
  const box = document.createElement('div');
  box.innerHTML = PROMPT_MARKUP;
  const prompting = box.firstElementChild as HTMLFormElement;
  const state = runtime.getState();
  fill(prompting, { h1: state.title, '.fl-description': `${texts.emailTitle}. ${texts.emailIntro}` });
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
  const field = prompting.querySelector<HTMLElement>('.fl-field')!;
  const refused = prompting.querySelector<HTMLElement>(`#${SAID}`)!;
  const actions = prompting.querySelector<HTMLElement>('.fl-actions')!;
  const access = accessTextsFor(language);
  let email: string | undefined;

  /** The step on show: the address (no `email` yet) or the code mailed to `email`. */
  function step(focus: boolean) {
    const asking = email === undefined;
    field.innerHTML = asking
      ? `<label class="fl-label" part="label" for="${EMAIL}"></label><input type="email" id="${EMAIL}" part="input" name="email" required maxlength="254" autocomplete="email" aria-describedby="${SAID}">`
      : `<p class="fl-help" part="help"></p><label class="fl-label" part="label" for="${CODE}"></label><input type="text" id="${CODE}" part="input" name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" aria-describedby="${SAID}">`;
    actions.innerHTML = asking
      ? '<button type="submit" class="fl-button" part="button"></button>'
      : '<button type="submit" class="fl-button" part="button"></button><button type="button" class="fl-button fl-secondary" part="button"></button>';
    fill(field, { label: asking ? texts.emailLabel : texts.codeLabel });
    if (!asking) fill(field, { p: texts.codeIntro.replace('{email}', email!) });
    const [send, other] = actions.querySelectorAll('button');
    send!.textContent = asking ? texts.sendCode : texts.confirmCode;
    if (other !== undefined) {
      other.textContent = texts.otherAddress;
      other.addEventListener('click', () => {
        email = undefined;
        say(undefined);
        step(true);
      });
    }
    if (focus) field.querySelector('input')!.focus();
  }

  function say(text: string | undefined) {
    refused.textContent = text ?? '';
    refused.hidden = text === undefined;
    const input = field.querySelector('input');
    if (text === undefined) input?.removeAttribute('aria-invalid');
    else input?.setAttribute('aria-invalid', 'true');
  }

  step(form !== null);
  prompting.addEventListener('submit', async (event) => {
    event.preventDefault();
    // The element hears its form's submit on its root: this one is the prompt's alone.
    event.stopPropagation();
    const button = actions.querySelector('button')!;
    const input = field.querySelector('input')!;
    if (button.disabled) return;
    button.disabled = true;
    const value = input.value.trim();
    const ok =
      email === undefined
        ? await requestCode(runtime, value).catch(() => false)
        : await confirmCode(runtime, email, value).catch(() => false);
    button.disabled = false;
    // The address has answered already: said in the prompt's place (a form on show is redrawn so
    // by the element).
    if (runtime.getState().status === 'unavailable') {
      if (form === null) showRespondent(host, root, runtime, opened, () => [], language);
      return;
    }
    if (!ok) {
      say(refusalOf(runtime.getState().problem, texts, access, language));
      input.select();
      input.focus();
      return;
    }
    if (email === undefined) {
      email = value;
      say(undefined);
      step(true);
      return;
    }
    prompting.remove();
    if (form === null) {
      await opened?.();
      root.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea,button')?.focus();
    } else {
      // The refusal the element said under the form is answered now.
      form.querySelector<HTMLElement>(`#${ids.status}`)?.setAttribute('hidden', '');
      form.hidden = false;
      form.querySelector<HTMLElement>('[type=submit]:not([hidden])')?.focus();
    }
  });
}

/** Why the last try of the prompt failed, in the respondent's language. */
function refusalOf(
  problem: RuntimeProblem | undefined,
  texts: RespondentTexts,
  access: ReturnType<typeof accessTextsFor>,
  language: string,
): string {
  if (problem === 'code') return texts.wrongCode;
  if (problem === 'rate_limited') return texts.tooManyCodes;
  if (problem === 'invalid') return formatMessage(language, 'email');
  return access.noAnswer;
}

/** The prompt: a plain form, its parts those of the form's own markup. */
const PROMPT_MARKUP = `<form class="fl-card" id="${PROMPT}" part="form" novalidate>
<header class="fl-header"><h1 part="title"></h1><p class="fl-description" part="description"></p></header>
<div class="fl-field" part="field"></div>
<p class="fl-alert" part="alert" id="${SAID}" role="alert" hidden></p>
<div class="fl-actions"></div>
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
