import type { FormSchema } from '@formloom/contract';
import { checkSchema, schemaWarnings } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { logicTexts } from './logic-texts.js';
import { logicProblemWords, problemWords } from './problems.js';
import { builderTexts } from './texts.js';

const text = (id: string, sectionId: string, more: object = {}) => ({
  id,
  sectionId,
  type: 'text' as const,
  label: id,
  order: 0,
  ...more,
});
const shown = (fieldId: string, more: object = {}) => ({
  conditionalLogic: {
    action: 'show' as const,
    conditionGroups: [{ conditions: [{ fieldId, operator: 'isNotEmpty' as const, ...more }] }],
  },
});

/** Every way of naming a field of a repeating section that cannot say which entry it means (and one that can). */
const tangled: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'T', language: 'en' },
  sections: [
    { id: 'main', title: 'Main', order: 0 },
    { id: 'guests', title: 'Guests', order: 1, repeat: { min: 4, max: 2 } },
    { id: 'rooms', title: 'Rooms', order: 2, repeat: {} },
  ],
  fields: [
    text('host', 'main', {
      label: 'Hello {{guest}}',
      validation: {
        rules: [
          // From outside: any entry, so it can say which entries it means.
          { type: 'required', when: { field: 'guest', equals: 'x' } },
          { type: 'minLength', value: 2, when: { field: 'other', equals: 'x', entry: 'all' } },
        ],
      },
      ...shown('other', { entry: 'any' }),
    }),
    text('other', 'main'),
    text('rooms', 'main'),
    text('guest', 'guests'),
    { ...text('mail', 'guests'), type: 'email' },
    text('room', 'rooms', {
      ...shown('guest'),
      validation: { rules: [{ type: 'required', when: { field: 'guest', equals: 'x' } }] },
    }),
    text('bed', 'rooms', shown('count')),
  ],
  variables: [{ id: 'count', type: 'number', expression: { '+': [{ var: 'guest' }, { entries: 'main' }] } }],
  settings: { notifications: { respondentCopy: { emailFieldId: 'mail' } } },
};

describe("the builder's words for the problems of repeating sections", () => {
  it('words each problem of a repeating section by where it is, and leaves the others to the check', () => {
    // In the order of their paths: the check's own order is not the point.
    const worded = checkSchema(tangled)
      .map((p) => [p.code, p.path, problemWords(p)])
      .sort((a, b) => (a[1]! < b[1]! ? -1 : 1));
    expect(worded).toEqual([
      [
        'repeat_reference',
        '$.fields[0].conditionalLogic.conditionGroups[0].conditions[0].entry',
        'problemRepeatEntry',
      ],
      ['repeat_reference', '$.fields[0].label', 'problemRepeatRecall'],
      ['repeat_reference', '$.fields[0].validation.rules[1].when.entry', 'problemRepeatEntry'],
      [
        'repeat_reference',
        '$.fields[5].conditionalLogic.conditionGroups[0].conditions[0].fieldId',
        'problemRepeatCondition',
      ],
      ['repeat_reference', '$.fields[5].validation.rules[0].when.field', 'problemRepeatWhen'],
      [
        'repeat_reference',
        '$.fields[6].conditionalLogic.conditionGroups[0].conditions[0].fieldId',
        'problemRepeatCondition',
      ],
      ['min_above_max', '$.sections[1].repeat.min', 'problemRepeatMinMax'],
      ['repeat_id_clash', '$.sections[2].id', 'problemRepeatIdClash'],
      ['repeat_reference', '$.settings.notifications.respondentCopy.emailFieldId', 'problemRepeatCopy'],
      ['repeat_reference', '$.variables[0].expression["+"][0].var', 'problemRepeatVariable'],
      ['repeat_reference', '$.variables[0].expression["+"][1].entries', 'problemRepeatVariable'],
    ]);
    // A rule's minimum above its maximum is not a repeating section's: the check's sentence shows.
    const rule = checkSchema({
      ...tangled,
      sections: [tangled.sections[0]!],
      fields: [
        {
          ...text('n', 'main'),
          type: 'number',
          validation: {
            rules: [
              { type: 'min', value: 5 },
              { type: 'max', value: 1 },
            ],
          },
        },
      ],
      variables: [],
      settings: {},
    });
    expect(rule.map((p) => [p.code, problemWords(p)])).toEqual([['min_above_max', undefined]]);
  });

  it('has the words in each of the six languages, each its own', () => {
    const keys = checkSchema(tangled).map((p) => problemWords(p)!);
    for (const [language, texts] of Object.entries(builderTexts)) {
      const words = keys.map((key) => texts[key]);
      expect(
        words.every((w) => w.length > 20),
        language,
      ).toBe(true);
      if (language !== 'en')
        expect(
          words.some((w, i) => w === builderTexts.en[keys[i]!]),
          language,
        ).toBe(false);
    }
  });
});

