import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/bench-corpus.js';
import type { Field } from '../../models/field.js';
import { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { checkSchema } from '../integrity/check-schema.js';
import { pageOfField, validatePage } from '../logic/pages.js';
import { entryAnswers } from '../texts/entry-answers.js';
import { recallText } from '../texts/recall.js';
import { translateSchema } from '../texts/translate-schema.js';
import { translationKeys } from '../texts/translation-keys.js';
import { compileForm } from '../validate/compile-form.js';

function field(id: string, sectionId: string, order: number, extra: Partial<Field> = {}): Field {
  return { id, sectionId, type: 'text', label: id, order, ...extra } as Field;
}

function formOf(parts: Pick<FormSchema, 'sections' | 'fields'> & Partial<FormSchema>): FormSchema {
  return { version: '1', schemaVersion: '1', meta: { title: 'Form', language: 'en' }, ...parts };
}

/** A party: the host's name, then guests (name required, age, meal shown only to adults). */
function party(repeat: Section['repeat'] = { min: 1, max: 3 }, extra: Partial<FormSchema> = {}): FormSchema {
  return formOf({
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
  });
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
    // The engine's own helper ids are no fields either.
    expect(form.validate({ g: [{ guest: 'a' }], '~n:g': 3 }).errors.map((e) => [e.fieldId, e.rule])).toEqual([
      ['~n:g', 'unknown_field'],
    ]);
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

describe("repeating sections: a rule's when", () => {
  /** The host's note is required while a guest (any, or all with entry "all") eats veg. */
  const withRule = (when: Record<string, unknown>) =>
    party(
      { max: 5 },
      {
        fields: [
          ...party().fields,
          field('note', 'host', 1, {
            validation: { rules: [{ type: 'required', when } as never] },
          }),
        ],
      },
    );
  const missingNote = (schema: FormSchema, answers: Record<string, unknown>) =>
    compileForm(schema)
      .validate(answers)
      .errors.some((e) => e.fieldId === 'note' && e.rule === 'required');
  const mixed = {
    g: [
      { guest: 'a', age: 30, meal: 'veg' },
      { guest: 'b', age: 30, meal: 'fish' },
    ],
  };
  const allVeg = { g: [{ guest: 'a', age: 30, meal: 'veg' }] };

  it('reads any entry by default, and every entry with entry "all", as a condition does', () => {
    const any = withRule({ field: 'meal', equals: 'veg' });
    const all = withRule({ field: 'meal', equals: 'veg', entry: 'all' });
    expect(FormSchema.safeParse(all).success).toBe(true);
    expect(checkSchema(any)).toEqual([]);
    expect(checkSchema(all)).toEqual([]);
    expect(missingNote(any, mixed)).toBe(true);
    expect(missingNote(withRule({ field: 'meal', equals: 'veg', entry: 'any' }), mixed)).toBe(true);
    expect(missingNote(all, mixed)).toBe(false);
    expect(missingNote(all, allVeg)).toBe(true);
    expect(compileForm(all).validate({ ...mixed, note: 'n' }).ok).toBe(true);
    // No entry: it holds in none, so the rule does not apply, "all" included.
    expect(missingNote(any, { g: [] })).toBe(false);
    expect(missingNote(all, {})).toBe(false);
    // notEquals too; a value hidden in an entry (a child's meal) does not count.
    const notFish = withRule({ field: 'meal', notEquals: 'fish', entry: 'all' });
    expect(missingNote(notFish, allVeg)).toBe(true);
    expect(missingNote(notFish, mixed)).toBe(false);
    expect(missingNote(any, { g: [{ guest: 'kid', age: 5, meal: 'veg' }] })).toBe(false);
  });

  it('is refused from another repeating section, and "entry" where it says nothing', () => {
    const other = withRule({ field: 'host', equals: 'Ada', entry: 'all' });
    other.sections.push({ id: 'h', title: 'Helpers', order: 2, repeat: { max: 2 } });
    other.fields.push(
      field('helper', 'h', 0, {
        validation: { rules: [{ type: 'required', when: { field: 'guest', equals: 'x' } }] },
      }),
      field('task', 'g', 3, {
        validation: { rules: [{ type: 'required', when: { field: 'age', equals: 3, entry: 'any' } }] },
      }),
    );
    expect(checkSchema(other).map((p) => [p.code, p.path])).toEqual([
      ['repeat_reference', '$.fields[4].validation.rules[0].when.entry'],
      ['repeat_reference', '$.fields[5].validation.rules[0].when.field'],
      ['repeat_reference', '$.fields[6].validation.rules[0].when.entry'],
    ]);
    // "any" is the default: two rules that differ only by it are one rule twice; "all" is another.
    const twice = withRule({ field: 'meal', equals: 'veg' });
    const rules = twice.fields[4]!.validation!.rules;
    rules.push({ type: 'required', when: { field: 'meal', equals: 'veg', entry: 'any' } });
    expect(checkSchema(twice).map((p) => p.code)).toEqual(['duplicate_rule']);
    rules[1] = { type: 'required', when: { field: 'meal', equals: 'veg', entry: 'all' } };
    expect(checkSchema(twice)).toEqual([]);
  });
});

describe('repeating sections on pages', () => {
  const paged = party({ min: 1, max: 2 }, { settings: { layout: 'paged' } });

  it('puts the section, its fields and each entry path on the section page', () => {
    expect(pageOfField(paged, 'g')).toBe('g');
    expect(pageOfField(paged, 'guest')).toBe('g');
    expect(pageOfField(paged, 'g[1].guest')).toBe('g');
    expect(pageOfField(paged, 'host')).toBe('host');
    expect(pageOfField(paged, 'host[0].x')).toBe('host');
    expect(pageOfField(paged, 'nope[0].guest')).toBeUndefined();
    expect(pageOfField(party(), 'g[0].age')).toBe('host');
  });

  it('checks the entries when their page is left, not another page', () => {
    const answers = { host: 'Ada', g: [{ guest: 'Bo' }, { age: 3 }] };
    expect(validatePage(paged, answers, 'host')).toEqual({ ok: true, errors: [] });
    expect(validatePage(paged, answers, 'g').errors.map((e) => [e.fieldId, e.rule])).toEqual([
      ['g[1].guest', 'required'],
    ]);
    expect(validatePage(paged, { host: 'Ada' }, 'g').errors.map((e) => [e.fieldId, e.rule])).toEqual([
      ['g', 'minEntries'],
    ]);
    expect(validatePage(paged, { host: 'Ada', g: [{ guest: 'a' }, { guest: 'b' }] }, 'g').ok).toBe(true);
  });
});

describe('repeating sections: checkSchema', () => {
  const codes = (schema: FormSchema) => checkSchema(schema).map((p) => [p.code, p.path]);

  it('refuses a section id that is a field id, and a min above the max', () => {
    const clash = party({ min: 4, max: 3 });
    clash.fields.push(field('g', 'host', 1));
    expect(codes(clash)).toEqual(
      expect.arrayContaining([
        ['repeat_id_clash', '$.sections[1].id'],
        ['min_above_max', '$.sections[1].repeat.min'],
      ]),
    );
  });

  it('refuses what cannot say which entry it means', () => {
    const schema = party(
      { max: 3 },
      { variables: [{ id: 'age2', type: 'number', expression: { var: 'age' } }] },
    );
    schema.fields[0]!.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'age', operator: 'isNotEmpty', entry: 'all' }] }],
    };
    schema.fields[1]!.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'host', operator: 'isNotEmpty', entry: 'any' }] }],
    };
    expect(codes(schema)).toEqual([
      ['repeat_reference', '$.fields[1].conditionalLogic.conditionGroups[0].conditions[0].entry'],
      ['repeat_reference', '$.variables[0].expression.var'],
    ]);
  });

  it('refuses entries counted or summed over a section that does not repeat, with or without one that does', () => {
    const variables: NonNullable<FormSchema['variables']> = [
      { id: 'n', type: 'number', expression: { entries: 'host' } },
      { id: 's', type: 'number', expression: { sum: ['g', 'host'] } },
    ];
    expect(codes(party({ max: 3 }, { variables })).map(([code]) => code)).toEqual([
      'repeat_reference',
      'repeat_reference',
    ]);
    const plain = party(undefined, { variables: [variables[0]!] });
    plain.sections[1] = { id: 'g', title: 'Guest', order: 1 };
    expect(codes(plain)).toEqual([['repeat_reference', '$.variables[0].expression.entries']]);
  });
});

