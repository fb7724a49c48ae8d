import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersArb, formSchemaArb } from '../../../test/support/arbitraries.js';
import { buildBenchForm } from '../../../test/support/bench-form.js';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { compileForm } from './compile-form.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);

/** The result with its value's key order made visible, so toEqual compares it too. */
const observed = (r: { ok: boolean; value: object; errors: readonly object[] }) => ({
  ok: r.ok,
  value: Object.entries(r.value),
  errors: r.errors.map((e) => ({ ...e })),
});

/** Both ways of running a compiled form, on the same answers, twice (scratch state is reused). */
function expectSameResults(schema: FormSchema, answers: unknown[]) {
  const generated = compileForm(schema, { generate: true });
  const closures = compileForm(schema, { generate: false });
  expect(generated.generated).toBe(true);
  expect(closures.generated).toBe(false);
  for (let round = 0; round < 2; round++) {
    for (const a of answers) expect(observed(generated.validate(a))).toEqual(observed(closures.validate(a)));
  }
}

/** Values that hit every branch of the type checks: blanks, padded text, numeric strings, arrays. */
const awkwardValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', '   ', ' x ', '\u00a0', '42', ' 4.5e1 ', 'alpha', ' alpha', 'beta', 'gamma', 'AB-123'),
  fc.constantFrom('2024-02-29', ' 2024-02-29 ', '2023-02-29', 'ada@example.org', ' ada@example.org '),
  fc.constantFrom(null, [], ['alpha'], ['alpha', 'alpha'], ['alpha', 5], 0, -1, 1e9, true),
);

/** Answers for a schema: valid ones, then some answers replaced, dropped, or keys added. */
const answersFor = (schema: FormSchema) =>
  fc
    .tuple(
      answersArb(schema),
      fc.dictionary(fc.constantFrom(...schema.fields.map((f) => f.id)), awkwardValue, { maxKeys: 8 }),
      fc.subarray(schema.fields.map((f) => f.id)),
      fc.option(fc.constantFrom('unknown', 'toString', '__proto__', 'constructor'), { nil: undefined }),
    )
    .map(([valid, replaced, dropped, extra]) => {
      const answers: Record<string, unknown> = { ...valid, ...replaced };
      for (const id of dropped) delete answers[id];
      const text = JSON.stringify(answers);
      // Parsed from JSON, as a server gets it; an extra key is added the way JSON.parse adds it.
      if (extra === undefined) return text;
      return text === '{}' ? `{"${extra}": "x"}` : `{"${extra}": "x",${text.slice(1)}`;
    });

describe('the generated check agrees with the closures', () => {
  it('on generated schemas with valid, broken and extra answers', () => {
    fc.assert(
      fc.property(
        formSchemaArb.chain((schema) =>
          fc.tuple(fc.constant(schema), fc.array(answersFor(schema), { maxLength: 4 })),
        ),
        ([schema, texts]) => {
          const answers = texts.map((t) => JSON.parse(t) as unknown);
          expectSameResults(schema, [...answers, ...answers.map((a) => ({ ...(a as object) }))]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('on the benchmark form', () => {
    const form = buildBenchForm();
    expectSameResults(form.schema, [
      JSON.parse(JSON.stringify(form.valid)),
      JSON.parse(JSON.stringify(form.invalid)),
      form.valid,
      { ...form.valid, plan: 'alpha', age: '12', topics: [] },
    ]);
  });

  it('on answers the generated check hands back to the closures', () => {
    const form = buildBenchForm();
    const withUndefined = { ...form.valid, q6: undefined };
    const noPrototype = Object.assign(Object.create(null) as object, form.valid);
    class Answers {
      plan = 'beta';
    }
    const inherited = Object.create({ nickname: 'kit' }) as Record<string, unknown>;
    inherited.plan = 'beta';
    expectSameResults(form.schema, [
      withUndefined,
      noPrototype,
      new Answers(),
      inherited,
      { ...form.valid, extra: 1 },
      {},
      [],
      'text',
      null,
    ]);
  });

  it('reads field ids that are JavaScript-significant as data, never as code', () => {
    const ids = [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'a"b',
      "a'b",
      'a\\b',
      'line\nbreak',
      'sep\u2028arator',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an id that looks like a placeholder, on purpose
      '${x}',
      '</script>',
      '"]; throw new Error("x"); //',
    ];
    const fields: Field[] = ids.map((id, i) => ({
      id,
      sectionId: 's',
      type: i % 2 === 0 ? 'text' : 'select',
      label: `L${i}`,
      order: i,
      required: i % 3 === 0,
      ...(i % 2 === 0 ? {} : { options: [{ label: 'A', value: `"'\\${i}` }] }),
    }));
    const schema: FormSchema = {
      version: '1.0',
      schemaVersion: '2024-01-01',
      meta: { title: 'ids', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields,
    };
    const full = JSON.stringify(
      Object.fromEntries(ids.map((id, i) => [id, i % 2 === 0 ? ' v ' : `"'\\${i}`])),
    );
    const result = compileForm(schema, { generate: true }).validate(JSON.parse(full));
    expect(result.errors).toEqual([]);
    expect(Object.keys(result.value)).toEqual(ids);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expectSameResults(schema, [JSON.parse(full), JSON.parse('{}'), JSON.parse('{"toString": ""}')]);
  });

  it('keeps to the closures for a form too large for V8 to optimise the generated check', () => {
    const fields: Field[] = Array.from({ length: 200 }, (_, i) => ({
      id: `q${i}`,
      sectionId: 's',
      type: i % 2 === 0 ? 'text' : 'email',
      label: `Q${i}`,
      order: i,
      required: true,
      validation: {
        rules: [
          { type: 'pattern', value: '^[^<>]+$' },
          { type: 'maxLength', value: 100 },
        ],
      },
    }));
    const schema: FormSchema = {
      version: '1.0',
      schemaVersion: '2024-01-01',
      meta: { title: 'large', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields,
    };
    expect(compileForm(schema, { generate: true }).generated).toBe(false);
    expect(compileForm({ ...schema, fields: fields.slice(0, 40) }, { generate: true }).generated).toBe(true);
  });

  it('falls back to the closures where code generation is refused', () => {
    const engine = fileURLToPath(new URL('../index.ts', import.meta.url));
    const form = buildBenchForm();
    const script = `
      const { compileForm } = await import(${JSON.stringify(engine)});
      const form = compileForm(${JSON.stringify(form.schema)});
      const result = form.validate(${JSON.stringify(form.invalid)});
      console.log(JSON.stringify({ generated: form.generated, result }));`;
    const out = execFileSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    const { generated, result } = JSON.parse(out) as { generated: boolean; result: unknown };
    expect(generated).toBe(false);
    expect(result).toEqual(
      JSON.parse(JSON.stringify(compileForm(form.schema, { generate: false }).validate(form.invalid))),
    );
  });
});
