import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { SCHEMA_LIMITS } from '../../models/limits.js';
import type { SchemaProblem, SchemaProblemCode } from '../types.js';
import fixture from './fixtures/check-schema.fixture.json' with { type: 'json' };
import { complete, type FixtureSchema } from './fixtures/complete.js';
import { checkSchema, inspectSchema } from './index.js';

interface Expected {
  code: SchemaProblemCode;
  path: string;
  messageIncludes?: string[];
}
interface FixtureCase {
  name: string;
  schema: FixtureSchema;
  expected: Expected[];
}
interface ShapeCase {
  name: string;
  input: unknown;
  expected: Expected[];
}

const byPlace = (a: { code: string; path: string }, b: { code: string; path: string }) =>
  a.path.localeCompare(b.path) || a.code.localeCompare(b.code);

function expectProblems(problems: SchemaProblem[], expected: Expected[]): void {
  expect(problems.map(({ code, path }) => ({ code, path })).sort(byPlace)).toEqual(
    expected.map(({ code, path }) => ({ code, path })).sort(byPlace),
  );
  for (const e of expected) {
    const found = problems.find((p) => p.code === e.code && p.path === e.path)!;
    for (const text of e.messageIncludes ?? []) expect(found.message).toContain(text);
  }
  for (const p of problems) if (p.code !== 'invalid_shape') expect(p.message).toMatch(/^[A-Z].*\.$/);
}

describe('checkSchema (fixtures)', () => {
  it.each((fixture.cases as FixtureCase[]).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = inspectSchema(complete(c.schema));
    // A case about integrity must have a valid shape, or it would test zod instead.
    expect(result.problems.filter((p) => p.code === 'invalid_shape')).toEqual([]);
    expect(result.ok).toBe(c.expected.length === 0);
    expectProblems(result.problems, c.expected);
  });

  it('covers every problem code', () => {
    const cases = [...(fixture.cases as FixtureCase[]), ...(fixture.shapeCases as ShapeCase[])];
    const covered = new Set(cases.flatMap((c) => c.expected.map((e) => e.code)));
    // The size limits need schemas too large for a fixture; they are tested below.
    // The warnings are tested in jumps.test.ts: they are not checkSchema's. A quiz's problems and
    // warning are tested in logic/quiz.test.ts.
    for (const code of [
      'too_many_fields',
      'too_many_sections',
      'too_many_options',
      'schema_too_large',
      'unreachable_section',
      'jumps_not_paged',
      'correct_not_applicable',
      'marks_not_allowed',
      'quiz_in_repeat',
      'quiz_without_questions',
    ]) {
      covered.add(code as SchemaProblemCode);
    }
    const all: Record<SchemaProblemCode, true> = {
      invalid_shape: true,
      duplicate_id: true,
      reserved_id: true,
      unknown_section: true,
      options_missing: true,
      options_empty: true,
      duplicate_option_value: true,
      options_not_allowed: true,
      file_config_not_allowed: true,
      unknown_field_reference: true,
      self_reference: true,
      value_required: true,
      value_not_allowed: true,
      operator_not_applicable: true,
      value_type_mismatch: true,
      rule_not_applicable: true,
      duplicate_rule: true,
      invalid_pattern: true,
      unsafe_pattern: true,
      min_above_max: true,
      visibility_cycle: true,
      too_many_fields: true,
      too_many_sections: true,
      too_many_options: true,
      schema_too_large: true,
      file_size_above_limit: true,
      invalid_expression: true,
      expression_not_allowed: true,
      expression_too_large: true,
      score_not_applicable: true,
      variable_cycle: true,
      hidden_field_required: true,
      prefill_not_allowed: true,
      unknown_recall_reference: true,
      unknown_translation_key: true,
      translation_of_base_language: true,
      notification_field_not_email: true,
      repeat_id_clash: true,
      repeat_reference: true,
      jump_backwards: true,
      unknown_jump_target: true,
      unreachable_section: true,
      jumps_not_paged: true,
      correct_not_applicable: true,
      marks_not_allowed: true,
      quiz_in_repeat: true,
      quiz_without_questions: true,
      config_not_allowed: true,
      config_missing: true,
      invalid_slider: true,
      duplicate_matrix_row: true,
      duplicate_matrix_column: true,
      ranking_top_too_large: true,
      image_missing: true,
      invalid_image_url: true,
      unknown_exclusive_value: true,
      part_not_applicable: true,
      unknown_row: true,
      rank_out_of_range: true,
      row_required: true,
      part_required: true,
      statement_required: true,
      unknown_country: true,
      payment_twice: true,
      payment_required: true,
      payment_amount: true,
      unknown_currency: true,
    };
    expect([...covered].sort()).toEqual(Object.keys(all).sort());
  });
});

describe('inspectSchema (fixtures)', () => {
  it.each((fixture.shapeCases as ShapeCase[]).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = inspectSchema(c.input);
    expect(result.ok).toBe(false);
    expectProblems(result.problems, c.expected);
  });

  it('returns the parsed schema when there is no problem', () => {
    const input = complete({
      sections: [{ id: 's1' }],
      fields: [{ id: 'a', sectionId: 's1', type: 'text' }],
    });
    const result = inspectSchema(input);
    expect(result).toEqual({ ok: true, schema: input, problems: [] });
  });
});

function schemaWith(fields: number, sections = 1, extra: Partial<Field> = {}): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Big', language: 'en' },
    sections: Array.from({ length: sections }, (_, i) => ({ id: `s${i}`, title: `S${i}`, order: i })),
    fields: Array.from({ length: fields }, (_, i) => ({
      id: `f${i}`,
      sectionId: 's0',
      type: 'text' as const,
      label: `F${i}`,
      order: i,
      ...extra,
    })),
  };
}

const codes = (schema: FormSchema) => checkSchema(schema).map((p) => `${p.code} ${p.path}`);

describe('size limits', () => {
  it('allows exactly the limits and refuses one more', () => {
    expect(codes(schemaWith(SCHEMA_LIMITS.maxFields, SCHEMA_LIMITS.maxSections))).toEqual([]);
    expect(codes(schemaWith(SCHEMA_LIMITS.maxFields + 1))).toEqual(['too_many_fields $.fields']);
    expect(codes(schemaWith(1, SCHEMA_LIMITS.maxSections + 1))).toEqual(['too_many_sections $.sections']);
  });

  it('counts options per field', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `O${i}`, value: `o${i}` }));
    const ok = schemaWith(1, 1, { type: 'select', options: options(SCHEMA_LIMITS.maxOptionsPerField) });
    const over = schemaWith(1, 1, { type: 'select', options: options(SCHEMA_LIMITS.maxOptionsPerField + 1) });
    expect(codes(ok)).toEqual([]);
    expect(codes(over)).toEqual(['too_many_options $.fields[0].options']);
  });

  it('measures the schema in UTF-8 bytes, not characters', () => {
    // 40 labels of 1,000 "é": 40,000 characters but 80,000 bytes, above the 65,536-byte limit.
    const accented = schemaWith(40, 1, { label: 'é'.repeat(1000) });
    expect(JSON.stringify(accented).length).toBeLessThan(SCHEMA_LIMITS.maxSchemaBytes);
    const [problem] = checkSchema(accented);
    expect(problem).toMatchObject({ code: 'schema_too_large', path: '$' });
    expect(problem!.message).toContain('65536 bytes');
    expect(codes(schemaWith(40, 1, { label: 'e'.repeat(1000) }))).toEqual([]);
  });
});
