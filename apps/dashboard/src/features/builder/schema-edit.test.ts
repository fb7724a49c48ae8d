import { Field, type FieldType, type FormSchema, FormSchema as FormSchemaModel } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { FIELD_PROPERTY_EDITORS } from './field-properties.js';
import {
  addField,
  addSection,
  changeType,
  fieldsOf,
  freshRowId,
  moveField,
  moveItem,
  moveSection,
  removeField,
  removeSection,
  repeatingSectionOf,
  replaceField,
  savePlan,
  sectionsOf,
  setRepeat,
  setTranslation,
} from './schema-edit.js';

const base = (): FormSchema => ({
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'T', language: 'en' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields: [
    { id: 'a', sectionId: 's', type: 'text', label: 'A', order: 0 },
    { id: 'b', sectionId: 's', type: 'radio', label: 'B', order: 1, options: [{ label: 'X', value: 'x' }] },
    { id: 'c', sectionId: 's', type: 'text', label: 'C', order: 2, required: true },
  ],
});

describe('the property panel', () => {
  it('edits every property the field model has', () => {
    expect(Object.keys(FIELD_PROPERTY_EDITORS).sort()).toEqual(Object.keys(Field.shape).sort());
  });
});

describe('schema edits', () => {
  it('moves a field within its section, renumbering the order', () => {
    const moved = moveField(base(), 'c', 0);
    expect(fieldsOf(moved, 's').map((f) => [f.id, f.order])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('moves a field to another section', () => {
    const [withSection, id] = addSection(base(), 'Two');
    const moved = moveField(withSection, 'a', 0, id);
    expect(fieldsOf(moved, id).map((f) => f.id)).toEqual(['a']);
    expect(fieldsOf(moved, 's').map((f) => f.id)).toEqual(['b', 'c']);
  });

  /** Sections s, two, three in that order; the fields a, b, c in s, d in two. */
  const threeSections = (): FormSchema => {
    const [withTwo, two] = addSection(base(), 'Two');
    const [withThree] = addSection(withTwo, 'Three');
    expect(two).toBe('section_1');
    return {
      ...withThree,
      fields: [...withThree.fields, { id: 'd', sectionId: two, type: 'text', label: 'D', order: 0 }],
    };
  };
  const sectionOrder = (schema: FormSchema) => sectionsOf(schema).map((s) => [s.id, s.order]);

  it('moves a section down or up (arrayMove: to the place of the one it lands on), renumbering the order', () => {
    expect(sectionOrder(moveSection(threeSections(), 's', 2))).toEqual([
      ['section_1', 0],
      ['section_2', 1],
      ['s', 2],
    ]);
    expect(sectionOrder(moveSection(threeSections(), 'section_2', 0))).toEqual([
      ['section_2', 0],
      ['s', 1],
      ['section_1', 2],
    ]);
    expect(sectionOrder(moveSection(threeSections(), 'section_1', 1))).toEqual([
      ['s', 0],
      ['section_1', 1],
      ['section_2', 2],
    ]);
  });

  it('moves a section with its fields, which keep their order in it', () => {
    const moved = moveSection(threeSections(), 'section_1', 0);
    expect(moved.fields).toEqual(threeSections().fields);
    expect(fieldsOf(moved, 's').map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });

  it('clamps a section move past either end, and ignores an unknown section', () => {
    expect(sectionOrder(moveSection(threeSections(), 's', 9)).map(([id]) => id)).toEqual([
      'section_1',
      'section_2',
      's',
    ]);
    expect(sectionOrder(moveSection(threeSections(), 'section_2', -3)).map(([id]) => id)).toEqual([
      'section_2',
      's',
      'section_1',
    ]);
    const schema = threeSections();
    expect(moveSection(schema, 'nope', 0)).toBe(schema);
  });

  it('orders sections by their order, not their place in the array', () => {
    const schema = threeSections();
    // Stored out of place: the array says s, section_1, section_2; the order says section_2 first.
    schema.sections = schema.sections.map((s) => ({
      ...s,
      order: { s: 5, section_1: 7, section_2: 1 }[s.id]!,
    }));
    expect(sectionOrder(moveSection(schema, 'section_1', 0)).map(([id]) => id)).toEqual([
      'section_1',
      'section_2',
      's',
    ]);
  });

  it('removes a section with its fields, leaving the others and their fields as they were', () => {
    const schema = threeSections();
    const removed = removeSection(schema, 'section_1');
    expect(removed.sections.map((s) => s.id)).toEqual(['s', 'section_2']);
    expect(removed.fields.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(removed.fields).toEqual(schema.fields.slice(0, 3));
    expect(removeSection(schema, 's').fields.map((f) => f.id)).toEqual(['d']);
    expect(schema.sections).toHaveLength(3); // the edit returns a new schema
  });

  it('adds fields with fresh ids, options for a choice', () => {
    const [one, first] = addField(base(), 's', 'radio', 'New');
    const [, second] = addField(one, 's', 'radio', 'New');
    expect([first, second]).toEqual(['radio_1', 'radio_2']);
    expect(one.fields.at(-1)).toMatchObject({
      order: 3,
      options: [{ value: 'option_1' }, { value: 'option_2' }],
    });
  });
});

describe('savePlan', () => {
  it('sends a change of one field through the field routes: an add, an update with null for removed properties, a removal', () => {
    const saved = base();
    const [added] = addField(saved, 's', 'email', 'Mail');
    expect(savePlan(saved, added)).toEqual([
      { kind: 'addField', field: { id: 'email_1', sectionId: 's', type: 'email', label: 'Mail', order: 3 } },
    ]);
    const updated = replaceField(saved, {
      ...saved.fields.find((f) => f.id === 'c')!,
      required: undefined,
      label: 'C2',
    });
    expect(savePlan(saved, updated)).toEqual([
      { kind: 'updateField', id: 'c', patch: { label: 'C2', required: null } },
    ]);
    expect(savePlan(saved, removeField(saved, 'a'))).toEqual([{ kind: 'deleteField', id: 'a' }]);
  });

  it('sends changes of several fields as one schema, so no step between them is checked alone', () => {
    // A new field shown when B is "react", an option B gets in the same edit: as two requests, the
    // add would come first and name an option B does not have yet.
    const saved = base();
    const b = saved.fields.find((f) => f.id === 'b')!;
    let edited = replaceField(saved, { ...b, options: [{ label: 'React', value: 'react' }] });
    [edited] = addField(edited, 's', 'text', 'Which version?');
    edited = replaceField(edited, {
      ...edited.fields.find((f) => f.id === 'text_1')!,
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'b', operator: 'equals', value: 'react' }] }],
      },
    });
    expect(savePlan(saved, edited)).toEqual([{ kind: 'replaceSchema', schema: edited, title: undefined }]);
  });

  it('sends one whole-schema PATCH when anything beside the fields changed (with the title when it changed)', () => {
    const saved = base();
    const edited = { ...addSection(saved, 'Two')[0], meta: { ...saved.meta, title: 'New title' } };
    expect(savePlan(saved, edited)).toEqual([{ kind: 'replaceSchema', schema: edited, title: 'New title' }]);
  });

  it('sends a question type config through the field route, as any other property', () => {
    const [saved] = addField(base(), 's', 'rating', 'R');
    const rating = saved.fields.find((f) => f.id === 'rating_1')!;
    const edited = replaceField(saved, { ...rating, rating: { max: 7 } });
    expect(savePlan(saved, edited)).toEqual([
      { kind: 'updateField', id: 'rating_1', patch: { rating: { max: 7 } } },
    ]);
    const relabelled = replaceField(saved, { ...rating, label: 'S' });
    expect(savePlan(saved, relabelled)).toEqual([
      { kind: 'updateField', id: 'rating_1', patch: { label: 'S' } },
    ]);
  });

  it('plans nothing for an unchanged schema', () => {
    expect(savePlan(base(), structuredClone(base()))).toEqual([]);
  });
});

