import type { FormRuntime, FormState } from '@formloom/runtime';
import { accessTextsFor, notOpenText, unlock, unlockRefusal } from '@formloom/runtime/access';
import { type FormEvent, useId, useRef, useState } from 'react';

/**
 * A form not open to the respondent yet (docs/embedding.md "A password-protected form in an embed"), loaded only then:
 * the password prompt of a protected form and the notice before a form's opening time. Not a
 * question type: a chunk of its own, as the families are.
 */

export interface PasswordPromptProps {
  form: FormRuntime;
  state: FormState;
  /** The language to ask in: the `lang` the form was given (its own is not known before it opens). */
  language: string;
  className?: string | undefined;
}

/**
 * The prompt of a form in the `password` state: the form's title as its heading, a labelled
 * password input tied to the refusal, which is said in a live region. Once unlocked, the runtime
 * shows the form (with the answers given so far, when a submission asked).
 */
export function PasswordPrompt({ form, state, language, className }: PasswordPromptProps) {
  const texts = accessTextsFor(language);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refusal = unlockRefusal(texts, state);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const ok = await unlock(form, input.current?.value ?? '').catch(() => false);
    setBusy(false);
    // Refused: the input takes the focus with its text selected, to be typed over.
    if (!ok) {
      input.current?.select();
      input.current?.focus();
    }
  }

  return (
    <form className={className} noValidate onSubmit={onSubmit}>
      <header className="fl-header">
        <h1>{state.title}</h1>
        <p className="fl-description">
          {texts.passwordTitle}. {texts.passwordIntro}
        </p>
      </header>
      <div className="fl-field">
        <label className="fl-label" htmlFor={id}>
          {texts.passwordLabel}
        </label>
        <input
          ref={input}
          id={id}
          type="password"
          name="password"
          required
          maxLength={200}
          autoComplete="current-password"
          aria-invalid={refusal === undefined ? undefined : true}
          aria-describedby={`${id}-said`}
        />
      </div>
      <div className="fl-alert" role="alert" id={`${id}-said`}>
        {refusal}
      </div>
      <div className="fl-actions">
        <button type="submit" className="fl-button" disabled={busy}>
          {texts.unlock}
        </button>
      </div>
    </form>
  );
}

/** Before the form's opening time: said in `language`, with the form's own closed message when it has one. */
export function NotOpenNotice({ state, language }: { state: FormState; language: string }) {
  const texts = accessTextsFor(language);
  return (
    <div role="alert">
      <h2>{texts.notOpenTitle}</h2>
      <p>{notOpenText(texts, state)}</p>
    </div>
  );
}
