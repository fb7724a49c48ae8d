import type { FormSchema } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { operatorsFor, retarget, targetsOf } from './condition-editor.js';
import { withCurrent } from './names.js';

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

/** A quiz question, a plain question and variables that read the marks or not. */
const quiz: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Quiz', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [
    {
      id: 'france',
      sectionId: 'main',
      type: 'radio',
      label: 'Capital of France?',
      order: 0,
      options: [
        { label: 'Paris', value: 'paris', correct: true },
        { label: 'Lyon', value: 'lyon' },
      ],
    },
    { id: 'age', sectionId: 'main', type: 'number', label: 'Age', order: 1 },
  ],
  variables: [
    { id: 'right', type: 'number', expression: { correctCount: true } },
    { id: 'paris', type: 'number', expression: { if: [{ correct: 'france' }, 1, 0] } },
    // Reads a variable that reads the marks: as much the server's as it.
    { id: 'percent', type: 'number', expression: { '*': [{ var: 'right' }, 100] } },
    { id: 'older', type: 'number', expression: { '+': [{ var: 'age' }, 1] } },
  ],
};

/** The schema with one condition naming `id` on the section (show/hide), a jump, an ending, a rule's `when`. */
function naming(id: string): FormSchema {
  const condition = { fieldId: id, operator: 'greaterThan' as const, value: 1 };
  return {
    ...quiz,
    settings: {
      layout: 'paged',
      endings: [{ id: 'done', title: 'Done', conditionGroups: [{ conditions: [condition] }] }],
    },
    sections: [
      {
        ...quiz.sections[0]!,
        conditionalLogic: { action: 'show', conditionGroups: [{ conditions: [condition] }] },
        jumps: [{ conditionGroups: [{ conditions: [condition] }], to: { ending: 'done' } }],
      },
    ],
    fields: quiz.fields.map((f) =>
      f.id === 'age'
        ? { ...f, validation: { rules: [{ type: 'required', when: { field: id, equals: '2' } }] } }
        : f,
    ),
  };
}

describe('the quiz’s marks in the pickers', () => {
  it('show/hide, jumps and rules are offered no variable that reads the marks; endings are offered them all', () => {
    const ids = (targets: ReturnType<typeof targetsOf>) => targets.map((x) => x.id);
    expect(ids(targetsOf(quiz, 'age'))).toEqual(['france', 'older']);
    expect(ids(targetsOf(quiz, undefined, undefined, { marks: true }))).toEqual([
      'france',
      'age',
      'right',
      'paris',
      'percent',
      'older',
    ]);
  });

  it('offers exactly what the integrity check accepts in each place', () => {
    const refused = (id: string) =>
      checkSchema(naming(id))
        .filter((p) => p.code === 'marks_not_allowed')
        .map((p) => p.path);
    // Each variable the show/hide pickers leave out is refused by the check in show/hide, the
    // jump and the rule, and accepted in the ending; each offered is accepted everywhere.
    const offered = new Set(targetsOf(quiz, 'age').map((x) => x.id));
    for (const { id } of quiz.variables ?? []) {
      expect(refused(id).length, id).toBe(offered.has(id) ? 0 : 3);
      expect(
        refused(id).some((p) => p.startsWith('$.settings.endings')),
        id,
      ).toBe(false);
    }
  });
});

describe('the operator a condition shows', () => {
  it('stays in its place in the list as it changes, so the arrow keys step through every operator', () => {
    const operators = operatorsFor(
      targetsOf(quiz, 'age').find((x) => x.id === 'france'),
      {},
    );
    for (const operator of operators) expect(withCurrent(operators, operator)).toEqual(operators);
    // One the target does not take (kept from another field) is shown first, not lost.
    expect(withCurrent(['equals', 'notEquals'], 'greaterThan')).toEqual([
      'greaterThan',
      'equals',
      'notEquals',
    ]);
  });
});
