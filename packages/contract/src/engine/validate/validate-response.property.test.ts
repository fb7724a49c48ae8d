import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { compileForm } from './compile-form.js';

const OPTIONS = ['a', 'b', 'c'].map((value) => ({ label: value, value }));

/** Every field type, a hidden section, conditions of each kind and `when` rules. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Everything', language: 'en' },
  sections: [
    { id: 's1', title: 'One', order: 0 },
    {
      id: 's2',
      title: 'Two',
      order: 1,
      conditionalLogic: {
        action: 'hide',
        conditionGroups: [{ conditions: [{ fieldId: 'choice', operator: 'equals', value: 'c' }] }],
      },
    },
  ],
  fields: [
    { id: 'text', sectionId: 's1', type: 'text', label: 'T', order: 0, required: true },
    { id: 'choice', sectionId: 's1', type: 'radio', label: 'R', order: 1, options: OPTIONS },
    {
      id: 'num',
      sectionId: 's1',
      type: 'number',
      label: 'N',
      order: 2,
      validation: { rules: [{ type: 'min', value: 0, when: { field: 'choice', notEquals: 'a' } }] },
      conditionalLogic: {
        action: 'show',
        conditionGroups: [
          { conditions: [{ fieldId: 'text', operator: 'contains', value: 'x' }] },
          { conditions: [{ fieldId: 'choice', operator: 'isNotEmpty' }] },
        ],
      },
    },
    { id: 'many', sectionId: 's2', type: 'checkbox', label: 'C', order: 0, options: OPTIONS },
    {
      id: 'mail',
      sectionId: 's2',
      type: 'email',
      label: 'E',
      order: 1,
      validation: { rules: [{ type: 'required', when: { field: 'num', equals: 1 } }] },
    },
    { id: 'day', sectionId: 's2', type: 'date', label: 'D', order: 2 },
    { id: 'doc', sectionId: 's2', type: 'file', label: 'F', order: 3 },
    {
      id: 'note',
      sectionId: 's2',
      type: 'textarea',
      label: 'X',
      order: 4,
      validation: {
        rules: [
          { type: 'pattern', value: '^[a-z ]*$' },
          { type: 'maxLength', value: 20 },
        ],
      },
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'many', operator: 'isChecked' }] }],
      },
    },
  ],
};
const ids = schema.fields.map((f) => f.id);
const form = compileForm(schema);

const answerValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    '',
    '  ',
    null,
    [],
    ['a'],
    ['a', 'a'],
    'a',
    'c',
    'x',
    '1',
    1,
    '2024-02-29',
    'ada@example.org',
  ),
  fc.record({ uploadId: fc.string(), name: fc.string(), size: fc.integer(), type: fc.string() }),
);
const answers = fc.dictionary(fc.oneof(fc.constantFrom(...ids), fc.string()), answerValue, { maxKeys: 12 });

describe('validateResponse properties', () => {
  it('never throws, on any value at all, and ok means no errors', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), answers), (input) => {
        const result = form.validate(input);
        expect(result.ok).toBe(result.errors.length === 0);
      }),
      { numRuns: 500 },
    );
  });

  it('hidden fields never produce errors nor reach the value; unknown keys always do produce one', () => {
    fc.assert(
      fc.property(answers, (input) => {
        const { hiddenFields } = form.visibility(input);
        const result = form.validate(input);
        for (const e of result.errors) expect(hiddenFields.has(e.fieldId)).toBe(false);
        for (const id of Object.keys(result.value))
          expect(hiddenFields.has(id) || !ids.includes(id)).toBe(false);
        const unknown = Object.keys(input).filter((k) => !ids.includes(k));
        expect(result.errors.filter((e) => e.rule === 'unknown_field').map((e) => e.fieldId)).toEqual(
          unknown,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('validating twice gives the same result (no state leaks between calls)', () => {
    fc.assert(
      fc.property(answers, answers, (first, second) => {
        const fresh = compileForm(schema).validate(second);
        form.validate(first);
        expect(form.validate(second)).toEqual(fresh);
      }),
      { numRuns: 300 },
    );
  });
});