describe('repeating sections: the add label', () => {
  it('is a translation key, translated with the form', () => {
    const schema = party({ max: 4, addLabel: 'Add a guest' });
    schema.translations = { de: { 'sections.g.repeat.addLabel': 'Gast hinzufügen' } };
    expect(translationKeys(schema).find((t) => t.key === 'sections.g.repeat.addLabel')).toMatchObject({
      text: 'Add a guest',
      path: ['sections', 1, 'repeat', 'addLabel'],
    });
    expect(checkSchema(schema)).toEqual([]);
    expect(translateSchema(schema, 'de').sections[1]?.repeat).toEqual({
      max: 4,
      addLabel: 'Gast hinzufügen',
    });
    expect(translateSchema(schema, 'en').sections[1]?.repeat).toEqual({ max: 4, addLabel: 'Add a guest' });
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

interface Shape {
  min: number | undefined;
  max: number | undefined;
  hostRequired: boolean;
  nameRequired: boolean;
  floor: number;
  mode: 'any' | 'all' | undefined;
}

const ABSENT = Symbol('absent');
const NAMES = ['Ada', '', '  ', 5, ABSENT, 'Bo'];
const NUMBERS = [3, '4', -1, 'x', '', 10, ABSENT, 0];
const KINDS = ['a', 'b', 'c', 7, ABSENT, ''];
const EXTRAS = ['t', 5, '', ABSENT];

function schemaOf(shape: Shape): FormSchema {
  const f = field;
  return formOf({
    sections: [
      { id: 'main', title: 'Main', order: 0 },
      { id: 'g', title: 'Guests', order: 1, repeat: { min: shape.min, max: shape.max } },
    ],
    fields: [
      f('host', 'main', 0, { required: shape.hostRequired }),
      f('flag', 'main', 1, {
        conditionalLogic: {
          action: 'show',
          conditionGroups: [
            {
              conditions: [
                {
                  fieldId: 'kind',
                  operator: 'equals',
                  value: 'b',
                  ...(shape.mode ? { entry: shape.mode } : {}),
                },
              ],
            },
          ],
        },
      }),
      f('name', 'g', 0, { required: shape.nameRequired }),
      f('n', 'g', 1, { type: 'number', validation: { rules: [{ type: 'min', value: shape.floor }] } }),
      f('kind', 'g', 2, {
        type: 'radio',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      }),
      f('extra', 'g', 3, {
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'kind', operator: 'equals', value: 'b' }] }],
        },
      }),
    ],
    variables: [
      { id: 'count', type: 'number', expression: { entries: 'g' } },
      { id: 'total', type: 'number', expression: { sum: ['g', 'n'] } },
    ],
  });
}

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** What the engine should answer, written out plainly. */
function reference(shape: Shape, answers: Record<string, unknown>) {
  const errors: string[] = [];
  const value: Record<string, unknown> = {};
  const text = (id: string, v: unknown, required: boolean, into: Record<string, unknown>) => {
    if (blank(v)) {
      if (required) errors.push(`${id} required`);
    } else if (typeof v !== 'string') errors.push(`${id} type`);
    else into[id.replace(/^.*\./, '')] = v;
  };
  text('host', answers.host, shape.hostRequired, value);
  for (const key of Object.keys(answers)) {
    if (!['host', 'flag', 'g'].includes(key)) errors.push(`${key} unknown_field`);
  }
  const list = answers.g;
  const entries = list === undefined ? [] : Array.isArray(list) ? (list as Record<string, unknown>[]) : null;
  let total = 0;
  if (entries === null || entries.some((e) => typeof e !== 'object' || e === null || Array.isArray(e))) {
    errors.push('g type');
  } else {
    const kindB = entries.filter((e) => e.kind === 'b').length;
    const flagShown = shape.mode === 'all' ? entries.length > 0 && kindB === entries.length : kindB > 0;
    if (flagShown) text('flag', answers.flag, false, value);
    const min = shape.min ?? 0;
    const max = shape.max ?? 50;
    if (entries.length < min) errors.push('g minEntries');
    if (entries.length > max) errors.push('g maxEntries');
    else {
      const kept = entries.map((entry, i) => {
        const at = `g[${i}].`;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(entry)) {
          if (!['name', 'n', 'kind', 'extra'].includes(key)) errors.push(`${at}${key} unknown_field`);
        }
        text(`${at}name`, entry.name, shape.nameRequired, out);
        const n = entry.n;
        if (!blank(n)) {
          const number = typeof n === 'number' ? n : Number(n);
          if (Number.isNaN(number)) errors.push(`${at}n type`);
          else if (number < shape.floor) errors.push(`${at}n min`);
          else {
            out.n = number;
            total += number;
          }
        }
        const kind = entry.kind;
        if (!blank(kind)) {
          if (typeof kind !== 'string') errors.push(`${at}kind type`);
          else if (kind !== 'a' && kind !== 'b') errors.push(`${at}kind option`);
          else out.kind = kind;
        }
        if (kind === 'b') text(`${at}extra`, entry.extra, false, out);
        return out;
      });
      if (kept.length > 0) value.g = kept;
    }
  }
  const count = entries?.length ?? 0;
  return errors.length === 0
    ? { ok: true, value, errors: [] as string[], variables: { count, total } }
    : { ok: false, value: {}, errors: errors.sort(), variables: {} };
}

