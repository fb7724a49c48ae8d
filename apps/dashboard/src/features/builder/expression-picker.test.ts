import type { FormSchema, JsonValue } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import {
  COMBINES,
  expressionToPicker,
  type PickerModel,
  pickerToExpression,
  termsAllowed,
  withCombine,
} from './expression-picker.js';

const score = (id: string) => ({ score: id });

/** Expressions the pickers say, with the model they show. */
const SHOWN: [string, JsonValue, PickerModel][] = [
  ['one score', score('a'), { combine: 'single', terms: [{ kind: 'scores', fields: ['a'] }] }],
  [
    'the sum of scores',
    { '+': [score('a'), score('b'), score('c')] },
    { combine: 'single', terms: [{ kind: 'scores', fields: ['a', 'b', 'c'] }] },
  ],
  ['a sum of no scores', { '+': [] }, { combine: 'single', terms: [{ kind: 'scores', fields: [] }] }],
  [
    'the count of correct answers',
    { correctCount: true },
    { combine: 'single', terms: [{ kind: 'correctCount' }] },
  ],
  ['an answer', { var: 'n' }, { combine: 'single', terms: [{ kind: 'answer', id: 'n', orZero: false }] }],
  [
    'an answer read as 0 when empty',
    { var: ['n', 0] },
    { combine: 'single', terms: [{ kind: 'answer', id: 'n', orZero: true }] },
  ],
  ['a constant', 7, { combine: 'single', terms: [{ kind: 'constant', value: 7 }] }],
  [
    'the entries of a section',
    { entries: 'guests' },
    { combine: 'single', terms: [{ kind: 'entries', section: 'guests' }] },
  ],
  [
    'a field summed over the entries',
    { sum: ['guests', 'age'] },
    { combine: 'single', terms: [{ kind: 'entrySum', section: 'guests', field: 'age' }] },
  ],
  [
    'the mean age of the guests',
    { '/': [{ sum: ['guests', 'age'] }, { entries: 'guests' }] },
    {
      combine: '/',
      terms: [
        { kind: 'entrySum', section: 'guests', field: 'age' },
        { kind: 'entries', section: 'guests' },
      ],
    },
  ],
  ['a negative fraction', -2.5, { combine: 'single', terms: [{ kind: 'constant', value: -2.5 }] }],
  [
    'scores and a constant added',
    { '+': [score('a'), score('b'), 5] },
    {
      combine: '+',
      terms: [
        { kind: 'scores', fields: ['a'] },
        { kind: 'scores', fields: ['b'] },
        { kind: 'constant', value: 5 },
      ],
    },
  ],
  [
    'a sum of scores times a number',
    { '*': [{ '+': [score('a'), score('b')] }, 10] },
    {
      combine: '*',
      terms: [
        { kind: 'scores', fields: ['a', 'b'] },
        { kind: 'constant', value: 10 },
      ],
    },
  ],
  [
    'a share of correct answers',
    { '/': [{ correctCount: true }, 5] },
    {
      combine: '/',
      terms: [{ kind: 'correctCount' }, { kind: 'constant', value: 5 }],
    },
  ],
  [
    'an answer less a variable',
    { '-': [{ var: ['price', 0] }, { var: 'discount' }] },
    {
      combine: '-',
      terms: [
        { kind: 'answer', id: 'price', orZero: true },
        { kind: 'answer', id: 'discount', orZero: false },
      ],
    },
  ],
  [
    'the least of three',
    { min: [{ var: 'a' }, 100, { score: 'b' }] },
    {
      combine: 'min',
      terms: [
        { kind: 'answer', id: 'a', orZero: false },
        { kind: 'constant', value: 100 },
        { kind: 'scores', fields: ['b'] },
      ],
    },
  ],
  [
    'the most of two sums',
    { max: [{ '+': [score('a'), score('b')] }, { '+': [] }] },
    {
      combine: 'max',
      terms: [
        { kind: 'scores', fields: ['a', 'b'] },
        { kind: 'scores', fields: [] },
      ],
    },
  ],
];

/** Expressions only the JSON can say. */
const NOT_SHOWN: [string, JsonValue][] = [
  ['a condition', { if: [{ '>=': [{ var: 'total' }, 2] }, 'pass', 'fail'] }],
  ['a text', 'pass'],
  ['null', null],
  ['a boolean', true],
  ['a list', [1, 2]],
  ['two keys', { var: 'a', score: 'b' }],
  ['an empty object', {}],
  ['nested arithmetic', { '+': [{ '*': [{ var: 'a' }, 2] }, 1] }],
  ['a sum of one score', { '+': [score('a')] }],
  ['arithmetic of one term', { '*': [3] }],
  ['a subtraction of three', { '-': [1, 2, 3] }],
  ['a negation', { '-': [{ var: 'a' }] }],
  ['a division of three', { '/': [1, 2, 3] }],
  ['an operation of no list', { '+': 5 }],
  ['a default other than 0', { var: ['n', 1] }],
  ['a var without an id', { var: '' }],
  ['a var of a path list', { var: ['n'] }],
  ['a score of no id', { score: 3 }],
  ['correctCount false', { correctCount: false }],
  ['a correct of one question', { correct: 'q1' }],
  ['entries of no section id', { entries: 3 }],
  ['a sum of one part', { sum: ['guests'] }],
  ['a sum of no list', { sum: 'guests' }],
  ['a modulo', { '%': [{ var: 'a' }, 2] }],
  ['a concatenation', { cat: ['a', { var: 'b' }] }],
];

