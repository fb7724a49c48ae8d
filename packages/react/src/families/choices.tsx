import type { FieldOption } from '@formloom/contract';
import { imageSource, shuffled } from '@formloom/contract/engine/parts';
import { useRef, useState } from 'react';
import type { FieldProps } from '../fields.js';
import { common, Errors, Group, Help, isOther, Label, type Other, textsIn } from '../internal/parts.js';

/**
 * The choices family, loaded when a form shows one of them (docs/embedding.md "React: the question types"): picture
 * choices, a select with `multiple` (a filter box above checkboxes), and radio, checkbox and select
 * questions with an "Other" option, an exclusive option or a shuffled order.
 */

const TEXTS = {
  en: { other: 'Other', search: 'Search options' },
  de: { other: 'Sonstiges', search: 'Optionen durchsuchen' },
  es: { other: 'Otro', search: 'Buscar opciones' },
  it: { other: 'Altro', search: 'Cerca opzioni' },
  nl: { other: 'Anders', search: 'Opties zoeken' },
  tr: { other: 'Diğer', search: 'Seçeneklerde ara' },
};

type Choice = string | Other;

/** The options in the respondent's order, the exclusive option last. */
const ordered = (props: FieldProps) =>
  shuffled(props.field, props.field.options ?? [], props.seed, (o) => o.value === props.field.exclusiveValue);

/** The text box of an "Other" choice, shown while it is chosen; its text is kept across switches. */
function OtherText({
  props,
  label,
  value,
  onText,
}: {
  props: FieldProps;
  label: string;
  value: string;
  onText(text: string): void;
}) {
  return (
    <input
      type="text"
      className="fl-other-text"
      id={`${props.id}-other-text`}
      name={`${props.name}.other`}
      aria-label={label}
      aria-describedby={props.describedBy}
      aria-invalid={props.errors ? true : undefined}
      readOnly={props.locked || undefined}
      maxLength={1000}
      value={value}
      onChange={(e) => onText(e.currentTarget.value)}
    />
  );
}

/**
 * Radios or checkboxes: radio and checkbox questions, picture choices (an image in each label),
 * and a select with `multiple` (with a filter box above the list).
 */
export function ChoiceList(props: FieldProps) {
  const { field } = props;
  const texts = textsIn(TEXTS, props.language);
  const multiple = field.type === 'checkbox' || field.multiple === true;
  const searchable = field.type === 'select';
  const [filter, setFilter] = useState('');
  const lastOther = useRef('');
  const list: Choice[] = multiple
    ? Array.isArray(props.value)
      ? (props.value as Choice[])
      : []
    : props.value === undefined
      ? []
      : [props.value as Choice];
  const other = list.find(isOther);
  if (other !== undefined) lastOther.current = other.other;
  const exclusive = field.exclusiveValue;
  const otherLabel = field.other?.label || texts.other;

  const set = (next: Choice[]) =>
    props.onChange(multiple ? (next.length > 0 ? next : undefined) : next[next.length - 1]);
  // The exclusive option clears the others; any other choice clears it.
  const add = (choice: Choice) =>
    set(choice === exclusive ? [choice] : [...list.filter((c) => c !== exclusive), choice]);
  const toggle = (value: string, on: boolean) => (on ? add(value) : set(list.filter((c) => c !== value)));
  const toggleOther = (on: boolean) =>
    on ? add({ other: lastOther.current }) : set(list.filter((c) => !isOther(c)));
  const setOther = (text: string) => set(list.map((c) => (isOther(c) ? { other: text } : c)));

  const needle = filter.trim().toLocaleLowerCase();
  const options = ordered(props).filter(
    (o) => needle === '' || o.label.toLocaleLowerCase().includes(needle) || list.includes(o.value),
  );
  const type = multiple ? 'checkbox' : 'radio';
  const input = (id: string, value: string, checked: boolean, onChange: (on: boolean) => void) => (
    <input
      type={type}
      id={id}
      name={props.name}
      value={value}
      checked={checked}
      disabled={props.locked && !checked}
      aria-describedby={props.describedBy}
      aria-invalid={props.errors ? true : undefined}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
  const label = (id: string, option: FieldOption) => {
    const image = imageSource(option.imageUrl);
    return (
      <label htmlFor={id}>
        {image === undefined ? null : (
          <img
            className="fl-picture"
            src={image}
            alt={option.label}
            style={{ maxWidth: '100%', height: 'auto' }}
          />
        )}
        <span aria-hidden={image === undefined ? undefined : true}>{option.label}</span>
      </label>
    );
  };

  return (
    <Group props={props} radio={!multiple} className={`fl-${field.type}`}>
      {searchable ? (
        <input
          type="search"
          className="fl-filter"
          aria-label={texts.search}
          placeholder={texts.search}
          aria-controls={`${props.id}-list`}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          // Enter filters; it does not send the form.
          onKeyDown={(e) => (e.key === 'Enter' ? e.preventDefault() : undefined)}
        />
      ) : null}
      <div className="fl-options" id={`${props.id}-list`}>
        {options.map((option) => {
          const id = `${props.id}-${(field.options ?? []).indexOf(option)}`;
          return (
            <div className="fl-option" key={option.value}>
              {input(id, option.value, list.includes(option.value), (on) => toggle(option.value, on))}
              {label(id, option)}
            </div>
          );
        })}
        {field.other === undefined ? null : (
          <div className="fl-option fl-other">
            {input(`${props.id}-other`, '', other !== undefined, toggleOther)}
            <label htmlFor={`${props.id}-other`}>{otherLabel}</label>
            {other === undefined ? null : (
              <>
                {' '}
                <OtherText props={props} label={otherLabel} value={other.other} onText={setOther} />
              </>
            )}
          </div>
        )}
      </div>
    </Group>
  );
}

/** `select` with `multiple`: a filter box above a list of checkboxes. */
export const MultiSelect = ChoiceList;

/** A single select with an "Other" option or a shuffled order: a native select, and a text box for Other. */
export function OtherSelect(props: FieldProps) {
  const { field } = props;
  const texts = textsIn(TEXTS, props.language);
  const lastOther = useRef('');
  const options = ordered(props);
  const other = isOther(props.value) ? props.value : undefined;
  if (other !== undefined) lastOther.current = other.other;
  const otherLabel = field.other?.label || texts.other;
  // The native select's own values are indexes, so no option value can pass for "Other".
  const selected = other !== undefined ? 'other' : String(options.findIndex((o) => o.value === props.value));
  return (
    <div className="fl-field" data-field-id={field.id}>
      <Label props={props} />
      <Help props={props} />
      <select
        {...common(props)}
        disabled={props.locked}
        value={selected}
        onChange={(e) => {
          const chosen = e.currentTarget.value;
          props.onChange(chosen === 'other' ? { other: lastOther.current } : options[Number(chosen)]?.value);
        }}
      >
        <option value="-1">{props.placeholder ?? props.texts.choose}</option>
        {options.map((o, i) => (
          <option key={o.value} value={String(i)}>
            {o.label}
          </option>
        ))}
        {field.other === undefined ? null : <option value="other">{otherLabel}</option>}
      </select>
      {other === undefined ? null : (
        <>
          {' '}
          <OtherText
            props={props}
            label={otherLabel}
            value={other.other}
            onText={(text) => props.onChange({ other: text })}
          />
        </>
      )}
      <Errors props={props} />
    </div>
  );
}
