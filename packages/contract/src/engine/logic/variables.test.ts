import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema, FormVariable } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { compileForm } from '../validate/compile-form.js';
import { computeVariables, validateResponse } from '../validate/validate-response.js';
import fixture from './fixtures/variables.fixture.json' with { type: 'json' };

interface VariableCase {
  name: string;
  fields: Partial<Field>[];
  sections?: Section[];
  declared: FormVariable[];
  answers: Record<string, unknown>;
  ok: boolean;
  value?: Record<string, unknown>;
  variables: Record<string, number | string>;
  computed?: Record<string, number | string>;
}

const cases = fixture.cases as unknown as VariableCase[];

function schemaOf(c: VariableCase): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: c.name, language: 'en' },
    sections: c.sections ?? [{ id: 's1', title: 'One', order: 0 }],
    fields: c.fields.map((f, i) => ({ sectionId: 's1', label: f.id, order: i, type: 'text', ...f }) as Field),
    variables: c.declared,
  };
}

describe('variables (fixtures/variables.fixture.json)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = validateResponse(schemaOf(c), c.answers);
    expect(result.ok).toBe(c.ok);
    expect(result.variables).toEqual(c.variables);
    if (c.value) expect(result.value).toEqual(c.value);
    // The closures (a browser) and the generated check (Node.js) agree.
    for (const generate of [false, true]) {
      expect(compileForm(schemaOf(c), { generate }).validate(structuredClone(c.answers))).toEqual(result);
    }
    expect(computeVariables(schemaOf(c), c.answers)).toEqual(c.computed ?? c.variables);
  });

  it('leaves the result of a form without variables as it was: no variables key', () => {
    const schema = schemaOf({ ...cases[0]!, declared: [] });
    delete schema.variables;
    expect('variables' in validateResponse(schema, { q1: 'paris' })).toBe(false);
    expect(computeVariables(schema, { q1: 'paris' })).toEqual({});
  });

  it('never throws, whatever the answers', () => {
    const schema = schemaOf(cases[0]!);
    for (const answers of [null, 'x', [], { q1: { toString: null } }, { q2: [null, 1, {}] }]) {
      expect(() => validateResponse(schema, answers)).not.toThrow();
      expect(computeVariables(schema, answers)).toEqual({ total: 0 });
    }
  });
});