describe('a calculation said by the pickers', () => {
  it.each(SHOWN)('%s is shown by the pickers and turns back into the same JSON', (_name, json, model) => {
    expect(expressionToPicker(json)).toEqual(model);
    expect(pickerToExpression(model)).toEqual(json);
    expect(pickerToExpression(expressionToPicker(json)!)).toEqual(json);
  });

  it.each(NOT_SHOWN)('%s stays JSON', (_name, json) => {
    expect(expressionToPicker(json)).toBeUndefined();
  });

  it('a model the pickers build turns into JSON they show the same way', () => {
    const built: PickerModel[] = [
      { combine: '+', terms: [{ kind: 'correctCount' }, { kind: 'answer', id: 'bonus', orZero: true }] },
      { combine: 'single', terms: [{ kind: 'scores', fields: ['q1', 'q2', 'q3'] }] },
      {
        combine: 'max',
        terms: [
          { kind: 'constant', value: 0 },
          { kind: 'answer', id: 'n', orZero: false },
        ],
      },
    ];
    for (const model of built) expect(expressionToPicker(pickerToExpression(model))).toEqual(model);
  });

  it('changing how terms combine keeps the terms it takes and fills in what it needs', () => {
    const one: PickerModel = { combine: 'single', terms: [{ kind: 'correctCount' }] };
    expect(withCombine(one, '*')).toEqual({
      combine: '*',
      terms: [{ kind: 'correctCount' }, { kind: 'constant', value: 1 }],
    });
    expect(withCombine(one, '+').terms[1]).toEqual({ kind: 'constant', value: 0 });
    const three: PickerModel = {
      combine: '+',
      terms: [
        { kind: 'constant', value: 1 },
        { kind: 'constant', value: 2 },
        { kind: 'constant', value: 3 },
      ],
    };
    expect(withCombine(three, '-').terms.map((t) => (t.kind === 'constant' ? t.value : t.kind))).toEqual([
      1, 2,
    ]);
    expect(withCombine(three, 'single').terms).toHaveLength(1);
    for (const combine of COMBINES) {
      const [fewest, most] = termsAllowed(combine);
      const length = withCombine(three, combine).terms.length;
      expect(length).toBeGreaterThanOrEqual(fewest);
      expect(length).toBeLessThanOrEqual(most);
    }
  });
});

describe("what the pickers build, the engine's integrity check takes", () => {
  /** A quiz question with a scored right answer, a number field, and variables built by the pickers. */
  const quiz = (models: PickerModel[]): FormSchema => ({
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Quiz', language: 'en' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      {
        id: 'q1',
        sectionId: 's',
        type: 'radio',
        label: 'Capital of France?',
        order: 0,
        options: [
          { label: 'Paris', value: 'paris', score: 1, correct: true },
          { label: 'Lyon', value: 'lyon' },
        ],
      },
      {
        id: 'q2',
        sectionId: 's',
        type: 'checkbox',
        label: 'Primes',
        order: 1,
        options: [{ label: '2', value: '2', score: 1 }],
      },
      { id: 'bonus', sectionId: 's', type: 'number', label: 'Bonus', order: 2 },
    ],
    variables: models.map((model, i) => ({
      id: `v${i}`,
      type: 'number',
      expression: pickerToExpression(model),
    })),
  });

  it('sums of scores, the count of correct answers, answers, variables and arithmetic of them', () => {
    const models: PickerModel[] = [
      { combine: 'single', terms: [{ kind: 'scores', fields: ['q1', 'q2'] }] },
      { combine: 'single', terms: [{ kind: 'correctCount' }] },
      {
        combine: '*',
        terms: [{ kind: 'correctCount' }, { kind: 'constant', value: 10 }],
      },
      {
        combine: 'max',
        terms: [
          { kind: 'answer', id: 'bonus', orZero: true },
          { kind: 'answer', id: 'v0', orZero: false },
          { kind: 'scores', fields: ['q2'] },
        ],
      },
    ];
    expect(checkSchema(quiz(models))).toEqual([]);
  });

  it("a repeating section's entries counted and a field summed over them", () => {
    const model: PickerModel = {
      combine: '/',
      terms: [
        { kind: 'entrySum', section: 'guests', field: 'age' },
        { kind: 'entries', section: 'guests' },
      ],
    };
    const party: FormSchema = {
      ...quiz([]),
      sections: [
        { id: 's', title: '', order: 0 },
        { id: 'guests', title: 'Guests', order: 1, repeat: {} },
      ],
      fields: [{ id: 'age', sectionId: 'guests', type: 'number', label: 'Age', order: 0 }],
      variables: [{ id: 'mean', type: 'number', expression: pickerToExpression(model) }],
    };
    expect(checkSchema(party)).toEqual([]);
  });

  it('a score of a field without options is said by the check, not hidden by the pickers', () => {
    const schema = quiz([{ combine: 'single', terms: [{ kind: 'scores', fields: ['bonus'] }] }]);
    expect(checkSchema(schema).map((p) => p.code)).toEqual(['score_not_applicable']);
  });
});
