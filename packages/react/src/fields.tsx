import type { Field, QuestionType } from '@formloom/contract';
import type { FormTexts } from '@formloom/contract/engine';
import type { ComponentType } from 'react';

/** What every field component receives; replace one type's component through `components`. */
export interface FieldProps {
  /** The field, its texts in the respondent's language. */
  field: Field;
  /** The id of the control (the label's `htmlFor`); options add `-<index>`. */
  id: string;
  /** Texts with recall filled in, as plain text. */
  label: string;
  helpText: string | undefined;
  placeholder: string | undefined;
  value: unknown;
  /** Sets the answer (`undefined` clears it): a string, a list for checkbox, a number for number. */
  onChange(value: unknown): void;
  /** A file field's chosen file: uploaded at once, and the stored file becomes the answer. */
  onFile(file: File | undefined): void;
  /** The messages of this field's errors, when it shows any. */
  errors: readonly string[] | undefined;
  /** Ids for `aria-describedby`: the help text and the error, when there are. */
  describedBy: string | undefined;
  helpId: string;
  errorId: string;
  required: boolean;
  /** Prefilled and not editable (`prefill.editable: false`). */
  locked: boolean;
  texts: FormTexts;
}

/** Field components by field type; `hidden` fields are never rendered. */
/**
 * The components fields are drawn with, one per type. The types beyond the original ten load on
 * demand (a chunk per family), so their defaults are not in `defaultFields`.
 */
export type FieldComponents = {
  [T in Exclude<Field['type'], 'hidden' | QuestionType>]: ComponentType<FieldProps>;
} & {
  [T in QuestionType]?: ComponentType<FieldProps>;
};

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);
const orUndefined = (value: string) => (value === '' ? undefined : value);

function common(props: FieldProps) {
  return {
    id: props.id,
    name: props.field.id,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.errors ? true : undefined,
    'aria-required': props.required || undefined,
    readOnly: props.locked || undefined,
  };
}

/** The visible `*` of a required field; screen readers hear `aria-required` (or the group's note) instead. */
function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="fl-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Label({ props }: { props: FieldProps }) {
  return (
    <label className="fl-label" htmlFor={props.id}>
      {props.label}
      <RequiredMark required={props.required} />
    </label>
  );
}

function Help({ props }: { props: FieldProps }) {
  return props.helpText ? (
    <p className="fl-help" id={props.helpId}>
      {props.helpText}
    </p>
  ) : null;
}

function Errors({ props }: { props: FieldProps }) {
  return props.errors ? (
    <p className="fl-error" id={props.errorId}>
      {props.errors.join(' ')}
    </p>
  ) : null;
}

function Input({ props, type, inputMode }: { props: FieldProps; type: string; inputMode?: 'decimal' }) {
  return (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <input
        {...common(props)}
        type={type}
        inputMode={inputMode}
        placeholder={props.placeholder}
        value={text(props.value)}
        onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      />
      <Errors props={props} />
    </div>
  );
}

function Choices({ props }: { props: FieldProps }) {
  const radio = props.field.type === 'radio';
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : [];
  // A radio group is one control (required, invalid as a whole); checkboxes are each their own.
  const group = radio
    ? {
        role: 'radiogroup',
        'aria-required': props.required || undefined,
        'aria-invalid': props.errors ? true : undefined,
      }
    : {};
  return (
    <fieldset className="fl-field fl-group" data-field-id={props.field.id} {...group}>
      <legend className="fl-label">
        {props.label}
        <RequiredMark required={props.required} />
        {props.required && !radio ? <span className="fl-sr"> ({props.texts.required})</span> : null}
      </legend>
      <Help props={props} />
      <div className="fl-options">
        {(props.field.options ?? []).map((option, i) => {
          const id = `${props.id}-${i}`;
          const checked = radio ? props.value === option.value : chosen.includes(option.value);
          return (
            <div className="fl-option" key={option.value}>
              <input
                type={props.field.type}
                id={id}
                name={props.field.id}
                value={option.value}
                checked={checked}
                disabled={props.locked && !checked}
                aria-describedby={props.describedBy}
                aria-invalid={props.errors ? true : undefined}
                onChange={(e) => {
                  if (radio) props.onChange(option.value);
                  else {
                    const next = e.currentTarget.checked
                      ? [...chosen, option.value]
                      : chosen.filter((v) => v !== option.value);
                    props.onChange(next.length > 0 ? next : undefined);
                  }
                }}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <Errors props={props} />
    </fieldset>
  );
}

/** The components `<FormloomForm>` draws each field type with, unless `components` replaces one. */
export const defaultFields: FieldComponents = {
  text: (props) => <Input props={props} type="text" />,
  email: (props) => <Input props={props} type="email" />,
  // Text, not type=number: the engine judges what was typed, with the server's messages.
  number: (props) => <Input props={props} type="text" inputMode="decimal" />,
  date: (props) => <Input props={props} type="date" />,
  textarea: (props) => (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <textarea
        {...common(props)}
        rows={4}
        placeholder={props.placeholder}
        value={text(props.value)}
        onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      />
      <Errors props={props} />
    </div>
  ),
  select: (props) => (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <select
        {...common(props)}
        disabled={props.locked}
        value={text(props.value)}
        onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      >
        <option value="">{props.placeholder ?? props.texts.choose}</option>
        {(props.field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Errors props={props} />
    </div>
  ),
  radio: (props) => <Choices props={props} />,
  checkbox: (props) => <Choices props={props} />,
  file: (props) => (
    <div className="fl-field" data-field-id={props.field.id}>
      <Label props={props} />
      <Help props={props} />
      <input
        {...common(props)}
        type="file"
        accept={
          (props.field.fileConfig?.allowedTypes ?? []).filter((t) => t !== '*' && t !== '*/*').join(',') ||
          undefined
        }
        onChange={(e) => props.onFile(e.currentTarget.files?.[0])}
      />
      {props.value ? (
        <p className="fl-upload-status" aria-live="polite">
          {props.texts.uploaded.replace('{name}', (props.value as { name: string }).name)}
        </p>
      ) : null}
      <Errors props={props} />
    </div>
  ),
};