describe('the question types', () => {
  const NEW_TYPES: FieldType[] = ['rating', 'nps', 'scale', 'slider', 'matrix', 'ranking', 'picture_choice'];

  it('gives each new type a default configuration that passes the model and the integrity check', () => {
    let schema = base();
    for (const type of NEW_TYPES) [schema] = addField(schema, 's', type, `A ${type}`);
    const added = (type: string) => schema.fields.find((f) => f.id === `${type}_1`)!;
    expect(added('rating').rating).toEqual({ max: 5 });
    expect(added('nps').nps).toEqual({});
    expect(added('scale').scale).toEqual({ min: 1, max: 5 });
    expect(added('slider').slider).toEqual({ min: 0, max: 100, step: 1 });
    expect(added('matrix').matrix?.rows.map((r) => r.id)).toEqual(['row_1', 'row_2']);
    expect(added('matrix').matrix?.columns.map((c) => c.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(added('ranking').options).toHaveLength(2);
    expect(added('picture_choice').options).toHaveLength(2);
    expect(FormSchemaModel.safeParse(schema).success).toBe(true);
    // A new picture choice has no images yet: the integrity check asks for one per option, which
    // the builder shows until the form maker adds them. Nothing else is wrong with the defaults.
    expect(checkSchema(schema).map((p) => `${p.code} ${p.path}`)).toEqual([
      'image_missing $.fields[9].options[0].imageUrl',
      'image_missing $.fields[9].options[1].imageUrl',
    ]);
  });

  const field = (over: Partial<Field>): Field => ({
    id: 'q',
    sectionId: 's',
    label: 'Q',
    order: 0,
    type: 'text',
    ...over,
  });

  it('keeps the options between choice types and drops what the new type has not', () => {
    const options = [
      { label: 'A', value: 'a', imageUrl: 'https://example.com/a.png' },
      { label: 'None', value: 'none', imageUrl: 'https://example.com/n.png' },
    ];
    const picture = field({
      type: 'picture_choice',
      options,
      multiple: true,
      exclusiveValue: 'none',
      other: { label: 'Else' },
      shuffle: true,
    });
    const checkbox = changeType(picture, 'checkbox');
    expect(checkbox).toEqual({
      ...field({ type: 'checkbox' }),
      options: [
        { label: 'A', value: 'a' },
        { label: 'None', value: 'none' },
      ],
      exclusiveValue: 'none',
      other: { label: 'Else' },
      shuffle: true,
    });
    // A checkbox becomes a multiple select; a single select has no exclusive option.
    expect(changeType(checkbox, 'select')).toMatchObject({ multiple: true, exclusiveValue: 'none' });
    const radio = changeType(checkbox, 'radio');
    expect(radio.multiple).toBeUndefined();
    expect(radio.exclusiveValue).toBeUndefined();
    expect(radio.other).toEqual({ label: 'Else' });
    // A text field keeps none of it; back to a choice, it has one option to name.
    expect(changeType(picture, 'text')).toEqual(field({ type: 'text' }));
    expect(changeType(field({ type: 'text' }), 'radio').options).toEqual([
      { label: 'Option 1', value: 'option_1' },
    ]);
  });

  it("turns a choice's options into a matrix's rows and back, with the default columns", () => {
    const radio = field({
      type: 'radio',
      options: [
        { label: 'Speed', value: 'speed' },
        { label: 'Price tag', value: 'price tag' },
      ],
    });
    const matrix = changeType(radio, 'matrix');
    expect(matrix.options).toBeUndefined();
    expect(matrix.matrix?.rows).toEqual([
      { id: 'speed', label: 'Speed' },
      { id: 'row_2', label: 'Price tag' },
    ]);
    expect(matrix.matrix?.columns).toHaveLength(5);
    expect(changeType(matrix, 'ranking')).toEqual({
      ...field({ type: 'ranking' }),
      options: [
        { label: 'Speed', value: 'speed' },
        { label: 'Price tag', value: 'row_2' },
      ],
    });
  });

  it('carries a range between scale types, clamped to what the new type allows', () => {
    const rating = field({ type: 'rating', rating: { max: 7, icon: 'heart' } });
    expect(changeType(rating, 'scale').scale).toEqual({ min: 1, max: 7 });
    expect(changeType(rating, 'slider').slider).toEqual({ min: 1, max: 7, step: 1 });
    const nps = field({ type: 'nps', nps: { lowLabel: 'No' } });
    expect(changeType(nps, 'scale')).toEqual({ ...field({ type: 'scale' }), scale: { min: 0, max: 10 } });
    const slider = field({ type: 'slider', slider: { min: 0, max: 500, step: 5 } });
    expect(changeType(slider, 'rating').rating).toEqual({ max: 10 });
    expect(changeType(rating, 'number')).toEqual(field({ type: 'number' }));
  });

  it('drops the rules the new type does not take and keeps the others', () => {
    const text = field({
      type: 'text',
      required: true,
      validation: { rules: [{ type: 'required' }, { type: 'maxLength', value: 10 }] },
    });
    expect(changeType(text, 'rating')).toEqual({
      ...field({ type: 'rating', required: true }),
      rating: { max: 5 },
      validation: { rules: [{ type: 'required' }] },
    });
  });

  it('names new matrix rows after the taken ones and moves rows in place', () => {
    expect(
      freshRowId([
        { id: 'row_1', label: 'A' },
        { id: 'row_3', label: 'B' },
      ]),
    ).toBe('row_4');
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
  });

  it('gives phone, url, time, datetime, address, signature, consent and statement defaults that pass the model and the integrity check', () => {
    const types: FieldType[] = [
      'phone',
      'url',
      'time',
      'datetime',
      'address',
      'signature',
      'consent',
      'statement',
    ];
    let schema = base();
    for (const type of types) [schema] = addField(schema, 's', type, `A ${type}`);
    const added = (type: string) => schema.fields.find((f) => f.id === `${type}_1`)!;
    expect(added('consent').consent?.text).toMatch(/\S/);
    expect(added('statement').statement?.text).toMatch(/\S/);
    for (const type of ['phone', 'url', 'time', 'datetime', 'address', 'signature'])
      expect(Object.keys(added(type)).sort()).toEqual(['id', 'label', 'order', 'sectionId', 'type']);
    expect(FormSchemaModel.safeParse(schema).success).toBe(true);
    expect(checkSchema(schema)).toEqual([]);
  });

  it('keeps the label, help, placeholder and the rules a url takes when a text becomes a url', () => {
    const text = field({
      label: 'Your site',
      helpText: 'Where we find you',
      placeholder: 'https://',
      required: true,
      validation: {
        rules: [
          { type: 'maxLength', value: 200 },
          { type: 'pattern', value: '^https://' },
        ],
      },
    });
    expect(changeType(text, 'url')).toEqual({ ...text, type: 'url' });
    // A phone takes the pattern but no length.
    expect(changeType(text, 'phone').validation).toEqual({
      rules: [{ type: 'pattern', value: '^https://' }],
    });
    // A time takes neither.
    expect(changeType(text, 'time').validation).toBeUndefined();
  });

  it('makes a statement unanswered: no required, required rule, placeholder or prefill', () => {
    const text = field({
      required: true,
      placeholder: 'Type here',
      prefill: { param: 'q' },
      helpText: 'Help',
      validation: {
        rules: [
          { type: 'required', message: 'Needed' },
          { type: 'maxLength', value: 5 },
        ],
      },
    });
    const statement = changeType(text, 'statement');
    expect(statement).toEqual({
      ...field({ type: 'statement', helpText: 'Help' }),
      statement: { text: 'Please read this before you go on.' },
    });
    const schema = { ...base(), fields: [...base().fields, { ...statement, id: 'st', order: 3 }] };
    expect(checkSchema(schema)).toEqual([]);
    // Back to an answered type it may be required again, but nothing came back by itself.
    expect(changeType(statement, 'text')).toEqual(field({ type: 'text', helpText: 'Help' }));
  });

  it('carries the text between consent and statement, and drops it and the configs of other types', () => {
    const consent = field({
      type: 'consent',
      required: true,
      consent: { text: 'I agree to [the terms](https://example.com).' },
    });
    expect(changeType(consent, 'statement')).toEqual({
      ...field({ type: 'statement' }),
      statement: { text: 'I agree to [the terms](https://example.com).' },
    });
    expect(changeType(changeType(consent, 'statement'), 'consent')).toEqual({
      ...field({ type: 'consent' }),
      consent: { text: 'I agree to [the terms](https://example.com).' },
    });
    expect(changeType(consent, 'checkbox')).toEqual({
      ...field({ type: 'checkbox', required: true }),
      options: [{ label: 'Option 1', value: 'option_1' }],
    });
    const phone = field({ type: 'phone', phone: { defaultCountry: 'DE' } });
    expect(changeType(phone, 'text')).toEqual(field({ type: 'text' }));
    const address = field({ type: 'address', address: { required: ['line1', 'country'] } });
    expect(changeType(address, 'text')).toEqual(field({ type: 'text' }));
    expect(changeType(field({ type: 'text' }), 'consent')).toEqual({
      ...field({ type: 'consent' }),
      consent: { text: 'I agree to the terms and conditions.' },
    });
  });
});

describe('repeating sections', () => {
  /** A host outside, guests repeating (1..3), a note shown when every guest chose fish. */
  const party = (): FormSchema => ({
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Party', language: 'en' },
    sections: [
      { id: 'main', title: 'Main', order: 0 },
      { id: 'guests', title: 'Guests', order: 1, repeat: { min: 1, max: 3, addLabel: 'Add a guest' } },
    ],
    fields: [
      { id: 'host', sectionId: 'main', type: 'text', label: 'Host', order: 0 },
      {
        id: 'note',
        sectionId: 'main',
        type: 'text',
        label: 'Note',
        order: 1,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [
            { conditions: [{ fieldId: 'meal', operator: 'equals', value: 'fish', entry: 'all' }] },
          ],
        },
        validation: { rules: [{ type: 'required', when: { field: 'meal', equals: 'meat', entry: 'all' } }] },
      },
      { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest', order: 0 },
      {
        id: 'meal',
        sectionId: 'guests',
        type: 'radio',
        label: 'Meal',
        order: 1,
        options: [
          { label: 'Fish', value: 'fish' },
          { label: 'Meat', value: 'meat' },
        ],
      },
    ],
    translations: {
      de: { 'sections.guests.repeat.addLabel': 'Gast hinzufügen', 'fields.host.label': 'Gastgeber' },
    },
  });
  const problems = (schema: FormSchema) => checkSchema(schema).map((p) => `${p.code} ${p.path}`);
  /** The `entry` of the note's condition and of its rule's `when`, which are tidied alike. */
  const entryOfNote = (schema: FormSchema) => {
    const note = schema.fields.find((f) => f.id === 'note')!;
    const entries = [
      note.conditionalLogic!.conditionGroups[0]!.conditions[0]!.entry,
      note.validation!.rules[0]!.when!.entry,
    ];
    expect(entries[1]).toBe(entries[0]);
    return entries[0];
  };

  it('makes a section repeating, keeping the fewest entries within 0..50 and the most within 1..50', () => {
    expect(problems(party())).toEqual([]);
    const on = setRepeat(base(), 's', { min: -3, max: 80, addLabel: '' });
    expect(on.sections[0]!.repeat).toEqual({ min: 0, max: 50 });
    expect(FormSchemaModel.safeParse(on).success).toBe(true);
    expect(problems(on)).toEqual([]);
    expect(setRepeat(base(), 's', {}).sections[0]!.repeat).toEqual({});
    expect(repeatingSectionOf(on, 'a')?.id).toBe('s');
    expect(repeatingSectionOf(base(), 'a')).toBeUndefined();
    // Fewest above most stays, for the check to show where.
    const crossed = setRepeat(base(), 's', { min: 4.4, max: 0 });
    expect(crossed.sections[0]!.repeat).toEqual({ min: 4, max: 1 });
    expect(problems(crossed)).toEqual(['min_above_max $.sections[0].repeat.min']);
    // The section's change goes as the whole schema.
    expect(savePlan(base(), on).map((op) => op.kind)).toEqual(['replaceSchema']);
  });

  it('turned off, removes repeat, the translations of its add label and the entries its conditions chose', () => {
    const off = setRepeat(party(), 'guests', undefined);
    expect(off.sections[1]).toEqual({ id: 'guests', title: 'Guests', order: 1 });
    expect(off.translations).toEqual({ de: { 'fields.host.label': 'Gastgeber' } });
    expect(entryOfNote(off)).toBeUndefined();
    expect(problems(off)).toEqual([]);
    // Without its label the add label's translations go too; other sections' conditions stay.
    const unlabelled = setRepeat(party(), 'guests', { min: 1, max: 3 });
    expect(unlabelled.sections[1]!.repeat).toEqual({ min: 1, max: 3 });
    expect(unlabelled.translations).toEqual({ de: { 'fields.host.label': 'Gastgeber' } });
    expect(entryOfNote(unlabelled)).toBe('all');
    expect(problems(unlabelled)).toEqual([]);
  });

  it('drops the entry of a condition once its field is moved out, or its owner moved in', () => {
    const out = moveField(party(), 'meal', 2, 'main');
    expect(entryOfNote(out)).toBeUndefined();
    expect(problems(out)).toEqual([]);
    const moved = moveField(party(), 'note', 2, 'guests');
    expect(entryOfNote(moved)).toBeUndefined();
    expect(problems(moved)).toEqual([]);
    // A move within the section keeps it.
    expect(entryOfNote(moveField(party(), 'note', 0))).toBe('all');
  });

  it('sets and removes a translation, dropping a language and the translations left empty', () => {
    const set = setTranslation(base(), 'de', 'fields.a.label', 'A auf Deutsch');
    expect(set.translations).toEqual({ de: { 'fields.a.label': 'A auf Deutsch' } });
    const two = setTranslation(set, 'it', 'fields.a.label', 'A in italiano');
    expect(setTranslation(two, 'de', 'fields.a.label', '').translations).toEqual({
      it: { 'fields.a.label': 'A in italiano' },
    });
    expect('translations' in setTranslation(set, 'de', 'fields.a.label', '')).toBe(false);
  });
});
