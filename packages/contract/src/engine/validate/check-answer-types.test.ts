import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { checkAnswerTypes } from './validate-response.js';

const schema = {
  version: '1',
  schemaVersion: '1.0',
  meta: { title: 'Draft', language: 'en' },
  sections: [
    { id: 'a', title: 'A', order: 1 },
    { id: 'b', title: 'B', order: 2 },
  ],
  fields: [
    {
      id: 'name',
      sectionId: 'a',
      type: 'text',
      label: 'Name',
      order: 1,
      required: true,
      validation: { rules: [{ type: 'minLength', value: 5 }] },
    },
    { id: 'age', sectionId: 'a', type: 'number', label: 'Age', order: 2, required: true },
    {
      id: 'colour',
      sectionId: 'b',
      type: 'radio',
      label: 'Colour',
      order: 1,
      required: true,
      options: [{ label: 'Red', value: 'red' }],
    },
  ],
} as unknown as FormSchema;

describe('checkAnswerTypes (a draft: types only)', () => {
  it('lets missing required answers and broken rules pass', () => {
    expect(checkAnswerTypes(schema, {})).toEqual({ ok: true, errors: [] });
    expect(checkAnswerTypes(schema, { name: 'Al' }).ok).toBe(true);
  });

  it('refuses an answer of the wrong type, an unknown option and a key that names no field', () => {
    const { ok, errors } = checkAnswerTypes(schema, { age: 'forty', colour: 'blue', extra: 1 });
    expect(ok).toBe(false);
    expect(errors.map((e) => [e.fieldId, e.rule]).sort()).toEqual([
      ['age', 'type'],
      ['colour', 'option'],
      ['extra', 'unknown_field'],
    ]);
  });

  it("refuses a question type's answer of the wrong shape, not an address missing a part", () => {
    const inputs = {
      ...schema,
      fields: [
        { id: 'ship', sectionId: 'a', type: 'address', label: 'Ship', order: 1 },
        { id: 'site', sectionId: 'a', type: 'url', label: 'Site', order: 2 },
        { id: 'slot', sectionId: 'a', type: 'time', label: 'Slot', order: 3 },
      ],
    } as unknown as FormSchema;
    expect(checkAnswerTypes(inputs, { ship: { city: 'Berlin' }, slot: '9:05' }).ok).toBe(true);
    const { errors } = checkAnswerTypes(inputs, { ship: 'Berlin', site: 'example.com', slot: '25:00' });
    expect(errors.map((e) => [e.fieldId, e.rule])).toEqual([
      ['ship', 'address'],
      ['site', 'url'],
      ['slot', 'time'],
    ]);
  });

  it("checks a repeating section's entries for their types, not for their count below min", () => {
    const booking = {
      ...schema,
      sections: [{ id: 'g', title: 'Guests', order: 1, repeat: { min: 2, max: 2 } }],
      fields: [
        { id: 'guest', sectionId: 'g', type: 'text', label: 'Guest', order: 1, required: true },
        { id: 'age', sectionId: 'g', type: 'number', label: 'Age', order: 2 },
      ],
    } as unknown as FormSchema;
    expect(checkAnswerTypes(booking, { g: [{ age: 4 }] }).ok).toBe(true);
    const rules = (answers: unknown) =>
      checkAnswerTypes(booking, answers).errors.map((e) => [e.fieldId, e.rule]);
    expect(rules({ g: [{ age: 4 }, { age: 'four', shoe: 1 }] })).toEqual([
      ['g[1].shoe', 'unknown_field'],
      ['g[1].age', 'type'],
    ]);
    expect(rules({ g: 'Ada' })).toEqual([['g', 'type']]);
    expect(rules({ g: [{}, {}, {}] })).toEqual([['g', 'maxEntries']]);
  });

  it('refuses answers that are not an object', () => {
    expect(checkAnswerTypes(schema, [1]).ok).toBe(false);
  });
});
