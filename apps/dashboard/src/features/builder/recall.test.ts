import type { FormSchema } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { filterOptions, insertRecall, openRecallAt, recallIssues, recallOptions } from './recall.js';

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'T', language: 'en' },
  sections: [
    { id: 'main', title: 'Main', order: 0 },
    { id: 'guests', title: 'Guests', order: 1, repeat: {} },
  ],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Your name', order: 0 },
    {
      id: 'note',
      sectionId: 'main',
      type: 'statement',
      label: 'Read me',
      order: 1,
      statement: { text: 'x' },
    },
    {
      id: 'plan',
      sectionId: 'main',
      type: 'radio',
      label: 'Plan',
      order: 2,
      options: [{ label: 'A', value: 'a' }],
    },
    { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest name', order: 0 },
  ],
  variables: [{ id: 'total', type: 'number', expression: 0 }],
};

describe('what a text may recall', () => {
  it('outside repeating sections: the answered fields outside them and the variables', () => {
    expect(recallOptions(schema).map((o) => [o.id, o.kind])).toEqual([
      ['name', 'field'],
      ['plan', 'field'],
      ['total', 'variable'],
    ]);
  });

  it('inside a repeating section: its own fields too', () => {
    expect(recallOptions(schema, 'guests').map((o) => o.id)).toEqual(['name', 'plan', 'guest', 'total']);
  });

  it('filters by id or label, ids that start with the query first', () => {
    const options = recallOptions(schema, 'guests');
    expect(filterOptions(options, 'na').map((o) => o.id)).toEqual(['name', 'guest']);
    expect(filterOptions(options, 'PL').map((o) => o.id)).toEqual(['plan']);
    expect(filterOptions(options, '').map((o) => o.id)).toEqual(['name', 'plan', 'guest', 'total']);
    expect(filterOptions(options, 'zz')).toEqual([]);
  });
});

describe('the recall being typed', () => {
  it.each([
    ['Hi {{', 5, { start: 3, query: '' }],
    ['Hi {{na', 7, { start: 3, query: 'na' }],
    ['Hi {{ na', 8, { start: 3, query: 'na' }],
    ['Hi {{name}} and {{to', 20, { start: 16, query: 'to' }],
    ['{{na rest', 4, { start: 0, query: 'na' }],
  ])('%j at %i is open', (text, caret, open) => {
    expect(openRecallAt(text, caret)).toEqual(open);
  });

  it.each([
    ['Hi there', 8],
    ['Hi {{name}} ', 12],
    ['Hi {{name}}', 11],
    ['Hi {{na me', 10],
    ['Hi {na', 6],
    ['Hi {{na', 2],
  ])('%j at %i is not', (text, caret) => {
    expect(openRecallAt(text, caret)).toBeUndefined();
  });

  it('puts the choice in, closing it, and the caret after it', () => {
    expect(insertRecall('Hi {{na!', { start: 3, query: 'na' }, 7, 'name')).toEqual({
      text: 'Hi {{name}}!',
      caret: 11,
    });
    // The rest of an id and a closing already there are taken as this recall's.
    expect(insertRecall('Hi {{nam}} you', { start: 3, query: 'na' }, 7, 'name')).toEqual({
      text: 'Hi {{name}} you',
      caret: 11,
    });
    expect(insertRecall('{{', { start: 0, query: '' }, 2, 'total')).toEqual({ text: '{{total}}', caret: 9 });
  });
});

describe('what will not recall', () => {
  const known = new Set(['name', 'total']);
  it('an unknown name in double braces and a single-brace name, each once', () => {
    expect(recallIssues('Hi {{nme}}, {{ nme }} your {score} {score} and {{total}}', known)).toEqual([
      { kind: 'unknown', id: 'nme' },
      { kind: 'single', id: 'score' },
    ]);
  });

  it('nothing in a text that recalls what it may, or has braces that are no attempt', () => {
    expect(recallIssues('Thanks {{name}}, you scored {{ total }}.', known)).toEqual([]);
    expect(recallIssues('A set {1, 2} or {} or { }', known)).toEqual([]);
    expect(recallIssues('no braces', known)).toEqual([]);
  });

  it('a single brace even around a known name', () => {
    expect(recallIssues('Hi {name}', known)).toEqual([{ kind: 'single', id: 'name' }]);
  });
});
