/**
 * `pnpm bench` for the engine: validations per second of `compileForm(schema).validate` against
 * ajv validating the equivalent JSON Schema (compiled once), on a corpus of distinct submissions
 * (test/support/bench-corpus.ts): each one parsed from its own JSON text before timing starts,
 * with varied keys, key order, values and faults, as a server receives them. Every candidate
 * cycles through the whole corpus, so no object is validated twice in a row, and all candidates
 * must give the same verdict on every submission, or the run stops.
 *
 * Reported: the valid submissions, the invalid ones and the mixed corpus, interleaved round by
 * round so machine noise hits all candidates alike; one object validated again and again, as a
 * labelled upper bound only; the heap retained per compiled schema; and the same corpus approach
 * on larger forms (validations/s per field).
 *
 * Variables, scores and pages (docs/form-model.md): the same form, paged, with option scores and variables
 * (a score total, a weighted number, a text verdict) against itself without
 * the variables, on the same corpus (goal: at most 1.3x the time).
 *
 * Question types (test/support/bench-question-types.ts): a form of the ten original types beside
 * rating, nps, scale, slider, matrix, ranking, picture choice and multi-select, against the ten
 * alone on each submission's twin without the question types' answers, and against ajv, in one run.
 *
 * Repeating sections (docs/form-model.md): a form whose section of four fields repeats 0..20
 * times, against the same answers flattened into plain fields (`name_0`... `extra_19`, each shown
 * as its entry's would be), on distinct submissions of 0..20 entries, in one run.
 *
 * Run with `node --expose-gc` (the package script does) for the memory figure.
 * BENCH_CORPUS (10000), BENCH_ROUNDS (7), BENCH_ROUND_MS (300), BENCH_LARGE (120,150,200; 0: skip),
 * Jumps and endings (docs/form-model.md): a 10-page form with 20 jumps and 2 endings against the
 * same form without them, on distinct submissions taking varied paths, in one run.
 *
 * BENCH_VARIABLES (1; 0: skip), BENCH_QUESTION_TYPES (1; 0: skip), BENCH_REPEAT (1; 0: skip),
 * BENCH_JUMPS (1; 0: skip).
 */
import { type CompiledForm, compileForm, formPath } from '../src/engine/index.js';
import type { FormSchema } from '../src/models/form-schema.js';
import { buildCorpus, seededRandom } from '../test/support/bench-corpus.js';
import { type BenchForm, benchAjv, buildBenchForm } from '../test/support/bench-form.js';
import { buildQuestionTypesBench, buildQuestionTypesCorpus } from '../test/support/bench-question-types.js';

const CORPUS = Number(process.env.BENCH_CORPUS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);
const LARGE = (process.env.BENCH_LARGE ?? '120,150,200')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

type Answers = Record<string, unknown>;
interface Candidate {
  name: string;
  verdict: (answers: Answers) => boolean;
}

interface Setup {
  form: BenchForm;
  engine: CompiledForm;
  candidates: Candidate[];
  /** Not validators: the least any validator must do, measured beside them (no verdict). */
  floors: Candidate[];
  valid: Answers[];
  invalid: Answers[];
  mixed: Answers[];
}

