import { describe, expect, it } from 'vitest';
import { compileForm } from '../src/engine/index.js';
import { checkSchema } from '../src/engine/integrity/index.js';
import { QUESTION_TYPES } from '../src/models/field-types.js';
import { benchAjv } from './support/bench-form.js';
import { buildQuestionTypesBench, buildQuestionTypesCorpus } from './support/bench-question-types.js';

// The question types' benchmark compares the engine with ajv on this corpus: it is only a fair
// comparison while both give the same verdict on every submission.
describe('the question types benchmark', () => {
  const bench = buildQuestionTypesBench();
  const corpus = buildQuestionTypesCorpus(2_000);

  it('has two sound forms, one with every question type and one with none', () => {
    expect(checkSchema(bench.schema)).toEqual([]);
    expect(checkSchema(bench.withoutSchema)).toEqual([]);
    const types = new Set(bench.schema.fields.map((f) => f.type));
    // The benchmark's corpus measures the first batch of question types (the heavy checks); the
    // second batch (phone … statement) is checked by the rule fixtures, not timed here.
    const benched = ['rating', 'nps', 'scale', 'slider', 'matrix', 'ranking', 'picture_choice'] as const;
    for (const type of benched) expect(types.has(type)).toBe(true);
    expect(bench.schema.fields.some((f) => f.type === 'select' && f.multiple)).toBe(true);
    expect(
      bench.withoutSchema.fields.some((f) => (QUESTION_TYPES as readonly string[]).includes(f.type)),
    ).toBe(false);
  });

  it('is distinct submissions on which the engine and ajv agree, valid and invalid, with every type faulted', () => {
    expect(new Set(corpus.map((s) => s.text)).size).toBe(corpus.length);
    const engine = compileForm(bench.schema);
    const without = compileForm(bench.withoutSchema);
    const ajv = benchAjv(bench.jsonSchema, true);
    const ajvWithout = benchAjv(bench.withoutJsonSchema, true);
    const refused = new Set<string>();
    let valid = 0;
    for (const s of corpus) {
      const verdict = engine.validate(JSON.parse(s.text)).ok;
      expect(ajv(JSON.parse(s.text)), s.text).toBe(verdict);
      expect(ajvWithout(JSON.parse(s.withoutText)), s.withoutText).toBe(
        without.validate(JSON.parse(s.withoutText)).ok,
      );
      if (verdict) valid++;
      else for (const error of engine.validate(JSON.parse(s.text)).errors ?? []) refused.add(error.fieldId);
    }
    expect(valid).toBeGreaterThan(corpus.length * 0.3);
    expect(valid).toBeLessThan(corpus.length * 0.7);
    for (const id of ['stars', 'nps', 'agree', 'budget', 'grid', 'rank', 'pet', 'tools'])
      expect(refused).toContain(id);
  });
});
