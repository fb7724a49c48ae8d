import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { fieldOrder, formPages, hasSamePageLogic, pageOfField, pageOrder, validatePage } from './pages.js';

const paged: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Application', language: 'en' },
  settings: { layout: 'paged' },
  // Listed out of order: pages follow `order`.
  sections: [
    { id: 'work', title: 'Work', order: 2 },
    { id: 'about', title: 'About you', order: 0 },
    {
      id: 'student',
      title: 'Studies',
      order: 1,
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'status', operator: 'equals', value: 'student' }] }],
      },
    },
  ],
  fields: [
    { id: 'name', sectionId: 'about', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'status',
      sectionId: 'about',
      type: 'radio',
      label: 'Status',
      order: 1,
      options: [
        { label: 'Student', value: 'student' },
        { label: 'Employed', value: 'employed' },
      ],
    },
    { id: 'school', sectionId: 'student', type: 'text', label: 'School', order: 0, required: true },
    { id: 'employer', sectionId: 'work', type: 'text', label: 'Employer', order: 0, required: true },
    { id: 'years', sectionId: 'work', type: 'number', label: 'Years', order: 1 },
  ],
};

describe('pages', () => {
  it('a paged form has one page per visible section, in section order', () => {
    expect(formPages(paged, {})).toEqual(['about', 'work']);
    expect(formPages(paged, { status: 'student' })).toEqual(['about', 'student', 'work']);
  });

  it('a form that is not paged is one page, named by its first section', () => {
    const single = { ...paged, settings: {} };
    expect(formPages(single, { status: 'student' })).toEqual(['about']);
    expect(pageOfField(single, 'employer')).toBe('about');
  });

  it('orders every page, hidden ones too (pageOrder)', () => {
    expect(pageOrder(paged)).toEqual(['about', 'student', 'work']);
    expect(pageOrder({ ...paged, settings: {} })).toEqual(['about']);
  });

  it('says which page a field is on', () => {
    expect(pageOfField(paged, 'school')).toBe('student');
    expect(pageOfField(paged, 'years')).toBe('work');
    expect(pageOfField(paged, 'nope')).toBeUndefined();
  });

  it('validates only the visible fields of one page', () => {
    // Nothing on later pages is answered, and a later answer is broken: page one is fine.
    expect(validatePage(paged, { name: 'Ada', years: 'many', extra: 1 }, 'about')).toEqual({
      ok: true,
      errors: [],
    });
    const about = validatePage(paged, { status: 'employed' }, 'about');
    expect(about.errors.map((e) => `${e.fieldId}:${e.rule}`)).toEqual(['name:required']);
    const work = validatePage(paged, { name: 'Ada', years: 'many' }, 'work');
    expect(work.errors.map((e) => `${e.fieldId}:${e.rule}`)).toEqual(['employer:required', 'years:type']);
    // A hidden page's fields are skipped, as at submission.
    expect(validatePage(paged, { status: 'employed' }, 'student').ok).toBe(true);
    expect(validatePage(paged, { status: 'student' }, 'student').errors.map((e) => e.fieldId)).toEqual([
      'school',
    ]);
    expect(validatePage(paged, {}, 'no-such-page')).toEqual({ ok: true, errors: [] });
  });
});

describe('fieldOrder', () => {
  it("follows the sections by order, then each section's fields by order, orphans last", () => {
    const schema: FormSchema = {
      ...paged,
      fields: [
        { id: 'orphan', sectionId: 'gone', type: 'text', label: 'Orphan', order: 0 },
        ...[...paged.fields].reverse(),
        { id: 'utm', sectionId: 'about', type: 'hidden', label: 'UTM', order: 0 },
      ],
    };
    // 'name' and 'utm' share order 0 in 'about': listed order breaks the tie.
    expect(fieldOrder(schema).map((f) => f.id)).toEqual([
      'name',
      'utm',
      'status',
      'school',
      'employer',
      'years',
      'orphan',
    ]);
  });
});

describe('hasSamePageLogic', () => {
  const showIf = (fieldId: string, value: string) => ({
    action: 'show' as const,
    conditionGroups: [{ conditions: [{ fieldId, operator: 'equals' as const, value }] }],
  });

  it('is false when what shows by an answer is on another page', () => {
    expect(['about', 'student', 'work'].map((page) => hasSamePageLogic(paged, page))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("is true on one page that holds a section's condition and its fields", () => {
    const single: FormSchema = { ...paged, settings: { layout: 'single-column' } };
    expect(hasSamePageLogic(single, 'about')).toBe(true);
  });

  it("follows a field's own conditions and the variables they read, but not hidden fields", () => {
    const schema: FormSchema = {
      ...paged,
      fields: [
        ...paged.fields,
        {
          id: 'other',
          sectionId: 'about',
          type: 'text',
          label: 'Other',
          order: 2,
          conditionalLogic: showIf('status', 'employed'),
        },
        {
          id: 'senior',
          sectionId: 'work',
          type: 'text',
          label: 'Senior',
          order: 2,
          conditionalLogic: showIf('tenure', '10'),
        },
        { id: 'ref', sectionId: 'student', type: 'hidden', label: 'Ref', order: 1 },
        {
          id: 'club',
          sectionId: 'student',
          type: 'text',
          label: 'Club',
          order: 2,
          conditionalLogic: showIf('ref', 'x'),
        },
      ],
      variables: [{ id: 'tenure', type: 'number', expression: { '+': [{ var: 'years' }, 1] } }],
    };
    expect(['about', 'student', 'work'].map((page) => hasSamePageLogic(schema, page))).toEqual([
      true,
      false,
      true,
    ]);
  });
});
