import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { entryAnswers } from '../texts/entry-answers.js';
import { recallText } from '../texts/recall.js';
import { compileForm } from '../validate/compile-form.js';

function field(id: string, sectionId: string, order: number, extra: Partial<Field> = {}): Field {
  return { id, sectionId, type: 'text', label: id, order, ...extra } as Field;
}

/** A party: the host's name, then guests (name required, age, meal shown only to adults). */
function party(repeat: Section['repeat'] = { min: 1, max: 3 }, extra: Partial<FormSchema> = {}): FormSchema {
  return {
    version: '1',
    schemaVersion: '1',
    meta: { title: 'Party', language: 'en' },
    sections: [
      { id: 'host', title: 'Host', order: 0 },
      { id: 'g', title: 'Guest', order: 1, repeat },
    ],
    fields: [
      field('host', 'host', 0),
      field('guest', 'g', 0, { required: true }),
      field('age', 'g', 1, { type: 'number', validation: { rules: [{ type: 'min', value: 0 }] } }),
      field('meal', 'g', 2, {
        type: 'radio',
        options: [
          { label: 'Fish', value: 'fish' },
          { label: 'Veg', value: 'veg' },
        ],
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'age', operator: 'greaterThanOrEqual', value: 18 }] }],
        },
      }),
    ],
    ...extra,
  };
}

describe('repeating sections: validation', () => {
  it('accepts entries, normalises each and keeps them under the section id', () => {
    const result = compileForm(party()).validate({
      host: 'Ada',
      g: [
        { guest: 'Bo', age: '40', meal: 'veg' },
        { guest: 'Cy', age: 7 },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.value).toEqual({
      host: 'Ada',
      g: [
        { guest: 'Bo', age: 40, meal: 'veg' },
        { guest: 'Cy', age: 7 },
      ],
    });
  });

  it('names the entry in the path of each error', () => {
    const result = compileForm(party()).validate({
      g: [{ guest: 'Bo', age: 40, meal: 'beef' }, { age: -1 }],
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.fieldId, e.rule])).toEqual([
      ['g[0].meal', 'option'],
      ['g[1].guest', 'required'],
      ['g[1].age', 'min'],
    ]);
  });

  it('drops an answer hidden in one entry and shown in another', () => {
    const result = compileForm(party()).validate({
      g: [
        { guest: 'Kid', age: 7, meal: 'fish' },
        { guest: 'Adult', age: 30, meal: 'fish' },
      ],
    });
    expect(result.value).toEqual({
      g: [
        { guest: 'Kid', age: 7 },
        { guest: 'Adult', age: 30, meal: 'fish' },
      ],
    });
    const visibility = compileForm(party()).visibility({ g: [{ age: 7 }, { age: 30 }] });
    expect(visibility.entries?.g?.map((hidden) => [...hidden])).toEqual([['meal'], []]);
  });

  it('checks the count of entries against min and max', () => {
    const form = compileForm(party({ min: 1, max: 2 }));
    expect(form.validate({}).errors.map((e) => [e.fieldId, e.rule, e.message])).toEqual([
      ['g', 'minEntries', 'Add at least 1 entry.'],
    ]);
    const three = [{ guest: 'a' }, { guest: 'b' }, { guest: 'c' }];
    expect(form.validate({ g: three }).errors.map((e) => [e.fieldId, e.rule, e.message])).toEqual([
      ['g', 'maxEntries', 'Add at most 2 entries.'],
    ]);
    expect(form.validate({ g: three.slice(0, 2) }).ok).toBe(true);
  });

  it('refuses unknown keys in an entry and answers that are not a list of objects', () => {
    const form = compileForm(party());
    expect(form.validate({ g: [{ guest: 'a', host: 'x', shoe: 1 }] }).errors.map((e) => e.fieldId)).toEqual([
      'g[0].host',
      'g[0].shoe',
    ]);
    for (const bad of ['x', 3, { guest: 'a' }, [1], [['a']], [null]]) {
      const result = form.validate({ g: bad });
      expect(result.errors.map((e) => [e.fieldId, e.rule])).toEqual([['g', 'type']]);
    }
    // A field of the section answered outside it is an unknown field.
    expect(form.validate({ g: [{ guest: 'a' }], guest: 'b' }).errors.map((e) => [e.fieldId, e.rule])).toEqual(
      [['guest', 'unknown_field']],
    );
  });

  it('writes the entry messages in the form language', () => {
    const schema = party({ min: 2 });
    schema.meta.language = 'de';
    expect(compileForm(schema).validate({ g: [{ guest: 'a' }] }).errors[0]?.message).toBe(
      'Fügen Sie mindestens 2 Einträge hinzu.',
    );
  });

  it('drops the entries of a hidden repeating section without checking them', () => {
    const schema = party({ min: 2 });
    schema.sections[1]!.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'host', operator: 'equals', value: 'Ada' }] }],
    };
    const form = compileForm(schema);
    expect(form.validate({ host: 'Bo', g: [{ age: 'x' }] })).toMatchObject({
      ok: true,
      value: { host: 'Bo' },
    });
    expect(form.validate({ host: 'Ada', g: [{ guest: 'x' }] }).ok).toBe(false);
  });
});

