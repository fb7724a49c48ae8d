import { messagesFor, phoneNumbering } from '@formloom/contract/engine';
import { countryNames } from '@formloom/contract/engine/parts';
import { useMemo, useState } from 'react';
import type { FieldProps } from '../fields.js';
import { common, Errors, Help, Input, Label, text } from '../internal/parts.js';

/**
 * The inputs family: phone, url, time and datetime, loaded when a form shows one of them
 * (docs/embedding.md "React: the question types"). Each is a native input; the answers are the
 * shapes of docs/form-model.md: a phone as E.164, a time `HH:MM`, a date and time ISO 8601 with
 * the respondent's offset.
 */

export function Url(props: FieldProps) {
  return <Input props={props} type="url" inputMode="url" autoComplete="url" />;
}

export function Time(props: FieldProps) {
  return <Input props={props} type="time" />;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A local date and time (`2026-12-01T09:30`, as a datetime-local input gives it) as ISO 8601 with
 * the browser's offset at that moment: `2026-12-01T09:30:00+01:00` in Berlin in winter.
 */
function withOffset(local: string): string | undefined {
  const m = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (m === null) return undefined;
  const at = new Date(2000, 0, 1, Number(m[4]), Number(m[5]));
  at.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${m[0]}:00${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

export function DateTime(props: FieldProps) {
  // The answer's own local date and time, as written with its offset.
  const shown = /^\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}/.exec(text(props.value))?.[0] ?? '';
  return (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <input
        {...common(props)}
        type="datetime-local"
        value={shown}
        onChange={(e) => props.onChange(withOffset(e.currentTarget.value))}
      />
      <Errors props={props} />
    </div>
  );
}

/**
 * A country choice (with calling codes) beside a `tel` input. A number typed without `+` is read
 * in the chosen country (at first the field's `phone.defaultCountry`) and answered as E.164; one
 * the numbering cannot read is answered as typed, for the engine's message.
 */
export function Phone(props: FieldProps) {
  const numbering = phoneNumbering();
  const countries = useMemo(() => {
    const codes = new Map(numbering?.countries() ?? []);
    return countryNames(props.language, [...codes.keys()]).map(
      ([country, name]) => [country, `${name} (+${codes.get(country)})`] as const,
    );
  }, [numbering, props.language]);
  const [country, setCountry] = useState(props.field.phone?.defaultCountry ?? '');
  // What was typed, and the answer it gave: an answer set elsewhere (a resumed partial) shows as is.
  const [typed, setTyped] = useState({ text: text(props.value), answer: props.value });
  if (typed.answer !== props.value) setTyped({ text: text(props.value), answer: props.value });

  function answer(input: string, inCountry: string) {
    const trimmed = input.trim();
    const value = trimmed === '' ? undefined : (numbering?.e164(trimmed, inCountry || undefined) ?? trimmed);
    setTyped({ text: input, answer: value });
    props.onChange(value);
  }

  const countryId = `${props.id}-country`;
  return (
    <div className="fl-field fl-phone" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      {countries.length > 0 ? (
        <>
          <select
            id={countryId}
            name={`${props.name}.country`}
            className="fl-phone-country"
            aria-label={messagesFor(props.language).addressCountry}
            disabled={props.locked}
            value={country}
            style={{ maxWidth: '100%' }}
            onChange={(e) => {
              setCountry(e.currentTarget.value);
              answer(typed.text, e.currentTarget.value);
            }}
          >
            <option value="">{props.texts.choose}</option>
            {countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>{' '}
        </>
      ) : null}
      <input
        {...common(props)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={props.placeholder}
        value={typed.text}
        onChange={(e) => answer(e.currentTarget.value, country)}
      />
      <Errors props={props} />
    </div>
  );
}
