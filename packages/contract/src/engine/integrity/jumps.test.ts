import { describe, expect, it } from 'vitest';
import type { ConditionGroup } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { SectionJump } from '../../models/section.js';
import { checkSchema, schemaWarnings } from './index.js';

const is = (operator: 'equals' | 'notEquals', value: string): ConditionGroup => ({
  conditions: [{ fieldId: 'a', operator, value }],
});

function form(jumps: SectionJump[], layout = 'paged'): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Paths', language: 'en' },
    settings: { layout, endings: [{ id: 'end' }] },
    sections: [
      { id: 's1', title: 'One', order: 0, jumps },
      { id: 's2', title: 'Two', order: 1 },
      { id: 's3', title: 'Three', order: 2 },
      { id: 's4', title: 'Four', order: 3 },
    ],
    fields: [{ id: 'a', sectionId: 's1', type: 'text', label: 'A', order: 0 }],
  };
}

describe('schemaWarnings', () => {
  it('warns of nothing when every section is on some path', () => {
    const schema = form([{ conditionGroups: [is('equals', 'x')], to: { section: 's3' } }]);
    expect(checkSchema(schema)).toEqual([]);
    expect(schemaWarnings(schema)).toEqual([]);
  });

  it('warns of sections a jump whose conditions always match leaves behind (unreachable_section)', () => {
    const schema = form([
      { conditionGroups: [is('equals', 'x'), is('notEquals', 'x')], to: { section: 's3' } },
    ]);
    // A warning, not a problem: the form is still accepted.
    expect(checkSchema(schema)).toEqual([]);
    expect(schemaWarnings(schema)).toEqual([
      {
        code: 'unreachable_section',
        path: '$.sections[1]',
        message: 'Section "s2" is on no path: every way through the form jumps past it.',
      },
    ]);
  });

  it('warns of every later section when an always-matching jump goes to an ending', () => {
    const schema = form([
      { conditionGroups: [is('equals', 'x')], to: { section: 's3' } },
      {
        conditionGroups: [
          { conditions: [{ fieldId: 'a', operator: 'isEmpty' }] },
          { conditions: [{ fieldId: 'a', operator: 'isNotEmpty' }] },
        ],
        to: { ending: 'end' },
      },
    ]);
    // s3 is reached by the first jump, and s4 after it.
    expect(schemaWarnings(schema).map((w) => w.path)).toEqual(['$.sections[1]']);
  });

  it('says the jumps of a form that is not paged are ignored (jumps_not_paged)', () => {
    const schema = form([{ conditionGroups: [is('equals', 'x')], to: { section: 's3' } }], 'single-column');
    expect(checkSchema(schema)).toEqual([]);
    expect(schemaWarnings(schema)).toEqual([
      expect.objectContaining({ code: 'jumps_not_paged', path: '$.sections[0].jumps' }),
    ]);
  });
});
