import type { FormSchema } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { retarget, targetsOf } from './condition-editor.js';

/** A host outside, guests and rooms repeating, a variable. */
const party: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Party', language: 'en' },
  sections: [
    { id: 'main', title: 'Main', order: 0 },
    { id: 'guests', title: 'Guests', order: 1, repeat: { max: 3 } },
    { id: 'rooms', title: '', order: 2, repeat: {} },
  ],
  fields: [
    { id: 'host', sectionId: 'main', type: 'text', label: 'Host', order: 0 },
    { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest', order: 0 },
    { id: 'age', sectionId: 'guests', type: 'number', label: 'Age', order: 1 },
    { id: 'room', sectionId: 'rooms', type: 'text', label: 'Room', order: 0 },
  ],
  variables: [{ id: 'count', type: 'number', expression: { entries: 'guests' } }],
};

const listed = (targets: ReturnType<typeof targetsOf>) => targets.map((x) => [x.id, x.entriesOf]);

describe('what a condition may name around repeating sections', () => {
  it("outside them: every field, a repeating section's with its name for the choice of entries, and the variables", () => {
    expect(listed(targetsOf(party, 'host'))).toEqual([
      ['guest', 'Guests'],
      ['age', 'Guests'],
      ['room', 'rooms'],
      ['count', undefined],
    ]);
  });

  it('inside one: its own fields and the fields outside, no other section and no variable', () => {
    expect(listed(targetsOf(party, 'guest', 'guests'))).toEqual([
      ['host', undefined],
      ['age', undefined],
    ]);
  });

  it('drops the entries chosen when a condition names another field', () => {
    const targets = targetsOf(party, 'host');
    const condition = { fieldId: 'age', operator: 'greaterThan' as const, value: 60, entry: 'all' as const };
    // A text has no "greater than": the first operator it has, with a value to enter.
    expect(retarget(condition, targets, 'guest')).toEqual({
      fieldId: 'guest',
      operator: 'equals',
      value: '',
    });
    expect(retarget(condition, targets, 'count')).toEqual({
      fieldId: 'count',
      operator: 'greaterThan',
      value: '',
    });
  });
});
