import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { prefillAnswers, prefillTargets } from './prefill.js';

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Signup', language: 'en' },
  sections: [{ id: 's1', title: 'One', order: 0 }],
  fields: [
    { id: 'utm_source', sectionId: 's1', type: 'hidden', label: 'Source', order: 0 },
    { id: 'email', sectionId: 's1', type: 'email', label: 'Email', order: 1, prefill: { param: 'e' } },
    { id: 'plan', sectionId: 's1', type: 'text', label: 'Plan', order: 2, prefill: { editable: false } },
    {
      id: 'topics',
      sectionId: 's1',
      type: 'checkbox',
      label: 'Topics',
      order: 3,
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
        { label: 'A, B and C', value: 'a,b,c' },
      ],
      prefill: {},
    },
    { id: 'name', sectionId: 's1', type: 'text', label: 'Name', order: 4 },
    { id: 'cv', sectionId: 's1', type: 'file', label: 'CV', order: 5, prefill: {} },
  ],
};

describe('prefill', () => {
  it('names the fields that can be prefilled, their parameter and whether they stay editable', () => {
    expect(prefillTargets(schema)).toEqual([
      { fieldId: 'utm_source', param: 'utm_source', editable: false },
      { fieldId: 'email', param: 'e', editable: true },
      { fieldId: 'plan', param: 'plan', editable: false },
      { fieldId: 'topics', param: 'topics', editable: true },
    ]);
  });

  it('reads URL parameters: the first value, a checkbox from repeats and commas, nothing else', () => {
    const params = new URLSearchParams(
      'utm_source=newsletter&utm_source=ignored&e=ada@example.org&topics=a&topics=b,a&name=Eve&cv=x&email=no',
    );
    expect(prefillAnswers(schema, params)).toEqual({
      utm_source: 'newsletter',
      email: 'ada@example.org',
      topics: ['a', 'b'],
    });
    // An option holding a comma is taken whole.
    expect(prefillAnswers(schema, new URLSearchParams('topics=a,b,c'))).toEqual({ topics: ['a,b,c'] });
  });

  it('reads a plain object the same way', () => {
    expect(prefillAnswers(schema, { plan: 'pro', topics: 'a, b', name: 'Eve', toString: 'x' })).toEqual({
      plan: 'pro',
      topics: ['a', 'b'],
    });
    expect(prefillAnswers(schema, {})).toEqual({});
  });
});
