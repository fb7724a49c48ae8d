import type { FieldOption } from '@formloom/contract';
import { shuffled } from '@formloom/contract/engine/parts';
import { useState } from 'react';
import type { FieldProps } from '../fields.js';
import { Group, textsIn } from '../internal/parts.js';

/**
 * The ranking family, loaded when a form shows a ranking (docs/embedding.md "React: the question types"): the options
 * as an ordered list, each with Move up and Move down buttons (keyboard and mouse alike), and a
 * polite live region that says where the moved option went. The answer is the option values best
 * first: all of them, or the first `ranking.top`.
 */

const TEXTS = {
  en: { up: 'Move up', down: 'Move down', moved: '{item} moved to place {place} of {count}' },
  de: { up: 'Nach oben', down: 'Nach unten', moved: '{item} auf Platz {place} von {count} verschoben' },
  es: { up: 'Subir', down: 'Bajar', moved: '{item} movido al puesto {place} de {count}' },
  it: { up: 'Sposta su', down: 'Sposta giù', moved: '{item} spostato al posto {place} di {count}' },
  nl: { up: 'Omhoog', down: 'Omlaag', moved: '{item} verplaatst naar plaats {place} van {count}' },
  tr: { up: 'Yukarı taşı', down: 'Aşağı taşı', moved: '{item}, {count} içinde {place}. sıraya taşındı' },
};

export function Ranking(props: FieldProps) {
  const { field } = props;
  const texts = textsIn(TEXTS, props.language);
  const [said, say] = useState('');
  const base = shuffled(field, field.options ?? [], props.seed);
  const ranked = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  // The answer first (best first), then the options not ranked yet in the respondent's order.
  const order: FieldOption[] = [
    ...ranked.flatMap((v) => base.filter((o) => o.value === v)),
    ...base.filter((o) => !ranked.includes(o.value)),
  ];
  const top = field.ranking?.top;

  function move(from: number, to: number) {
    if (props.locked || to < 0 || to >= order.length) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    const values = next.map((o) => o.value);
    props.onChange(top === undefined ? values : values.slice(0, top));
    say(
      texts.moved
        .replace('{item}', item!.label)
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
        {order.map((option, i) => {
          const button = (name: string, to: number, edge: boolean) => (
            <button
              type="button"
              className="fl-button fl-secondary fl-move"
              aria-label={`${name}: ${option.label}`}
              // aria-disabled, not disabled: the button keeps focus after its last move.
              aria-disabled={edge || props.locked || undefined}
              onClick={() => move(i, to)}
            >
              {name}
            </button>
          );
          return (
            <li className="fl-ranking-item" key={option.value}>
              <span>{option.label}</span> {button(texts.up, i - 1, i === 0)}{' '}
              {button(texts.down, i + 1, i === order.length - 1)}
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