describe("the builder's words for the problems of jumps, endings and quizzes", () => {
  const when = [{ conditions: [{ fieldId: 'kind', operator: 'equals' as const, value: 'a' }] }];
  /** A jump back, one to nowhere, one past a page every way, a doubled ending id, a mark read by show/hide. */
  const knotted: FormSchema = {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'T', language: 'en' },
    settings: { layout: 'paged', endings: [{ id: 'end' }, { id: 'end' }] },
    sections: [
      { id: 'one', title: 'One', order: 0 },
      {
        id: 'two',
        title: 'Two',
        order: 1,
        jumps: [
          { conditionGroups: when, to: { section: 'one' } },
          { conditionGroups: when, to: { ending: 'nowhere' } },
          {
            conditionGroups: [
              ...when,
              { conditions: [{ fieldId: 'kind', operator: 'notEquals', value: 'a' }] },
            ],
            to: { ending: 'end' },
          },
        ],
      },
      { id: 'three', title: 'Three', order: 2 },
    ],
    fields: [
      {
        id: 'kind',
        sectionId: 'one',
        type: 'radio',
        label: 'Kind',
        order: 0,
        options: [
          { label: 'A', value: 'a', correct: true },
          { label: 'B', value: 'b' },
        ],
      },
      {
        ...text('why', 'one'),
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'right', operator: 'greaterThan', value: 0 }] }],
        },
      },
    ],
    variables: [{ id: 'right', type: 'number', expression: { correctCount: true } }],
  };

  it("words each by its code (a doubled id only when it is an ending's)", () => {
    const worded = [...checkSchema(knotted), ...schemaWarnings(knotted)]
      .map((p) => [p.code, logicProblemWords(p)])
      .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(worded).toEqual([
      ['duplicate_id', 'problemEndingId'],
      ['jump_backwards', 'problemJumpBackwards'],
      ['marks_not_allowed', 'problemMarks'],
      ['unknown_jump_target', 'problemJumpTarget'],
      ['unreachable_section', 'problemUnreachable'],
    ]);
    const doubledField = checkSchema({ ...knotted, fields: [...knotted.fields, text('kind', 'one')] }).find(
      (p) => p.code === 'duplicate_id' && p.path.startsWith('$.fields'),
    );
    expect(doubledField).toBeDefined();
    expect(logicProblemWords(doubledField!)).toBeUndefined();
  });

  it('has the words in each of the six languages, each its own', () => {
    const keys = [...checkSchema(knotted), ...schemaWarnings(knotted)].map((p) => logicProblemWords(p)!);
    for (const [language, texts] of Object.entries(logicTexts)) {
      for (const key of keys) {
        expect(texts[key].length, `${language} ${key}`).toBeGreaterThan(20);
        if (language !== 'en') expect(texts[key], `${language} ${key}`).not.toBe(logicTexts.en[key]);
      }
    }
  });
});
