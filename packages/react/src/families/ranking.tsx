import type { FieldOption } from '@formloom/contract';
import { shuffled } from '@formloom/contract/engine/parts';
import { useState } from 'react';
import type { FieldProps } from '../fields.js';
import { Group, isOther, type Other, textsIn } from '../internal/parts.js';

/**
 * The ranking family, loaded when a form shows a ranking (docs/embedding.md "React: the question types"): the options
 * as an ordered list, each with Move up and Move down buttons (keyboard and mouse alike), and a
 * polite live region that says where the moved option went. The answer is the option values best
 * first: all of them, or the first `ranking.top`. With `other`, an "Other" item with a text box
 * moves like the options and ranks as `{other: text}` once its text is filled in.
 */

const TEXTS = {
  en: {
    up: 'Move up',
    down: 'Move down',
    moved: '{item} moved to place {place} of {count}',
    other: 'Other',
    specify: 'Please specify',
  },
  de: {
    up: 'Nach oben',
    down: 'Nach unten',
    moved: '{item} auf Platz {place} von {count} verschoben',
    other: 'Sonstiges',
    specify: 'Bitte angeben',
  },
  es: {
    up: 'Subir',
    down: 'Bajar',
    moved: '{item} movido al puesto {place} de {count}',
    other: 'Otro',
    specify: 'Especifique',
  },
  it: {
    up: 'Sposta su',
    down: 'Sposta giù',
    moved: '{item} spostato al posto {place} di {count}',
    other: 'Altro',
    specify: 'Specificare',
  },
  nl: {
    up: 'Omhoog',
    down: 'Omlaag',
    moved: '{item} verplaatst naar plaats {place} van {count}',
    other: 'Anders',
    specify: 'Geef aan welke',
  },
  tr: {
    up: 'Yukarı taşı',
    down: 'Aşağı taşı',
    moved: '{item}, {count} içinde {place}. sıraya taşındı',
    other: 'Diğer',
    specify: 'Lütfen belirtin',
  },
};

/** An item of the list: an option, or the Other item. */
type Item = FieldOption | 'other';

export function Ranking(props: FieldProps) {
  const { field } = props;
  const texts = textsIn(TEXTS, props.language);
  const [said, say] = useState('');
  const ranked = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const answered = ranked.find(isOther);
  // The Other text and, while it is unranked (no text), where the Other item stands.
  const [otherText, setOtherText] = useState(answered?.other ?? '');
  const [otherAt, setOtherAt] = useState<number | undefined>(undefined);
  const base = shuffled(field, field.options ?? [], props.seed);
  // The answer first (best first), then the options not ranked yet in the respondent's order.
  const order: Item[] = [
    ...ranked.flatMap((v) => (isOther(v) ? [] : base.filter((o) => o.value === v))),
    ...base.filter((o) => !ranked.includes(o.value)),
  ];
  if (field.other !== undefined) {
    const at = answered !== undefined ? ranked.indexOf(answered) : (otherAt ?? order.length);
    order.splice(Math.min(at, order.length), 0, 'other');
  }
  const top = field.ranking?.top;
  const otherLabel = field.other?.label || texts.other;
  const labelOf = (item: Item) => (item === 'other' ? otherLabel : item.label);

  function answer(next: Item[], text: string) {
    const values = next.flatMap((item): (string | Other)[] =>
      item !== 'other' ? [item.value] : text.trim() === '' ? [] : [{ other: text }],
    );
    props.onChange(top === undefined ? values : values.slice(0, top));
  }

  function move(from: number, to: number) {
    if (props.locked || to < 0 || to >= order.length) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setOtherAt(next.indexOf('other'));
    answer(next, otherText);
    say(
      texts.moved
        .replace('{item}', labelOf(item!))
        .replace('{place}', String(to + 1))
        .replace('{count}', String(order.length)),
    );
  }

  return (
    <Group props={props} radio={false} className="fl-ranking">
      <ol
        className="fl-ranking-list"
        id={props.id}
        aria-invalid={props.errors ? true : undefined}
        aria-describedby={props.describedBy}
      >
        {order.map((item, i) => {
          const label = labelOf(item);
          const button = (name: string, to: number, edge: boolean) => (
            <button
              type="button"
              className="fl-button fl-secondary fl-move"
              aria-label={`${name}: ${label}`}
              // aria-disabled, not disabled: the button keeps focus after its last move.
              aria-disabled={edge || props.locked || undefined}
              onClick={() => move(i, to)}
            >
              {name}
            </button>
          );
          return (
            <li className="fl-ranking-item" key={item === 'other' ? '~other' : item.value}>
              <span>{label}</span>{' '}
              {item === 'other' ? (
                <>
                  <input
                    type="text"
                    className="fl-other-text"
                    id={`${props.id}-other-text`}
                    name={`${props.name}.other`}
                    aria-label={`${label}: ${texts.specify}`}
                    aria-invalid={props.errors ? true : undefined}
                    readOnly={props.locked || undefined}
                    maxLength={1000}
                    value={otherText}
                    onChange={(e) => {
                      setOtherText(e.currentTarget.value);
                      setOtherAt(i);
                      answer(order, e.currentTarget.value);
                    }}
                  />{' '}
                </>
              ) : null}
              {button(texts.up, i - 1, i === 0)} {button(texts.down, i + 1, i === order.length - 1)}
            </li>
          );
        })}
      </ol>
      <p className="fl-sr" aria-live="polite">
        {said}
      </p>
    </Group>
  );
}
