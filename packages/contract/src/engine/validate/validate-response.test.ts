import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, type Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Language } from '../../models/limits.js';
import type { Section } from '../../models/section.js';
import { VALIDATION_RULE_TYPES } from '../../models/validation-rule.js';
import { compileForm } from './compile-form.js';
import fixture from './fixtures/rules.fixture.json' with { type: 'json' };
import { compiledFormFor, validateResponse } from './validate-response.js';

interface RuleCase {
  name: string;
  field: Partial<Field>;
  others?: Partial<Field>[];
  sections?: Section[];
  language?: Language;
  answers: Record<string, unknown>;
  ok: boolean;
  value?: Record<string, unknown>;
  errors?: { fieldId: string; rule: string; message: string }[];
}

const cases = fixture.cases as RuleCase[];

function complete(partial: Partial<Field>, id: string, order: number): Field {
  return { id, sectionId: 's1', label: id.toUpperCase(), order, type: 'text', ...partial } as Field;
}

function schemaOf(c: RuleCase): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: c.name, language: c.language ?? 'en' },
    sections: c.sections ?? [{ id: 's1', title: 'One', order: 0 }],
    fields: [...(c.others ?? []).map((o, i) => complete(o, o.id ?? `o${i}`, i)), complete(c.field, 'f', 100)],
  };
}

/** `{"$repeat": [text, n]}` stands for a long string. */
function expand(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(expand);
  if (v && typeof v === 'object') {
    const repeat = (v as { $repeat?: [string, number] }).$repeat;
    if (repeat) return repeat[0].repeat(repeat[1]);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]));
  }
  return v;
}

describe('validateResponse (fixtures/rules.fixture.json)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = validateResponse(schemaOf(c), expand(c.answers));
    // The closures (a browser under a strict CSP) and the generated check give the same result.
    const answers = JSON.parse(JSON.stringify(expand(c.answers)));
    expect(compileForm(schemaOf(c), { generate: false }).validate(answers)).toEqual(result);
    expect(compileForm(schemaOf(c), { generate: true }).validate(answers)).toEqual(result);
    expect(result.errors.map((e) => ({ ...e }))).toEqual(c.errors ?? []);
    expect(result.ok).toBe(c.ok);
    if (c.value) expect(result.value).toEqual(expand(c.value));
    if (!c.ok) expect(result.value).toEqual({});
  });

  it('covers every field type, every rule type, when equals/notEquals and custom messages', () => {
    const fields = cases.flatMap((c) => [c.field, ...(c.others ?? [])]);
    const rules = fields.flatMap((f) => f.validation?.rules ?? []);
    expect(new Set(cases.map((c) => c.field.type ?? 'text'))).toEqual(new Set(FIELD_TYPES));
    expect(new Set(rules.map((r) => r.type))).toEqual(new Set(VALIDATION_RULE_TYPES));
    expect(rules.some((r) => r.when && 'equals' in r.when)).toBe(true);
    expect(rules.some((r) => r.when && 'notEquals' in r.when)).toBe(true);
    const customised = new Set(rules.filter((r) => r.message).map((r) => r.type));
    expect(customised).toEqual(new Set(VALIDATION_RULE_TYPES));
    expect(new Set(cases.map((c) => c.language ?? 'en')).size).toBe(6);
  });
});

const base: FormSchema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Base', language: 'en' },
  sections: [{ id: 's1', title: 'One', order: 0 }],
  fields: [
    { id: 'name', sectionId: 's1', type: 'text', label: 'Name', order: 0, required: true },
    { id: 'age', sectionId: 's1', type: 'number', label: 'Age', order: 1 },
  ],
};

describe('validateResponse', () => {
  it.each([null, undefined, 'x', 42, true, [], [{ name: 'Ada' }]])(
    'answers that are not an object (%j) give one error with fieldId ""',
    (input) => {
      expect(validateResponse(base, input)).toEqual({
        ok: false,
        value: {},
        errors: [{ fieldId: '', rule: 'type', message: 'Answers must be an object keyed by field id.' }],
      });
    },
  );

  it('refuses a "__proto__" key as unknown without touching any prototype', () => {
    const result = validateResponse(base, JSON.parse('{"name":"Ada","__proto__":{"polluted":true}}'));
    expect(result.errors).toEqual([
      { fieldId: '__proto__', rule: 'unknown_field', message: 'This form has no such field.' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not read inherited properties as answers to fields named like them', () => {
    const schema: FormSchema = {
      ...base,
      fields: [{ id: 'constructor', sectionId: 's1', type: 'text', label: 'C', order: 0, required: true }],
    };
    expect(validateResponse(schema, {}).errors.map((e) => e.rule)).toEqual(['required']);
    expect(validateResponse(schema, { constructor: 'x' })).toMatchObject({
      ok: true,
      value: { constructor: 'x' },
    });
  });

  it('returns the answers themselves when they are already exactly the value', () => {
    const answers = { name: 'Ada', age: 36 };
    expect(validateResponse(base, answers).value).toBe(answers);
  });

  it('builds a new value when something is normalised or dropped, leaving the answers alone', () => {
    const answers = { name: 'Ada', age: '36' };
    const result = validateResponse(base, answers);
    expect(result.value).toEqual({ name: 'Ada', age: 36 });
    expect(answers).toEqual({ name: 'Ada', age: '36' });
    expect(validateResponse(base, { name: 'Ada', age: '' }).value).toEqual({ name: 'Ada' });
  });

  it('keeps no state from one response to the next', () => {
    const form = compileForm(base);
    expect(form.validate({ name: 'Ada', age: 'x' }).ok).toBe(false);
    expect(form.validate({ age: 3 }).errors.map((e) => `${e.fieldId}:${e.rule}`)).toEqual(['name:required']);
    expect(form.validate({ name: 'Bo' })).toEqual({ ok: true, value: { name: 'Bo' }, errors: [] });
  });

  it('caches the compiled form per schema object, and accepts a compiled form', () => {
    const form = compiledFormFor(base);
    expect(compiledFormFor(base)).toBe(form);
    expect(compiledFormFor(form)).toBe(form);
    expect(compiledFormFor(structuredClone(base))).not.toBe(form);
    expect(validateResponse(form, { name: 'Ada' }).ok).toBe(true);
  });

  it('uses English for a language it does not have', () => {
    const schema = { ...base, meta: { title: 'x', language: 'fr' } } as unknown as FormSchema;
    expect(compileForm(schema).language).toBe('en');
    expect(validateResponse(schema, {}).errors[0]?.message).toBe('This field is required.');
  });

  it('issues are frozen, so sharing them between results is safe', () => {
    const error = validateResponse(base, {}).errors[0]!;
    expect(Object.isFrozen(error)).toBe(true);
  });
});
