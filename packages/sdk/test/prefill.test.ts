import type { FormSchema } from '@formloom/contract';
import { prefillAnswers } from '@formloom/contract/engine';
import { describe, expect, it } from 'vitest';
import { prefillUrl } from '../src/index.js';

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Apply', language: 'en' },
  sections: [{ id: 'main', title: 'You', order: 0 }],
  fields: [
    { id: 'utm_source', sectionId: 'main', type: 'hidden', label: 'Source', order: 0 },
    {
      id: 'topics',
      sectionId: 'main',
      type: 'checkbox',
      label: 'Topics',
      order: 1,
      prefill: {},
      options: [
        { label: 'A, B', value: 'a,b' },
        { label: 'C', value: 'c' },
      ],
    },
    { id: 'age', sectionId: 'main', type: 'number', label: 'Age', order: 2, prefill: { param: 'a' } },
  ],
};

describe('prefillUrl', () => {
  it('sets each parameter, a list as repeated parameters, and keeps the others', () => {
    const url = prefillUrl('https://forms.example.test/f/abcdEFGH12345678?lang=de&utm_source=old', {
      utm_source: 'news & letter',
      topics: ['a,b', 'c'],
      a: 42,
      skipped: undefined,
    });
    expect(url).toBe(
      'https://forms.example.test/f/abcdEFGH12345678?lang=de&utm_source=news+%26+letter&topics=a%2Cb&topics=c&a=42',
    );
  });

  it("gives back, through the engine's prefillAnswers, the answers it was given", () => {
    const url = prefillUrl('https://forms.example.test/f/abcdEFGH12345678', {
      utm_source: 'newsletter',
      topics: ['a,b', 'c'],
      a: 42,
    });
    expect(prefillAnswers(schema, new URL(url).searchParams)).toEqual({
      utm_source: 'newsletter',
      topics: ['a,b', 'c'],
      age: '42',
    });
  });
});
