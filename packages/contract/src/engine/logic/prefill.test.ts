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

  it('reads the question types by their shape: numbers, lists in order, matrix row:value pairs', () => {
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ];
    const base = { sectionId: 's1', label: 'Q', prefill: {} } as const;
    const rows = [
      { id: 'speed', label: 'Speed' },
      { id: 'speed:x', label: 'Speed, more' },
    ];
    const columns = [
      { value: 'good', label: 'Good' },
      { value: 'fair', label: 'Fair' },
    ];
    const types: FormSchema = {
      ...schema,
      fields: [
        { ...base, id: 'stars', type: 'rating', order: 0, rating: { max: 5 } },
        { ...base, id: 'nps', type: 'nps', order: 1 },
        { ...base, id: 'km', type: 'slider', order: 2, slider: { min: 0, max: 10, step: 0.5 } },
        { ...base, id: 'pick', type: 'select', order: 3, multiple: true, options },
        { ...base, id: 'pics', type: 'picture_choice', order: 4, multiple: true, options },
        { ...base, id: 'pic', type: 'picture_choice', order: 5, options },
        { ...base, id: 'rank', type: 'ranking', order: 6, options },
        { ...base, id: 'grid', type: 'matrix', order: 7, matrix: { rows, columns } },
        { ...base, id: 'grids', type: 'matrix', order: 8, matrix: { rows, columns, multiple: true } },
        { ...base, id: 'bad', type: 'scale', order: 9, scale: { min: 1, max: 5 } },
      ],
    };
    const params = new URLSearchParams(
      'stars=4&nps=10&km=2.5&pick=c,a&pick=b&pics=b&pics=a&pic=b&rank=c,a,b&bad=lots' +
        '&grid=speed:x:fair,speed:good,nope:good&grids=speed:good&grids=speed:fair,speed:good',
    );
    expect(prefillAnswers(types, params)).toEqual({
      stars: 4,
      nps: 10,
      km: 2.5,
      pick: ['c', 'a', 'b'],
      pics: ['b', 'a'],
      pic: 'b',
      rank: ['c', 'a', 'b'],
      // The longest row id before a colon; the first value of a row wins when the matrix takes one.
      grid: { 'speed:x': 'fair', speed: 'good' },
      grids: { speed: ['good', 'fair'] },
    });
  });
});