describe('repeating sections: conditions', () => {
  const withNote = (entry?: 'any' | 'all') =>
    party(
      { max: 5 },
      {
        fields: [
          ...party().fields,
          field('note', 'host', 1, {
            conditionalLogic: {
              action: 'show',
              conditionGroups: [
                {
                  conditions: [
                    { fieldId: 'meal', operator: 'equals', value: 'veg', ...(entry ? { entry } : {}) },
                  ],
                },
              ],
            },
          }),
        ],
      },
    );

  it('reads any entry by default, and every entry with entry "all"', () => {
    const mixed = {
      note: 'n',
      g: [
        { guest: 'a', age: 30, meal: 'veg' },
        { guest: 'b', age: 30, meal: 'fish' },
      ],
    };
    const allVeg = { note: 'n', g: [{ guest: 'a', age: 30, meal: 'veg' }] };
    expect(compileForm(withNote()).validate(mixed).value).toHaveProperty('note', 'n');
    expect(compileForm(withNote('any')).validate(mixed).value).toHaveProperty('note', 'n');
    expect(compileForm(withNote('all')).validate(mixed).value).not.toHaveProperty('note');
    expect(compileForm(withNote('all')).validate(allVeg).value).toHaveProperty('note', 'n');
    // None: neither holds.
    expect(compileForm(withNote()).validate({ note: 'n', g: [] }).value).not.toHaveProperty('note');
    expect(compileForm(withNote('all')).validate({ note: 'n' }).value).not.toHaveProperty('note');
  });

  it('reads an entry value only where it is visible in that entry', () => {
    // The child's meal is hidden (under 18), so it does not count for "any".
    const result = compileForm(withNote()).validate({
      note: 'n',
      g: [{ guest: 'kid', age: 5, meal: 'veg' }],
    });
    expect(result.value).toEqual({ g: [{ guest: 'kid', age: 5 }] });
    expect(
      compileForm(withNote())
        .visibility({ g: [{ age: 5, meal: 'veg' }] })
        .hiddenFields.has('note'),
    ).toBe(true);
  });

  it('lets a condition inside an entry read a field outside', () => {
    const schema = party();
    schema.fields[3]!.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'host', operator: 'equals', value: 'Ada' }] }],
    };
    const form = compileForm(schema);
    expect(form.validate({ host: 'Ada', g: [{ guest: 'a', meal: 'veg' }] }).value).toEqual({
      host: 'Ada',
      g: [{ guest: 'a', meal: 'veg' }],
    });
    expect(form.validate({ host: 'Bo', g: [{ guest: 'a', meal: 'veg' }] }).value).toEqual({
      host: 'Bo',
      g: [{ guest: 'a' }],
    });
  });
});

describe('repeating sections: variables and recall', () => {
  const withVariables = party(
    { max: 10 },
    {
      variables: [
        { id: 'count', type: 'number', expression: { entries: 'g' } },
        { id: 'years', type: 'number', expression: { sum: ['g', 'age'] } },
        { id: 'mean', type: 'number', expression: { '/': [{ sum: ['g', 'age'] }, { entries: 'g' }] } },
      ],
    },
  );

  it('counts entries and sums a field over them', () => {
    const answers = { g: [{ guest: 'a', age: 30 }, { guest: 'b', age: '10' }, { guest: 'c' }] };
    const form = compileForm(withVariables);
    expect(form.validate(answers).variables).toEqual({ count: 3, years: 40, mean: 40 / 3 });
    expect(form.variables(answers)).toEqual({ count: 3, years: 40, mean: 40 / 3 });
    expect(form.variables({ g: [{ age: 1 }] })).toMatchObject({ count: 1, years: 1 });
  });

  it('recalls the value of the entry shown', () => {
    const answers = { host: 'Ada', g: [{ guest: 'Bo' }, { guest: 'Cy' }] };
    const text = 'Guest {{guest}} of {{host}}';
    const recall = (index: number) =>
      recallText(text, { schema: party(), answers: entryAnswers(answers, 'g', index) });
    expect(recall(1)).toBe('Guest Cy of Ada');
    expect(recall(0)).toBe('Guest Bo of Ada');
    // No such entry, or outside one: the section's fields recall nothing.
    expect(recall(2)).toBe('Guest  of Ada');
    expect(recallText(text, { schema: party(), answers })).toBe('Guest  of Ada');
  });
});
