import { messagesFor } from '@formloom/contract/engine';
import { countryNames } from '@formloom/contract/engine/parts';
import { useMemo } from 'react';
import type { FieldProps } from '../fields.js';
import { Group, RequiredMark, text } from '../internal/parts.js';

/**
 * The address family, loaded when a form shows an address (docs/embedding.md "React: the question
 * types"): a fieldset of the parts, each with its label in the respondent's language and its
 * autofill token, the country a choice of names. The answer holds the parts filled in.
 */

const PARTS = [
  ['line1', 'addressLine1', 'address-line1'],
  ['line2', 'addressLine2', 'address-line2'],
  ['postalCode', 'addressPostalCode', 'postal-code'],
  ['city', 'addressCity', 'address-level2'],
  ['region', 'addressRegion', 'address-level1'],
  ['country', 'addressCountry', 'country'],
] as const;
type Part = (typeof PARTS)[number][0];
const DEFAULT_REQUIRED: readonly Part[] = ['line1', 'city', 'country'];

export function Address(props: FieldProps) {
  const messages = messagesFor(props.language);
  const countries = useMemo(() => countryNames(props.language), [props.language]);
  const value = (typeof props.value === 'object' && props.value !== null ? props.value : {}) as Partial<
    Record<Part, string>
  >;
  const required = props.field.address?.required ?? DEFAULT_REQUIRED;

  function set(part: Part, input: string) {
    const next = { ...value, [part]: input };
    if (input === '') delete next[part];
    props.onChange(Object.keys(next).length > 0 ? next : undefined);
  }

  return (
    <Group props={props} radio={false} className="fl-address">
      {PARTS.map(([part, label, autoComplete], i) => {
        const id = i === 0 ? props.id : `${props.id}-${part}`;
        const needed = props.required && required.includes(part);
        const control = {
          id,
          name: `${props.name}.${part}`,
          autoComplete,
          'aria-describedby': props.describedBy,
          'aria-invalid': props.errors ? true : undefined,
          'aria-required': needed || undefined,
          value: text(value[part]),
        };
        return (
          <div className={`fl-address-part fl-address-${part}`} key={part}>
            <label htmlFor={id}>
              {messages[label]}
              <RequiredMark required={needed} />
            </label>{' '}
            {part === 'country' ? (
              <select
                {...control}
                disabled={props.locked}
                style={{ maxWidth: '100%' }}
                onChange={(e) => set(part, e.currentTarget.value)}
              >
                <option value="">{props.texts.choose}</option>
                {countries.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...control}
                type="text"
                maxLength={200}
                readOnly={props.locked || undefined}
                onChange={(e) => set(part, e.currentTarget.value)}
              />
            )}
          </div>
        );
      })}
    </Group>
  );
}
