import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { answerItems, entryLines, entryLineText } from './answer-lines.js';

/** A trip: its leader, then travellers (a repeating section listed first, shown second), a note. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Trip', language: 'en' },
  sections: [
    { id: 'people', title: 'Travellers of {{lead}}', order: 1, repeat: { max: 5 } },
    { id: 'you', title: 'You', order: 0 },
    { id: 'end', title: 'End', order: 2 },
  ],
  fields: [
    {
      id: 'seat',
      sectionId: 'people',
      type: 'radio',
      label: 'Seat for {{who}}',
      order: 1,
      options: [{ label: 'Window', value: 'w' }],
    },
    { id: 'who', sectionId: 'people', type: 'text', label: 'Name', order: 0 },
    { id: 'lead', sectionId: 'you', type: 'text', label: 'Your name', order: 0 },
    { id: 'note', sectionId: 'end', type: 'textarea', label: 'Note', order: 0 },
  ],
};

describe('answers as a person reads them', () => {
  it("lists fields and a repeating section's numbered entries in the form's order, labels recalled per entry", () => {
    const answers = { note: 'Hi', people: [{ seat: 'w', who: 'Bo' }, {}, { who: 'Cy' }], lead: 'Ada' };
    const items = answerItems(schema, answers);
    expect(items.map((i) => (i.kind === 'field' ? i.line.label : i.title))).toEqual([
      'Your name',
      'Travellers of Ada',
      'Note',
    ]);
    const people = items[1]!;
    expect(people.kind === 'entries' && people.entries.map(entryLineText)).toEqual([
      'Travellers of Ada 1: Name: Bo; Seat for Bo: Window',
      'Travellers of Ada 2',
      'Travellers of Ada 3: Name: Cy',
    ]);
  });

  it('an empty list is a section with no entries, an answer that is not a list has none, and an absent one is left out', () => {
    const section = schema.sections[0]!;
    expect(answerItems(schema, { people: [] })).toMatchObject([{ kind: 'entries', entries: [] }]);
    expect(entryLines(schema, section, { people: 'oops' })).toEqual([]);
    expect(entryLines(schema, section, { people: ['oops'] })).toEqual([
      { label: 'Travellers of  1', lines: [] },
    ]);
    expect(answerItems(schema, { lead: 'Ada' }).map((i) => i.kind)).toEqual(['field']);
    expect(
      answerItems(schema, { people: [{ who: 'Bo' }] }, { include: (f) => f.id !== 'who' }),
    ).toMatchObject([{ kind: 'entries', entries: [{ label: 'Travellers of  1', lines: [] }] }]);
  });
});