function answersOf(next: () => number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const answers: Record<string, unknown> = {};
  const put = (into: Record<string, unknown>, key: string, v: unknown) => {
    if (v !== ABSENT) into[key] = v;
  };
  put(answers, 'host', pick(NAMES));
  put(answers, 'flag', pick(['f', ABSENT, ABSENT]));
  const roll = next();
  if (roll < 0.04) answers.g = pick(['guests', 3, { name: 'Ada' }, [1], [['a']], [null]]);
  else if (roll < 0.08) answers.other = 'x';
  if (answers.g === undefined && next() < 0.95) {
    answers.g = Array.from({ length: Math.floor(next() * 21) }, () => {
      const entry: Record<string, unknown> = {};
      // Mostly valid entries, so that a good share of the responses pass.
      const valid = next() < 0.8;
      put(entry, 'name', valid ? 'Ada' : pick(NAMES));
      put(entry, 'n', valid ? pick([3, '4', 10, ABSENT]) : pick(NUMBERS));
      put(entry, 'kind', valid ? pick(['a', 'b', ABSENT]) : pick(KINDS));
      put(entry, 'extra', pick(EXTRAS));
      if (!valid && next() < 0.2) entry.shoe = 1;
      return entry;
    });
  }
  return answers;
}

describe('repeating sections against a plain reference', () => {
  it('agrees on 400 generated forms and 2,000 responses of 0..20 entries', () => {
    const next = seededRandom(20261129);
    let passed = 0;
    const counts = new Set<number>();
    for (let s = 0; s < 400; s++) {
      const min = next() < 0.5 ? Math.floor(next() * 4) : undefined;
      const shape: Shape = {
        min,
        max: next() < 0.6 ? (min ?? 0) + 1 + Math.floor(next() * 20) : undefined,
        hostRequired: next() < 0.3,
        nameRequired: next() < 0.5,
        floor: Math.floor(next() * 5) - 1,
        mode: [undefined, 'any', 'all'][Math.floor(next() * 3)] as Shape['mode'],
      };
      const form = compileForm(schemaOf(shape));
      for (let r = 0; r < 5; r++) {
        const answers = answersOf(next);
        const expected = reference(shape, answers);
        const result = form.validate(answers);
        const got = {
          ok: result.ok,
          value: result.value,
          errors: result.errors.map((e) => `${e.fieldId} ${e.rule}`).sort(),
          variables: result.variables,
        };
        expect(got, JSON.stringify({ shape, answers })).toEqual(expected);
        if (expected.ok) passed++;
        if (Array.isArray(answers.g)) counts.add(answers.g.length);
      }
    }
    // The corpus is varied: many pass, many fail, and the entry counts span 0..20.
    expect(passed).toBeGreaterThan(200);
    expect(passed).toBeLessThan(1800);
    expect(counts.size).toBe(21);
  });
});
