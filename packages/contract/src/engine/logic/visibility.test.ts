import { describe, expect, it } from 'vitest';
import type { Condition, ConditionalLogic } from '../../models/conditional-logic.js';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { evaluateVisibility, visibilityPlanFor } from './visibility.js';

const show = (...groups: Condition[][]): ConditionalLogic => ({
  action: 'show',
  conditionGroups: groups.map((conditions) => ({ conditions })),
});
const hide = (...groups: Condition[][]): ConditionalLogic => ({ ...show(...groups), action: 'hide' });
const eq = (fieldId: string, value: string): Condition => ({ fieldId, operator: 'equals', value });

function text(id: string, logic?: ConditionalLogic, sectionId = 's1'): Field {
  return { id, sectionId, type: 'text', label: id, order: 0, ...(logic ? { conditionalLogic: logic } : {}) };
}

function form(fields: Field[], sections: Section[] = [{ id: 's1', title: 'One', order: 0 }]): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Visibility', language: 'en' },
    sections,
    fields,
  };
}

const hidden = (schema: FormSchema, answers: unknown) =>
  [...evaluateVisibility(schema, answers).hiddenFields].sort();

describe('evaluateVisibility', () => {
  // C is declared first and B before A, so only a dependency order gets the cascade right.
  const cascade = form([
    text('c', show([{ fieldId: 'b', operator: 'isNotEmpty' }])),
    text('b', hide([eq('a', 'x')])),
    text('a'),
  ]);

  it('cascades: a hidden field reads as empty to the conditions that name it', () => {
    expect(hidden(cascade, { a: 'x', b: 'filled' })).toEqual(['b', 'c']);
  });

  it('shows the dependent again once the field it names is visible and answered', () => {
    expect(hidden(cascade, { a: 'y', b: 'filled' })).toEqual([]);
    expect(hidden(cascade, { a: 'y' })).toEqual(['c']);
  });

  it('ORs groups and ANDs the conditions inside a group', () => {
    const schema = form([
      text('a'),
      text('b'),
      text('t', show([eq('a', '1'), eq('b', '1')], [eq('a', '2')])),
    ]);
    expect(hidden(schema, { a: '1', b: '1' })).toEqual([]);
    expect(hidden(schema, { a: '1', b: '2' })).toEqual(['t']);
    expect(hidden(schema, { a: '2', b: '9' })).toEqual([]);
    expect(hidden(schema, {})).toEqual(['t']);
  });

  it('hide hides exactly when a group matches', () => {
    const schema = form([text('a'), text('t', hide([eq('a', 'no')]))]);
    expect(hidden(schema, { a: 'no' })).toEqual(['t']);
    expect(hidden(schema, { a: 'yes' })).toEqual([]);
    expect(hidden(schema, {})).toEqual([]);
  });

  it("hides every field of a hidden section, and the section's fields read as empty", () => {
    const schema = form(
      [
        text('a'),
        text('in1', undefined, 's2'),
        text('in2', undefined, 's2'),
        text('after', show([eq('in1', 'v')])),
      ],
      [
        { id: 's1', title: 'One', order: 0 },
        { id: 's2', title: 'Two', order: 1, conditionalLogic: show([eq('a', 'open')]) },
      ],
    );
    const closed = evaluateVisibility(schema, { a: 'shut', in1: 'v' });
    expect([...closed.hiddenSections]).toEqual(['s2']);
    expect([...closed.hiddenFields].sort()).toEqual(['after', 'in1', 'in2']);
    const open = evaluateVisibility(schema, { a: 'open', in1: 'v' });
    expect([...open.hiddenSections]).toEqual([]);
    expect([...open.hiddenFields]).toEqual([]);
  });

  it('reads anything that is not an object as no answers, without throwing', () => {
    for (const input of [null, undefined, 'x', 42, true, [], [{ a: 'x' }]]) {
      expect(hidden(cascade, input)).toEqual(['c']);
    }
  });

  it('reads a condition on an id that names no field as empty', () => {
    const schema = form([
      text('t1', show([{ fieldId: 'ghost', operator: 'isEmpty' }])),
      text('t2', show([eq('ghost', 'x')])),
      text('t3', show([{ fieldId: 'ghost', operator: 'notEquals', value: 'x' }])),
    ]);
    expect(hidden(schema, { ghost: 'x' })).toEqual(['t2']);
  });

  it('survives a visibility cycle (checkSchema refuses them): the closing edge reads as visible', () => {
    const schema = form([text('p', show([eq('q', 'x')])), text('q', show([eq('p', 'x')]))]);
    // p is visited first and waits for q; q then reads p before it is settled, as visible.
    expect(hidden(schema, { p: 'x', q: 'x' })).toEqual([]);
    expect(hidden(schema, { p: 'y', q: 'x' })).toEqual(['p', 'q']);
  });

  it('compiles a schema object once', () => {
    expect(visibilityPlanFor(cascade)).toBe(visibilityPlanFor(cascade));
    expect(visibilityPlanFor(structuredClone(cascade))).not.toBe(visibilityPlanFor(cascade));
  });
});
