import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { compileForm } from '../validate/compile-form.js';
import { computeVariables, validateResponse } from '../validate/validate-response.js';
import { formPages, formPath, validatePage } from './pages.js';

const equals = (fieldId: string, value: string | number) => ({
  conditions: [{ fieldId, operator: 'equals' as const, value }],
});

/** A sign-up: free plans skip billing, "none" ends at once, big teams end on their own screen. */
const signup: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Sign up', language: 'en' },
  settings: {
    layout: 'paged',
    completion: { message: 'Thanks!' },
    endings: [
      { id: 'bye', message: 'Maybe next time.' },
      {
        id: 'big',
        message: 'A person will call you.',
        conditionGroups: [{ conditions: [{ fieldId: 'seats', operator: 'greaterThan', value: 50 }] }],
      },
      { id: 'late', title: 'Almost', conditionGroups: [equals('card', 'later')] },
    ],
  },
  sections: [
    {
      id: 'plan',
      title: 'Plan',
      order: 0,
      jumps: [
        { conditionGroups: [equals('kind', 'free')], to: { section: 'profile' } },
        { conditionGroups: [equals('kind', 'none')], to: { ending: 'bye' } },
      ],
    },
    { id: 'billing', title: 'Billing', order: 1 },
    { id: 'team', title: 'Team', order: 2 },
    { id: 'profile', title: 'Profile', order: 3 },
  ],
  fields: [
    {
      id: 'kind',
      sectionId: 'plan',
      type: 'radio',
      label: 'Plan',
      order: 0,
      required: true,
      options: [
        { label: 'Free', value: 'free' },
        { label: 'Pro', value: 'pro' },
        { label: 'None', value: 'none' },
      ],
    },
    {
      id: 'card',
      sectionId: 'billing',
      type: 'select',
      label: 'Card',
      order: 0,
      required: true,
      options: [
        { label: 'Visa', value: 'visa' },
        { label: 'Later', value: 'later' },
      ],
    },
    { id: 'seats', sectionId: 'team', type: 'number', label: 'Seats', order: 0, required: true },
    { id: 'name', sectionId: 'profile', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'why',
      sectionId: 'profile',
      type: 'text',
      label: 'Why no card?',
      order: 1,
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'card', operator: 'isEmpty' }] }],
      },
    },
  ],
  variables: [{ id: 'seatCount', type: 'number', expression: { '+': [{ var: 'seats' }, 0] } }],
};

