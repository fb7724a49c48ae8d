import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileForm, validateResponse } from '../src/engine/index.js';
import { checkSchema } from '../src/engine/integrity/index.js';
import { answersArb, formSchemaArb } from './support/arbitraries.js';
import { buildBenchForm } from './support/bench-form.js';

const RUNS = Number(process.env.FC_RUNS ?? 200);

/** Arbitrary answers for a schema: mostly its own field ids, with values of any JSON shape. */
const looseAnswersFor = (ids: string[]) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...ids), fc.string()),
    fc.oneof(fc.jsonValue(), fc.constantFrom('', null, [], 'alpha', '2024-01-01', 5)),
    { maxKeys: ids.length + 2 },
  );

describe('engine properties', () => {
  it('every schema the generator builds passes checkSchema', () => {
    fc.assert(
      fc.property(formSchemaArb, (schema) => {
        expect(checkSchema(schema)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('the validator never throws on arbitrary JSON, and always answers with the result shape', () => {
    const bench = buildBenchForm().schema;
    fc.assert(
      fc.property(formSchemaArb, fc.jsonValue(), (schema, input) => {
        for (const s of [schema, bench]) {
          const result = validateResponse(s, input);
          expect(typeof result.ok).toBe('boolean');
          expect(result.ok).toBe(result.errors.length === 0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('hidden fields never produce errors and never reach the normalised value', () => {
    fc.assert(
      fc.property(
        formSchemaArb.chain((schema) =>
          fc.tuple(fc.constant(schema), looseAnswersFor(schema.fields.map((f) => f.id))),
        ),
        ([schema, answers]) => {
          const compiled = compileForm(schema);
          const { hiddenFields } = compiled.visibility(answers);
          const result = compiled.validate(answers);
          for (const error of result.errors) expect(hiddenFields.has(error.fieldId)).toBe(false);
          for (const id of Object.keys(result.value)) expect(hiddenFields.has(id)).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers generated to satisfy a schema validate, and keep every visible answer', () => {
    fc.assert(
      fc.property(
        formSchemaArb.chain((schema) => fc.tuple(fc.constant(schema), answersArb(schema))),
        ([schema, answers]) => {
          const compiled = compileForm(schema);
          const result = compiled.validate(answers);
          expect(result.errors).toEqual([]);
          expect(result.ok).toBe(true);
          const { hiddenFields } = compiled.visibility(answers);
          for (const f of schema.fields) {
            // A statement is never answered, shown or not.
            expect(f.id in result.value).toBe(!hiddenFields.has(f.id) && f.type !== 'statement');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the benchmark form is a valid schema whose valid answers pass and invalid ones fail', () => {
    const form = buildBenchForm();
    expect(checkSchema(form.schema)).toEqual([]);
    expect(validateResponse(form.schema, form.valid).errors).toEqual([]);
    const failed = validateResponse(form.schema, form.invalid)
      .errors.map((e) => e.fieldId)
      .sort();
    expect(failed).toEqual(['q10', 'q11', 'q6', 'q9']);
  });
});
