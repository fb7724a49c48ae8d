import type { ReactNode } from 'react';
import type { FieldProps } from '../fields.js';

/** The parts every default field component is made of; the question types' chunks use them too. */

export const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);
export const orUndefined = (value: string) => (value === '' ? undefined : value);

/** The controls focus may go to: the first of a page, of an invalid group, of a new entry. */
export const CONTROLS = 'input:not([type="hidden"]), select, textarea, button';

/** Ids joined for `aria-describedby`, or `undefined` when there are none. */
export const ids = (...list: (string | undefined | false)[]) => list.filter(Boolean).join(' ') || undefined;

export function common(props: FieldProps) {
  return {
    id: props.id,
    name: props.name,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.errors ? true : undefined,
    'aria-required': props.required || undefined,
    readOnly: props.locked || undefined,
  };
}

/** The visible `*` of a required field; screen readers hear `aria-required` (or the group's note) instead. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="fl-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

export function Label({ props }: { props: FieldProps }) {
  return (
    <label className="fl-label" htmlFor={props.id}>
      {props.label}
      <RequiredMark required={props.required} />
    </label>
  );
}

/** A labelled single-line input whose text is the answer (`undefined` when emptied). */
export function Input({
  props,
  type,
  inputMode,
  autoComplete,
}: {
  props: FieldProps;
  type: string;
  inputMode?: 'decimal' | 'tel' | 'url';
  autoComplete?: string;
}) {
  return (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <input
        {...common(props)}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={props.placeholder}
        value={text(props.value)}
        onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      />
      <Errors props={props} />
    </div>
  );
}

export function Help({ props }: { props: FieldProps }) {
  return props.helpText ? (
    <p className="fl-help" id={props.helpId}>
      {props.helpText}
    </p>
  ) : null;
}

export function Errors({ props }: { props: FieldProps }) {
  return props.errors ? (
    <p className="fl-error" id={props.errorId}>
      {props.errors.join(' ')}
    </p>
  ) : null;
}

/**
 * A group of controls answering one question: a fieldset whose legend is the label. `radio` makes
 * it one control for assistive technology (required and invalid as a whole); otherwise the legend
 * says "required" in words, as each checkbox is its own control.
 */
export function Group({
  props,
  radio,
  describedBy,
  className,
  children,
}: {
  props: FieldProps;
  radio: boolean;
  describedBy?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const group = radio
    ? {
        role: 'radiogroup',
        'aria-required': props.required || undefined,
        'aria-invalid': props.errors ? true : undefined,
      }
    : {};
  return (
    <fieldset
      className={`fl-field fl-group${className ? ` ${className}` : ''}`}
      data-field-id={props.field.id}
      aria-describedby={describedBy}
      {...group}
    >
      <legend className="fl-label">
        {props.label}
        <RequiredMark required={props.required} />
        {props.required && !radio ? <span className="fl-sr"> ({props.texts.required})</span> : null}
      </legend>
      <Help props={props} />
      {children}
      <Errors props={props} />
    </fieldset>
  );
}

/** A chunk's own texts in the respondent's language; English where the table has none. */
export function textsIn<T>(table: { en: T } & Record<string, T>, language: string): T {
  return table[language] ?? table[language.slice(0, 2)] ?? table.en;
}

/** An "Other" answer: the respondent's own text in place of an option. */
export type Other = { other: string };
export const isOther = (v: unknown): v is Other =>
  typeof v === 'object' && v !== null && typeof (v as { other?: unknown }).other === 'string';
