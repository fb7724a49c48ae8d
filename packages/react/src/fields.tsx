import type { Field, QuestionType } from '@formloom/contract';
import type { FormTexts, QuestionFamily } from '@formloom/contract/engine';
import { type ComponentType, lazy } from 'react';
import { common, Errors, Group, Help, Input, Label, orUndefined, text } from './internal/parts.js';

/** What every field component receives; replace one type's component through `components`. */
export interface FieldProps {
  /** The field, its texts in the respondent's language. */
  field: Field;
  /** The id of the control (the label's `htmlFor`); options add `-<index>`. */
  id: string;
  /**
   * The controls' `name`: the field's id, or in an entry of a repeating section the entry's path
   * (`guests[1].meal`), so that each entry's radios are a group of their own.
   */
  name: string;
  /** Texts with recall filled in, as plain text. */
  label: string;
  helpText: string | undefined;
  placeholder: string | undefined;
  value: unknown;
  /** Sets the answer (`undefined` clears it): a string, a list for checkbox, a number for number. */
  onChange(value: unknown): void;
  /**
   * A file field's chosen file (or a signature's PNG, or the promise of one): uploaded at once, and
   * the stored file becomes the answer, with `extra` joined to it (a typed signature's
   * `signedName`); `undefined` clears the answer. A later call for the field supersedes this one,
   * and submitting waits for the upload under way.
   */
  onFile(file: Blob | Promise<Blob | undefined> | undefined, name?: string, extra?: object): void;
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
  /** The respondent's language (the question types' own texts follow it). */
  language: string;
  /**
   * One random value per mounted form: a field with `shuffle` shows its options (and matrix rows)
   * in the order `shuffled(field, items, seed)` of `@formloom/contract/engine/parts` gives.
   */
  seed: string;
}

/**
 * The components fields are drawn with, one per type; `hidden` fields are never rendered. The
 * defaults of the types beyond the original ten are `React.lazy` components: each family of types
 * is a chunk of its own, loaded when a form shows one of its fields.
 */
export type FieldComponents = {
  [T in Exclude<Field['type'], 'hidden' | QuestionType>]: ComponentType<FieldProps>;
} & {
  [T in QuestionType]?: ComponentType<FieldProps>;
};

function Choices({ props }: { props: FieldProps }) {
  const radio = props.field.type === 'radio';
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : [];
  return (
    <Group props={props} radio={radio}>
      <div className="fl-options">
        {(props.field.options ?? []).map((option, i) => {
          const id = `${props.id}-${i}`;
          const checked = radio ? props.value === option.value : chosen.includes(option.value);
          return (
            <div className="fl-option" key={option.value}>
              <input
                type={props.field.type}
                id={id}
                name={props.name}
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
    </Group>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a chunk's components take their own props.
type Loader = () => Promise<Record<string, ComponentType<any>>>;

/** The chunks of the question types, by family (`questionType(type).family`). */
const FAMILIES = {
  scales: () => import('./families/scales.js'),
  matrix: () => import('./families/matrix.js'),
  ranking: () => import('./families/ranking.js'),
  choices: () => import('./families/choices.js'),
  inputs: () => import('./families/inputs.js'),
  address: () => import('./families/address.js'),
  signature: () => import('./families/signature.js'),
  notices: () => import('./families/notices.js'),
  /** Not a question type: the entries of a repeating section. */
  repeat: () => import('./families/repeat.js'),
  /** Nor this: a quiz's "Check answer" and its marks on the ending. */
  quiz: () => import('./families/quiz.js'),
  /** Nor this: a protected form's password prompt, and the notice before a form opens. */
  access: () => import('./families/access.js'),
  /** Nor this: who answers (a personal link, a proven address) and a response's edit. */
  respondent: () => import('./families/respondent.js'),
} satisfies Record<string, Loader>;
export type Family = keyof typeof FAMILIES;

/** Starts loading a family's chunk (a form's fields and sections are known before they are drawn). */
export const preload = (family: QuestionFamily | Family) =>
  void (FAMILIES as Partial<Record<QuestionFamily | Family, Loader>>)[family]?.().catch(() => undefined);

export const later = <P = FieldProps>(family: Family, name: string) =>
  lazy(() => (FAMILIES[family] as Loader)().then((m) => ({ default: m[name] as ComponentType<P> })));

/**
 * Choice questions with an "Other" option, an exclusive option, a shuffled order, or several
 * choices in a select are drawn by the choices chunk; plain ones stay in the start.
 */
export const extendedChoice = (field: Field) =>
  field.other !== undefined ||
  field.exclusiveValue !== undefined ||
  field.shuffle === true ||
  (field.type === 'select' && field.multiple === true);

const ChoiceList = later('choices', 'ChoiceList');
const MultiSelect = later('choices', 'MultiSelect');
const OtherSelect = later('choices', 'OtherSelect');

/** The components `<FormloomForm>` draws each field type with, unless `components` replaces one. */
export const defaultFields: Required<FieldComponents> = {
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
  select: (props) =>
    props.field.multiple === true ? (
      <MultiSelect {...props} />
    ) : extendedChoice(props.field) ? (
      <OtherSelect {...props} />
    ) : (
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
  radio: (props) => (extendedChoice(props.field) ? <ChoiceList {...props} /> : <Choices props={props} />),
  checkbox: (props) => (extendedChoice(props.field) ? <ChoiceList {...props} /> : <Choices props={props} />),
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
  rating: later('scales', 'Rating'),
  nps: later('scales', 'Nps'),
  scale: later('scales', 'Scale'),
  slider: later('scales', 'Slider'),
  matrix: later('matrix', 'Matrix'),
  ranking: later('ranking', 'Ranking'),
  picture_choice: later('choices', 'ChoiceList'),
  phone: later('inputs', 'Phone'),
  url: later('inputs', 'Url'),
  time: later('inputs', 'Time'),
  datetime: later('inputs', 'DateTime'),
  address: later('address', 'Address'),
  signature: later('signature', 'Signature'),
  consent: later('notices', 'Consent'),
  statement: later('notices', 'Statement'),
  payment: later('notices', 'Payment'),
};
