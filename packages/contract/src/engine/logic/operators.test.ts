import { describe, expect, it } from 'vitest';
import type { ConditionOperator, ConditionValue } from '../../models/conditional-logic.js';
import type { Field, FieldType } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { OPERATOR_TARGET_TYPES } from '../operators.js';
import fixture from './fixtures/operators.fixture.json' with { type: 'json' };
import { evaluateVisibility } from './visibility.js';

interface OperatorCase {
  operator: ConditionOperator;
  type: FieldType;
  value?: ConditionValue;
  kind: 'match' | 'nomatch' | 'empty' | 'hidden' | 'edge';
  answer?: unknown;
  expected: boolean;
  note?: string;
  /** Extra properties of the target field (a question type's config, `multiple`, `other`). */
  config?: Partial<Field>;
  row?: string;
  rank?: number;
  part?: 'country';
}

const cases = fixture.cases as OperatorCase[];
const OPTIONS = ['red', 'green', 'blue', 'true'].map((value) => ({ label: value, value }));

/** gate (text) -> target (hidden when gate is "hide") -> probe (shown when the condition holds). */
function schemaFor(c: OperatorCase): FormSchema {
  const target: Field = { id: 'target', sectionId: 's1', type: c.type, label: 'Target', order: 1 };
  if (['select', 'radio', 'checkbox', 'ranking'].includes(c.type)) target.options = OPTIONS;
  if (c.type === 'picture_choice') {
    target.options = OPTIONS.map((o) => ({ ...o, imageUrl: `https://example.org/${o.value}.png` }));
  }
  Object.assign(target, c.config);
  target.conditionalLogic = {
    action: 'hide',
    conditionGroups: [{ conditions: [{ fieldId: 'gate', operator: 'equals', value: 'hide' }] }],
  };
  const condition = {
    fieldId: 'target',
    operator: c.operator,
    ...('value' in c ? { value: c.value } : {}),
    ...(c.row === undefined ? {} : { row: c.row }),
    ...(c.rank === undefined ? {} : { rank: c.rank }),
    ...(c.part === undefined ? {} : { part: c.part }),
  };
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Operators', language: 'en' },
    sections: [{ id: 's1', title: 'One', order: 0 }],
    fields: [
      // The probe comes first, so the evaluation order cannot be the declaration order.
      {
        id: 'probe',
        sectionId: 's1',
        type: 'text',
        label: 'Probe',
        order: 2,
        conditionalLogic: { action: 'show', conditionGroups: [{ conditions: [condition] }] },
      },
      target,
      { id: 'gate', sectionId: 's1', type: 'text', label: 'Gate', order: 0 },
    ],
  };
}

function holds(c: OperatorCase): boolean {
  const answers: Record<string, unknown> = { gate: c.kind === 'hidden' ? 'hide' : 'show' };
  if ('answer' in c) answers.target = c.answer;
  const { hiddenFields } = evaluateVisibility(schemaFor(c), answers);
  expect(hiddenFields.has('target')).toBe(c.kind === 'hidden');
  return !hiddenFields.has('probe');
}

const label = (c: OperatorCase) =>
  `${c.operator} on ${c.type}${c.row ? ` row ${c.row}` : ''}${c.rank ? ` rank ${c.rank}` : ''}${c.part ? ` ${c.part}` : ''} ${JSON.stringify(c.value ?? null)}, ${c.kind}: ${JSON.stringify(c.answer ?? '(none)')} -> ${c.expected}${c.note ? ` (${c.note})` : ''}`;

describe('condition operators (fixtures/operators.fixture.json)', () => {
  it.each(cases.map((c) => [label(c), c] as const))('%s', (_label, c) => {
    expect(holds(c)).toBe(c.expected);
  });

  it('covers every operator on every applicable type with match, nomatch, empty and hidden cases', () => {
    const missing: string[] = [];
    for (const [operator, types] of Object.entries(OPERATOR_TARGET_TYPES)) {
      for (const type of types) {
        for (const kind of ['match', 'nomatch', 'empty', 'hidden']) {
          if (!cases.some((c) => c.operator === operator && c.type === type && c.kind === kind)) {
            missing.push(`${operator}/${type}/${kind}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no case for a pair checkSchema refuses', () => {
    const stray = cases.filter((c) => !OPERATOR_TARGET_TYPES[c.operator].includes(c.type));
    expect(stray).toEqual([]);
  });
});