describe('formPath', () => {
  it('with no jump matching, goes through every visible section in order', () => {
    const answers = { kind: 'pro', card: 'visa', seats: 3, name: 'Ada' };
    expect(formPath(signup, answers)).toEqual({
      pages: ['plan', 'billing', 'team', 'profile'],
      skipped: [],
      endingId: null,
    });
    expect(validateResponse(signup, answers)).toMatchObject({ ok: true, value: answers });
  });

  it('a jump to a section skips the sections between: hidden, answers dropped, required never failing', () => {
    // "card" holds an option the field does not have: dropped, it does not fail.
    const answers = { kind: 'free', card: 'amex', seats: 'many', name: 'Ada', why: 'none yet' };
    expect(formPath(signup, answers)).toEqual({
      pages: ['plan', 'profile'],
      skipped: ['billing', 'team'],
      endingId: null,
    });
    const result = validateResponse(signup, answers);
    expect(result.errors).toEqual([]);
    // "why" shows when "card" is empty: a skipped answer reads as empty.
    expect(result.value).toEqual({ kind: 'free', name: 'Ada', why: 'none yet' });
    const visibility = compileForm(signup).visibility(answers);
    expect([...visibility.hiddenSections].sort()).toEqual(['billing', 'team']);
    expect(visibility.hiddenFields.has('seats')).toBe(true);
    expect(visibility.hiddenFields.has('why')).toBe(false);
  });

  it('variables do not read a skipped answer', () => {
    expect(computeVariables(signup, { kind: 'pro', seats: 7 })).toEqual({ seatCount: 7 });
    expect(computeVariables(signup, { kind: 'free', seats: 7 })).toEqual({ seatCount: 0 });
  });

  it('a jump to an ending ends the path there and records the ending; later pages never fail', () => {
    const answers = { kind: 'none', seats: 90 };
    expect(formPath(signup, answers)).toEqual({
      pages: ['plan'],
      skipped: ['billing', 'team', 'profile'],
      endingId: 'bye',
    });
    // "big" would match on seats, but the jump named "bye" and seats is dropped.
    expect(validateResponse(signup, answers)).toMatchObject({ ok: true, value: { kind: 'none' } });
  });

  it('without a jump to an ending, the first ending whose conditions match is reached', () => {
    expect(formPath(signup, { kind: 'pro', card: 'later', seats: 90 }).endingId).toBe('big');
    expect(formPath(signup, { kind: 'pro', card: 'later', seats: 5 }).endingId).toBe('late');
    // An ending without conditions ("bye") is reached by a jump only.
    expect(formPath(signup, { kind: 'pro', card: 'visa', seats: 5 }).endingId).toBeNull();
    // Skipped answers do not choose an ending either.
    expect(formPath(signup, { kind: 'free', card: 'later', seats: 90 }).endingId).toBeNull();
  });

  it('the first matching jump wins, and a required field on the path still fails', () => {
    const first: FormSchema = {
      ...signup,
      sections: signup.sections.map((s) =>
        s.id === 'plan'
          ? {
              ...s,
              jumps: [
                { conditionGroups: [equals('kind', 'free')], to: { section: 'team' } },
                { conditionGroups: [equals('kind', 'free')], to: { section: 'profile' } },
              ],
            }
          : s,
      ),
    };
    expect(formPages(first, { kind: 'free' })).toEqual(['plan', 'team', 'profile']);
    const result = validateResponse(first, { kind: 'free' });
    expect(result.errors.map((e) => e.fieldId).sort()).toEqual(['name', 'seats']);
    expect(validatePage(first, { kind: 'free' }, 'billing').ok).toBe(true);
  });

  it('a jump to a section that its conditions hide goes on to the next visible one', () => {
    const hiddenTarget: FormSchema = {
      ...signup,
      sections: signup.sections.map((s) =>
        s.id === 'plan'
          ? { ...s, jumps: [{ conditionGroups: [equals('kind', 'free')], to: { section: 'team' } }] }
          : s.id === 'team'
            ? { ...s, conditionalLogic: { action: 'hide', conditionGroups: [equals('kind', 'free')] } }
            : s,
      ),
    };
    expect(formPath(hiddenTarget, { kind: 'free' })).toMatchObject({
      pages: ['plan', 'profile'],
      skipped: ['billing'],
    });
  });

  it('jumps of a form that is not paged are ignored; its endings still apply', () => {
    const single: FormSchema = { ...signup, settings: { ...signup.settings, layout: 'single-column' } };
    expect(formPath(single, { kind: 'none', seats: 90 })).toEqual({
      pages: ['plan'],
      skipped: [],
      endingId: 'big',
    });
    expect(validateResponse(single, { kind: 'none' }).ok).toBe(false);
  });

  it('the generated check and the closures agree along the path', () => {
    const closures = compileForm(signup, { generate: false });
    const generated = compileForm(signup, { generate: true });
    for (const answers of [
      { kind: 'free', name: 'Ada', card: 'x' },
      { kind: 'none' },
      { kind: 'pro', card: 'visa', seats: 2 },
      { kind: 'pro', card: 'visa', seats: 2, name: 'Bo' },
      'not an object',
    ]) {
      expect(generated.validate(answers)).toEqual(closures.validate(answers));
      expect(formPath(generated, answers)).toEqual(formPath(closures, answers));
    }
  });

  it('checks answers along any path as a copy of the form without the skipped sections would', () => {
    // The compiled form hides the skipped sections in one compiled copy; the reference is the form
    // rebuilt without them (nor jumps and endings), compiled on its own. The second form has a
    // section shown by conditions and one hidden by them, which the hiding must keep.
    const shown: FormSchema = {
      ...signup,
      sections: signup.sections.map((s) =>
        s.id === 'team'
          ? { ...s, conditionalLogic: { action: 'show', conditionGroups: [equals('card', 'visa')] } }
          : s.id === 'profile'
            ? { ...s, conditionalLogic: { action: 'hide', conditionGroups: [equals('seats', 7)] } }
            : s,
      ),
    };
    const reference = (schema: FormSchema, skipped: readonly string[]) => {
      const { endings: _, ...settings } = schema.settings!;
      return compileForm({
        ...schema,
        settings,
        sections: schema.sections.filter((s) => !skipped.includes(s.id)).map(({ jumps: _j, ...s }) => s),
        fields: schema.fields.filter((f) => !skipped.includes(f.sectionId)),
      });
    };
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('free', 'pro', 'none', 'visa', 'later', '', 'x', '|1|'),
      fc.integer({ min: -5, max: 80 }),
    );
    // `~skipped` is no field of the form: refused as unknown whatever the path.
    const answersOf = fc.record(
      { kind: value, card: value, seats: value, name: value, why: value, '~skipped': value },
      { requiredKeys: [] },
    );
    for (const schema of [signup, shown]) {
      for (const generate of [true, false]) {
        const form = compileForm(schema, { generate });
        fc.assert(
          fc.property(answersOf, (raw) => {
            const answers = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
            const { skipped } = formPath(form, answers);
            const dropped = new Set(
              schema.fields.filter((f) => skipped.includes(f.sectionId)).map((f) => f.id),
            );
            const kept = Object.fromEntries(Object.entries(answers).filter(([k]) => !dropped.has(k)));
            const expected = reference(schema, skipped).validate(kept);
            const result = form.validate(answers);
            expect(result.ok).toBe(expected.ok);
            expect(result.errors).toEqual(expected.errors);
            expect(result.value).toEqual(expected.value);
            expect(Object.keys(result.value)).toEqual(Object.keys(expected.value));
            expect(computeVariables(schema, answers)).toEqual(reference(schema, skipped).variables(kept));
          }),
          { numRuns: 400 },
        );
      }
    }
  });

  it("a jump's conditions read a repeating section's entries with entry any or all", () => {
    const party: FormSchema = {
      version: '1.0',
      schemaVersion: '2024-01-01',
      meta: { title: 'Party', language: 'en' },
      settings: { layout: 'paged', endings: [{ id: 'kids', message: 'See you at the kids party' }] },
      sections: [
        {
          id: 'guests',
          title: 'Guests',
          order: 0,
          repeat: { min: 1 },
          jumps: [
            {
              conditionGroups: [
                { conditions: [{ fieldId: 'age', operator: 'lessThan', value: 18, entry: 'all' }] },
              ],
              to: { ending: 'kids' },
            },
            {
              conditionGroups: [
                { conditions: [{ fieldId: 'age', operator: 'greaterThan', value: 64, entry: 'any' }] },
              ],
              to: { section: 'seating' },
            },
          ],
        },
        { id: 'drinks', title: 'Drinks', order: 1 },
        { id: 'seating', title: 'Seating', order: 2 },
      ],
      fields: [
        { id: 'age', sectionId: 'guests', type: 'number', label: 'Age', order: 0, required: true },
        { id: 'wine', sectionId: 'drinks', type: 'text', label: 'Wine', order: 0, required: true },
        { id: 'seat', sectionId: 'seating', type: 'text', label: 'Seat', order: 0 },
      ],
    };
    expect(formPath(party, { guests: [{ age: 8 }, { age: 12 }] })).toEqual({
      pages: ['guests'],
      skipped: ['drinks', 'seating'],
      endingId: 'kids',
    });
    expect(formPath(party, { guests: [{ age: 8 }, { age: 40 }] })).toMatchObject({
      pages: ['guests', 'drinks', 'seating'],
      endingId: null,
    });
    expect(formPath(party, { guests: [{ age: 30 }, { age: 70 }] })).toMatchObject({
      pages: ['guests', 'seating'],
      skipped: ['drinks'],
    });
    expect(validateResponse(party, { guests: [{ age: 30 }, { age: 70 }], wine: 5 })).toMatchObject({
      ok: true,
      value: { guests: [{ age: 30 }, { age: 70 }] },
    });
    expect(validateResponse(party, { guests: [{ age: 30 }] }).errors.map((e) => e.fieldId)).toEqual(['wine']);
  });

  it('never throws on answers that are not an object', () => {
    for (const answers of [null, 3, 'x', [], undefined]) {
      expect(formPath(signup, answers)).toEqual({
        pages: ['plan', 'billing', 'team', 'profile'],
        skipped: [],
        endingId: null,
      });
    }
  });
});