function setUp(fieldCount: number): Setup {
  const form = buildBenchForm(fieldCount);
  const engine = compileForm(form.schema);
  // What a browser runs: no generated code (a strict CSP refuses it).
  const closures = compileForm(form.schema, { generate: false });
  const ajvAll = benchAjv(form.jsonSchema, true);
  const ajvFirst = benchAjv(form.jsonSchema, false);
  const candidates: Candidate[] = [
    { name: engine.generated ? 'engine (generated)' : 'engine', verdict: (a) => engine.validate(a).ok },
    ...(engine.generated
      ? [{ name: 'engine, closures', verdict: (a: Answers) => closures.validate(a).ok }]
      : []),
    { name: 'ajv (allErrors)', verdict: (a) => ajvAll(a) },
    { name: 'ajv (first error)', verdict: (a) => ajvFirst(a) },
  ];

  const corpus = buildCorpus(form, CORPUS, fieldCount);
  // Each submission parsed from its own text, once, before any timing.
  const mixed = corpus.map((s) => JSON.parse(s.text) as Answers);
  const valid: Answers[] = [];
  const invalid: Answers[] = [];
  mixed.forEach((answers, n) => {
    const verdicts = candidates.map((c) => c.verdict(answers));
    if (verdicts.some((v) => v !== verdicts[0])) {
      const got = candidates.map((c, i) => `${c.name}: ${verdicts[i]}`).join(', ');
      throw new Error(`verdicts differ on submission ${n} (${got}):\n${corpus[n]!.text}`);
    }
    (verdicts[0] ? valid : invalid).push(answers);
  });
  const ids = form.schema.fields.map((f) => f.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const scratch: unknown[] = new Array(ids.length).fill(undefined);
  const floors: Candidate[] = [
    {
      // Every answer read once into an array by field index, as the engine reads them; no checks.
      name: 'floor: read answers',
      verdict: (a) => {
        let n = 0;
        for (const key in a) {
          const i = index.get(key);
          if (i !== undefined) scratch[i] = a[key];
          n++;
        }
        scratch.fill(undefined);
        return n > 0;
      },
    },
    {
      // ...and every value looked at once: a string's first character, each entry of a list.
      name: 'floor: touch values',
      verdict: (a) => {
        let n = 0;
        for (const key in a) {
          const i = index.get(key);
          const v = a[key];
          if (i !== undefined) scratch[i] = v;
          if (typeof v === 'string') n += v.charCodeAt(v.length - 1);
          else if (Array.isArray(v)) for (let j = 0; j < v.length; j++) n += typeof v[j] === 'string' ? 1 : 0;
          else n++;
        }
        scratch.fill(undefined);
        return n > 0;
      },
    },
  ];
  return { form, engine, candidates, floors, valid, invalid, mixed };
}

let sink = 0;
const cursor = new Map<string, number>();

/** CPU time of this process so far, in ms (user + system, all threads). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Validations per CPU second of one candidate over `ROUND_MS` of wall time, continuing in the
 * corpus where it left off. CPU time rather than wall time: on a shared machine the process is
 * descheduled for part of every round, which wall time would count against whoever ran then.
 */
function opsPerSecond(c: Candidate, label: string, corpus: Answers[]): number {
  const key = `${c.name}/${label}`;
  let at = cursor.get(key) ?? 0;
  let n = 0;
  const end = performance.now() + ROUND_MS;
  const start = cpuMs();
  while (performance.now() < end) {
    for (let i = 0; i < 200; i++) {
      if (c.verdict(corpus[at]!)) sink++;
      if (++at === corpus.length) at = 0;
    }
    n += 200;
  }
  cursor.set(key, at);
  return (n * 1000) / (cpuMs() - start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(12);

/** Medians of interleaved rounds, by candidate name. */
function measure(
  candidates: Candidate[],
  label: string,
  corpus: Answers[],
  rounds = ROUNDS,
): Map<string, number> {
  for (const c of candidates) opsPerSecond(c, label, corpus); // warm-up, JIT
  const samples = new Map(candidates.map((c) => [c.name, [] as number[]]));
  for (let r = 0; r < rounds; r++) {
    // Alternate who goes first, so drift hits all alike.
    const order = r % 2 === 0 ? candidates : [...candidates].reverse();
    for (const c of order) samples.get(c.name)!.push(opsPerSecond(c, label, corpus));
  }
  return new Map([...samples].map(([k, v]) => [k, median(v)]));
}

function report(setup: Setup, label: string, corpus: Answers[]): number {
  const med = measure([...setup.candidates, ...setup.floors], label, corpus);
  const engineName = setup.candidates[0]!.name;
  const engine = med.get(engineName)!;
  console.log(
    `\n${label} (${corpus.length.toLocaleString('en')} submissions; median of ${ROUNDS} rounds x ${ROUND_MS} ms):`,
  );
  for (const [name, ops] of med) {
    const ratio = name === engineName ? '' : `  engine / this = ${(engine / ops).toFixed(2)}x`;
    console.log(`  ${name.padEnd(20)} ${fmt(ops)} validations per CPU second${ratio}`);
  }
  return engine / med.get('ajv (allErrors)')!;
}

function memoryPerCompiledSchema(form: BenchForm): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  const copies = 500;
  const schemas = Array.from({ length: copies }, () => structuredClone(form.schema));
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = schemas.map((s) => compileForm(s));
  gc();
  const after = process.memoryUsage().heapUsed;
  if (kept.length !== copies) throw new Error('unreachable');
  return (after - before) / copies;
}

const { loadavg } = await import('node:os');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`Node ${process.version}, load average ${load()}`);

const main = setUp(50);
const { counts } = main.form;
console.log(
  `Benchmark form: ${counts.fields} fields, ${counts.sections} sections, ${counts.conditional} conditional, ` +
    `${counts.rules} rules (${counts.patterns} patterns). Corpus: ${main.mixed.length.toLocaleString('en')} ` +
    `distinct submissions, ${main.valid.length.toLocaleString('en')} valid and ` +
    `${main.invalid.length.toLocaleString('en')} invalid; every candidate gave the same verdict on each.`,
);
const validRatio = report(main, 'Valid submissions', main.valid);
const invalidRatio = report(main, 'Invalid submissions', main.invalid);
const mixedRatio = report(main, 'Mixed corpus', main.mixed);

// The old measure, kept only as a ceiling: one object, one hidden class, every cache warm.
const one = (answers: Answers) => [JSON.parse(JSON.stringify(answers)) as Answers];
console.log('\nUpper bound only (ONE object validated again and again, not real traffic):');
const oneValid = report(main, 'One valid object, repeated', one(main.form.valid));
const oneInvalid = report(main, 'One invalid object, repeated', one(main.form.invalid));

const bytes = memoryPerCompiledSchema(main.form);
console.log(
  bytes === undefined
    ? '\nMemory per compiled schema: run with node --expose-gc to measure'
    : `\nMemory per compiled schema: ${(bytes / 1024).toFixed(1)} KiB (heap retained, mean of 500)`,
);
console.log(
  `\nengine / ajv (allErrors) on the corpus: mixed ${mixedRatio.toFixed(2)}x (target >= 4x), ` +
    `valid ${validRatio.toFixed(2)}x (target >= 3x), invalid ${invalidRatio.toFixed(2)}x; ` +
    `one object repeated (upper bound): valid ${oneValid.toFixed(2)}x, invalid ${oneInvalid.toFixed(2)}x`,
);

if (LARGE.length > 0) {
  const rows: string[] = [];
  const perField = (setup: Setup, med: Map<string, number>) =>
    med.get(setup.candidates[0]!.name)! * setup.form.counts.fields;
  const mainMixed = measure(main.candidates, 'Mixed corpus', main.mixed, 3);
  const base = perField(main, mainMixed);
  rows.push(row(main, mainMixed, base));
  for (const fields of LARGE) {
    const setup = setUp(fields);
    const med = measure(setup.candidates, `Mixed corpus, ${fields} fields`, setup.mixed, 3);
    rows.push(row(setup, med, base));
  }
  console.log('\nLarger forms, mixed corpus (median of 3 rounds):');
  console.log('  fields  engine/s       ajv/s  engine/ajv  field-validations/s  vs 50 fields');
  for (const r of rows) console.log(r);
  function row(setup: Setup, med: Map<string, number>, baseline: number): string {
    const engine = med.get(setup.candidates[0]!.name)!;
    const ajv = med.get('ajv (allErrors)')!;
    const pf = perField(setup, med);
    return `  ${String(setup.form.counts.fields).padStart(6)} ${fmt(engine)} ${fmt(ajv)} ${(engine / ajv).toFixed(2).padStart(10)}x ${fmt(pf).padStart(20)} ${(pf / baseline).toFixed(2).padStart(12)}x`;
  }
}
if (process.env.BENCH_VARIABLES !== '0') {
  // The bench form, paged, its options scored (0-3 by position), and the same with variables.
  const scored: FormSchema = {
    ...main.form.schema,
    settings: { ...main.form.schema.settings, layout: 'paged' },
    fields: main.form.schema.fields.map((f) =>
      f.options ? { ...f, options: f.options.map((o, i) => ({ ...o, score: i })) } : f,
    ),
  };
  const optionIds = scored.fields.filter((f) => f.options).map((f) => f.id);
  const numberIds = scored.fields.filter((f) => f.type === 'number').map((f) => f.id);
  const withVariables: FormSchema = {
    ...scored,
    variables: [
      { id: 'total', type: 'number', expression: { '+': optionIds.map((id) => ({ score: id })) } },
      {
        id: 'weighted',
        type: 'number',
        expression: {
          '+': [{ var: 'total' }, { '*': [{ max: numberIds.map((id) => ({ var: [id, 0] })) }, 0.1] }],
        },
      },
      { id: 'verdict', type: 'text', expression: { if: [{ '>=': [{ var: 'total' }, 20] }, 'high', 'low'] } },
    ],
  };
  const plain = compileForm(scored);
  const vars = compileForm(withVariables);
  const varsClosures = compileForm(withVariables, { generate: false });
  const plainClosures = compileForm(scored, { generate: false });
  const candidates: Candidate[] = [
    { name: 'without variables', verdict: (a) => plain.validate(a).ok },
    { name: 'with variables', verdict: (a) => vars.validate(a).ok },
    { name: 'closures, without', verdict: (a) => plainClosures.validate(a).ok },
    { name: 'closures, with', verdict: (a) => varsClosures.validate(a).ok },
  ];
  console.log(
    `\nVariables, scores and pages: the bench form paged, ${optionIds.length} scored option fields, ` +
      `${withVariables.variables!.length} variables (median of ${ROUNDS} rounds x ${ROUND_MS} ms):`,
  );
  for (const [label, corpus] of [
    ['valid', main.valid],
    ['mixed', main.mixed],
  ] as const) {
    const med = measure(candidates, `variables ${label}`, corpus);
    const line = (a: string, b: string) => `${(med.get(b)! / med.get(a)!).toFixed(2)}x`;
    for (const [name, ops] of med)
      console.log(`  ${label.padEnd(6)} ${name.padEnd(20)} ${fmt(ops)} validations per CPU second`);
    console.log(
      `  ${label}: time with variables / without = ${line('with variables', 'without variables')} generated, ` +
        `${line('closures, with', 'closures, without')} closures (goal <= 1.3x)`,
    );
  }
}
if (process.env.BENCH_QUESTION_TYPES !== '0') {
  const bench = buildQuestionTypesBench();
  const corpus = buildQuestionTypesCorpus(CORPUS);
  // Each submission and its twin without the question types, parsed from their own texts.
  const pairs = corpus.map((s) => ({
    all: JSON.parse(s.text) as Answers,
    ten: JSON.parse(s.withoutText) as Answers,
  }));
  type Pair = (typeof pairs)[number];
  const engine = compileForm(bench.schema);
  const closures = compileForm(bench.schema, { generate: false });
  const ten = compileForm(bench.withoutSchema);
  const tenClosures = compileForm(bench.withoutSchema, { generate: false });
  const ajv = benchAjv(bench.jsonSchema, true);
  const ajvTen = benchAjv(bench.withoutJsonSchema, true);
  const on = (key: keyof Pair, verdict: (a: Answers) => boolean) => (p: Answers) =>
    verdict((p as unknown as Pair)[key]);
  const candidates: Candidate[] = [
    { name: 'engine, 18 types', verdict: on('all', (a) => engine.validate(a).ok) },
    { name: 'closures, 18 types', verdict: on('all', (a) => closures.validate(a).ok) },
    { name: 'ajv, 18 types', verdict: on('all', (a) => ajv(a)) },
    { name: 'engine, the ten', verdict: on('ten', (a) => ten.validate(a).ok) },
    { name: 'closures, the ten', verdict: on('ten', (a) => tenClosures.validate(a).ok) },
    { name: 'ajv, the ten', verdict: on('ten', (a) => ajvTen(a)) },
  ];
  let valid = 0;
  pairs.forEach((p, n) => {
    const all = candidates.slice(0, 3).map((c) => c.verdict(p as unknown as Answers));
    const tens = candidates.slice(3).map((c) => c.verdict(p as unknown as Answers));
    if (new Set(all).size > 1 || new Set(tens).size > 1) {
      throw new Error(`verdicts differ on question types submission ${n}:\n${corpus[n]!.text}`);
    }
    if (all[0]) valid++;
  });
  const fields = bench.schema.fields.length;
  const tenFields = bench.withoutSchema.fields.length;
  console.log(
    `\nQuestion types: ${fields} fields (the ten original types, the eight question types and three fields ` +
      `they show) against the ten alone, on ${pairs.length.toLocaleString('en')} distinct submissions ` +
      `(${valid.toLocaleString('en')} valid) and their twins without the question types' answers ` +
      `(median of ${ROUNDS} rounds x ${ROUND_MS} ms); every candidate gave the same verdict on each:`,
  );
  const med = measure(candidates, 'question types', pairs as unknown as Answers[]);
  for (const [name, ops] of med) {
    const perField = ops * (name.endsWith('18 types') ? fields : tenFields);
    console.log(
      `  ${name.padEnd(20)} ${fmt(ops)} validations per CPU second ${fmt(perField)} field-validations/s`,
    );
  }
  const ratio = (a: string, b: string) => (med.get(a)! / med.get(b)!).toFixed(2);
  console.log(
    `  time per submission, 18 types / the ten: engine ${ratio('engine, the ten', 'engine, 18 types')}x, ` +
      `closures ${ratio('closures, the ten', 'closures, 18 types')}x, ajv ${ratio('ajv, the ten', 'ajv, 18 types')}x ` +
      `(fields ${fields} / ${tenFields} = ${(fields / tenFields).toFixed(2)}x); ` +
      `engine / ajv with the question types: ${ratio('engine, 18 types', 'ajv, 18 types')}x generated, ` +
      `${ratio('closures, 18 types', 'ajv, 18 types')}x closures`,
  );
}
if (process.env.BENCH_REPEAT !== '0') {
  const field = (id: string, sectionId: string, order: number, extra: Record<string, unknown> = {}) => ({
    id,
    sectionId,
    label: id,
    order,
    type: 'text' as const,
    ...extra,
  });
  const entryFields = (sectionId: string, at: (id: string) => string, order: number) => [
    // Not required: the flattened twin would require the names of entries that are not there.
    field(at('name'), sectionId, order, { validation: { rules: [{ type: 'minLength', value: 2 }] } }),
    field(at('age'), sectionId, order + 1, {
      type: 'number',
      validation: { rules: [{ type: 'min', value: 0 }] },
    }),
    field(at('kind'), sectionId, order + 2, {
      type: 'radio',
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
      ],
    }),
    field(at('extra'), sectionId, order + 3, {
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: at('kind'), operator: 'equals', value: 'b' }] }],
      },
    }),
  ];
  const base = { version: '1', schemaVersion: '1', meta: { title: 'Guests', language: 'en' as const } };
  const repeating = {
    ...base,
    sections: [
      { id: 'main', title: 'Main', order: 0 },
      { id: 'g', title: 'Guest', order: 1, repeat: { max: 20 } },
    ],
    fields: [field('host', 'main', 0, { required: true }), ...entryFields('g', (id) => id, 0)],
  } as FormSchema;
  const flat = {
    ...base,
    sections: [{ id: 'main', title: 'Main', order: 0 }],
    fields: [
      field('host', 'main', 0, { required: true }),
      ...Array.from({ length: 20 }, (_, i) => entryFields('main', (id) => `${id}_${i}`, 1 + i * 4)).flat(),
    ],
  } as FormSchema;
  // A seeded corpus: each submission with 0..20 entries, about one in eight with a fault.
  const next = seededRandom(7);
  const pairs = Array.from({ length: CORPUS }, () => {
    const entries = Array.from({ length: Math.floor(next() * 21) }, (_, i) => {
      const entry: Answers = {
        name: `Guest ${i}-${Math.floor(next() * 1000)}`,
        age: Math.floor(next() * 90),
      };
      if (next() < 0.5) entry.kind = next() < 0.5 ? 'a' : 'b';
      if (next() < 0.3) entry.extra = `note ${Math.floor(next() * 100)}`;
      if (next() < 0.01) entry.age = -1;
      if (next() < 0.005) entry.name = 'x';
      return entry;
    });
    const answers: Answers = { host: 'Ada', g: entries };
    const flatAnswers: Answers = { host: 'Ada' };
    entries.forEach((entry, i) => {
      for (const [k, v] of Object.entries(entry)) flatAnswers[`${k}_${i}`] = v;
    });
    return {
      repeating: JSON.parse(JSON.stringify(answers)) as Answers,
      flat: JSON.parse(JSON.stringify(flatAnswers)) as Answers,
    };
  });
  type Pair = (typeof pairs)[number];
  const repeatForm = compileForm(repeating);
  const flatForm = compileForm(flat);
  const candidates: Candidate[] = [
    { name: 'repeating section', verdict: (p) => repeatForm.validate((p as unknown as Pair).repeating).ok },
    { name: 'flattened fields', verdict: (p) => flatForm.validate((p as unknown as Pair).flat).ok },
  ];
  let valid = 0;
  pairs.forEach((p, n) => {
    const verdicts = candidates.map((c) => c.verdict(p as unknown as Answers));
    if (verdicts[0] !== verdicts[1]) {
      throw new Error(`verdicts differ on repeating submission ${n}:\n${JSON.stringify(p.repeating)}`);
    }
    if (verdicts[0]) valid++;
  });
  console.log(
    `\nRepeating sections: a section of 4 fields repeated 0..20 times against the same answers in ` +
      `${flat.fields.length} plain fields, on ${pairs.length.toLocaleString('en')} distinct submissions ` +
      `(${valid.toLocaleString('en')} valid; median of ${ROUNDS} rounds x ${ROUND_MS} ms); both gave the same verdict on each:`,
  );
  const med = measure(candidates, 'repeating sections', pairs as unknown as Answers[]);
  for (const [name, ops] of med) console.log(`  ${name.padEnd(20)} ${fmt(ops)} validations per CPU second`);
  console.log(
    `  time per submission, repeating / flattened: ${(med.get('flattened fields')! / med.get('repeating section')!).toFixed(2)}x`,
  );
}
if (process.env.BENCH_JUMPS !== '0') {
  // A 10-page form: each page a route choice, a required name and a number; each page jumps two
  // pages ahead on "skip" and to an ending on "end" (20 jumps), and an ending is also chosen by a
  // condition. Its twin is the same form without jumps or endings.
  const pages = 10;
  const jumped = {
    version: '1',
    schemaVersion: '1',
    meta: { title: 'Paths', language: 'en' as const },
    settings: {
      layout: 'paged',
      endings: [
        { id: 'early', title: 'Early' },
        {
          id: 'big',
          title: 'Big',
          conditionGroups: [{ conditions: [{ fieldId: 'n9', operator: 'greaterThan', value: 50 }] }],
        },
      ],
    },
    sections: Array.from({ length: pages }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i}`,
      order: i,
      jumps: [
        {
          conditionGroups: [{ conditions: [{ fieldId: `route${i}`, operator: 'equals', value: 'skip' }] }],
          to: i + 2 < pages ? { section: `p${i + 2}` } : { ending: 'early' },
        },
        {
          conditionGroups: [{ conditions: [{ fieldId: `route${i}`, operator: 'equals', value: 'end' }] }],
          to: { ending: 'early' },
        },
      ],
    })),
    fields: Array.from({ length: pages }, (_, i) => [
      {
        id: `route${i}`,
        sectionId: `p${i}`,
        label: 'Route',
        order: 0,
        type: 'radio',
        options: ['go', 'skip', 'end'].map((v) => ({ label: v, value: v })),
      },
      { id: `name${i}`, sectionId: `p${i}`, label: 'Name', order: 1, type: 'text', required: true },
      {
        id: `n${i}`,
        sectionId: `p${i}`,
        label: 'Number',
        order: 2,
        type: 'number',
        validation: { rules: [{ type: 'min', value: 0 }] },
      },
    ]).flat(),
  } as FormSchema;
  const plain = {
    ...jumped,
    settings: { layout: 'paged' },
    sections: jumped.sections.map(({ jumps: _, ...section }) => section),
  } as FormSchema;
  // Seeded, distinct: mostly "go", some "skip" and a few "end"; about one page in 40 without its
  // name (a fault on a page the path may skip), one number in 100 negative.
  const next = seededRandom(11);
  const corpus = Array.from({ length: CORPUS }, () => {
    const answers: Answers = {};
    for (let i = 0; i < pages; i++) {
      const r = next();
      answers[`route${i}`] = r < 0.75 ? 'go' : r < 0.95 ? 'skip' : 'end';
      if (next() > 0.025) answers[`name${i}`] = `Name ${Math.floor(next() * 10_000)}`;
      answers[`n${i}`] = next() < 0.01 ? -1 : Math.floor(next() * 100);
    }
    return JSON.parse(JSON.stringify(answers)) as Answers;
  });
  const jumpedForm = compileForm(jumped);
  const plainForm = compileForm(plain);
  const candidates: Candidate[] = [
    { name: 'jumps and endings', verdict: (a) => jumpedForm.validate(a).ok },
    { name: 'without jumps', verdict: (a) => plainForm.validate(a).ok },
  ];
  const valid = candidates.map((c) => corpus.filter((a) => c.verdict(a)).length);
  const ended = corpus.filter((a) => formPath(jumpedForm, a).endingId !== null).length;
  console.log(
    `\nJumps and endings: a 10-page form with 20 jumps and 2 endings against itself without them, on ` +
      `${corpus.length.toLocaleString('en')} distinct submissions (valid: ${valid[0]!.toLocaleString('en')} with jumps, ` +
      `${valid[1]!.toLocaleString('en')} without; ${ended.toLocaleString('en')} reach an ending; median of ${ROUNDS} rounds x ${ROUND_MS} ms):`,
  );
  const med = measure(candidates, 'jumps', corpus);
  for (const [name, ops] of med) console.log(`  ${name.padEnd(20)} ${fmt(ops)} validations per CPU second`);
  console.log(
    `  time per submission, with jumps / without: ${(med.get('without jumps')! / med.get('jumps and endings')!).toFixed(2)}x`,
  );
}
console.log(`\nload average at the end: ${load()}`);
if (sink < 0) console.log(sink);
