import { formatMessage } from '@formloom/contract/engine';
import type { FormRuntime, FormState } from '@formloom/runtime';
import { accessTextsFor } from '@formloom/runtime/access';
import {
  confirmCode,
  editTime,
  editUrl,
  requestCode,
  respondentRefusal,
  respondentTextsFor,
} from '@formloom/runtime/respondent';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * Who answers and edits (docs/embedding.md "Personal links, verified addresses and edits in an
 * embed"), loaded only for a form with such rules: the address prompt of a form answered once
 * per address, the notice of a refusal (a personal link needed or used, an address that answered,
 * an edit too late or unknown), the note above a form that edits a response and the edit link on
 * the thank-you. Not a question type: a chunk of its own, as the families are.
 */

export interface RespondentProps {
  form: FormRuntime;
  state: FormState;
  /** The form's language (or the `lang` given). */
  language: string;
  className?: string | undefined;
}

/**
 * The `verify` state: the address (labelled e-mail input, "send me a code"), then the code mailed
 * to it (its intro names the address; "confirm", "use another address"); each refusal said in a
 * live region tied to the input. Proven, the runtime shows the form (with the answers given so
 * far, when a submission asked).
 */
export function AddressPrompt({ form, state, language, className }: RespondentProps) {
  const texts = respondentTextsFor(language);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const asking = email === undefined;
  /** Counts the steps shown: each after the first takes the focus on its input. */
  const [steps, setSteps] = useState(0);
  useEffect(() => {
    if (steps > 0) input.current?.focus();
  }, [steps]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const value = input.current?.value.trim() ?? '';
    setBusy(true);
    const ok = await (asking ? requestCode(form, value) : confirmCode(form, email ?? '', value)).catch(
      () => false,
    );
    setBusy(false);
    if (ok) {
      setRefusal(undefined);
      if (asking) {
        setEmail(value);
        setSteps((n) => n + 1);
      }
      return;
    }
    const problem = form.getState().problem;
    setRefusal(
      problem === 'code'
        ? texts.wrongCode
        : problem === 'rate_limited'
          ? texts.tooManyCodes
          : problem === 'invalid'
            ? formatMessage(language, 'email')
            : accessTextsFor(language).noAnswer,
    );
    input.current?.select();
    input.current?.focus();
  }

  return (
    <form className={className} noValidate onSubmit={onSubmit}>
      <header className="fl-header">
        <h1>{state.title}</h1>
        <p className="fl-description">
          {texts.emailTitle}. {texts.emailIntro}
        </p>
      </header>
      <div className="fl-field" key={asking ? 'email' : 'code'}>
        {asking ? null : <p className="fl-help">{texts.codeIntro.replace('{email}', email ?? '')}</p>}
        <label className="fl-label" htmlFor={id}>
          {asking ? texts.emailLabel : texts.codeLabel}
        </label>
        <input
          ref={input}
          id={id}
          name={asking ? 'email' : 'code'}
          required
          {...(asking
            ? { type: 'email', maxLength: 254, autoComplete: 'email' }
            : {
                type: 'text',
                inputMode: 'numeric',
                pattern: '[0-9]{6}',
                maxLength: 6,
                autoComplete: 'one-time-code',
              })}
          aria-invalid={refusal === undefined ? undefined : true}
          aria-describedby={`${id}-said`}
        />
      </div>
      <div className="fl-alert" role="alert" id={`${id}-said`}>
        {refusal}
      </div>
      <div className="fl-actions">
        <button type="submit" className="fl-button" disabled={busy}>
          {asking ? texts.sendCode : texts.confirmCode}
        </button>
        {asking ? null : (
          <button
            type="button"
            className="fl-button fl-secondary"
            onClick={() => {
              setRefusal(undefined);
              setEmail(undefined);
              setSteps((n) => n + 1);
            }}
          >
            {texts.otherAddress}
          </button>
        )}
      </div>
    </form>
  );
}

/** A refusal of who answers or of an edit, in the form's place; undefined for any other problem. */
export function RespondentNotice({ state, language, className }: Omit<RespondentProps, 'form'>) {
  const said = respondentRefusal(respondentTextsFor(language), state);
  return said === undefined ? null : (
    <div className={className} role="alert">
      <h2>{said[0]}</h2>
      <p>{said[1]}</p>
    </div>
  );
}

/** Above a form that edits a response: what submitting does. */
export function EditingNote({ language }: { language: string }) {
  return <p className="fl-description">{respondentTextsFor(language).editing}</p>;
}

/**
 * On the thank-you of a form with `allowEdit`: until when the answers can be changed, and the
 * link to change them, to this page's address with `?edit=` (pass it to the component's
 * `editToken`) or to `page`.
 */
export function EditLink({ state, language, page }: { state: FormState; language: string; page?: string }) {
  const texts = respondentTextsFor(language);
  if (state.editToken === undefined || state.editUntil === undefined) return null;
  return (
    <p className="fl-edit-link">
      {texts.editUntil.replace('{time}', editTime(state.editUntil, language))}{' '}
      <a href={editUrl(page ?? window.location.href, state.editToken)}>{texts.editLink}</a>
    </p>
  );
}
