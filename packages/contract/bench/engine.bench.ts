/**
 * `pnpm bench` for the engine: validations per second of `compileForm(schema).validate` on the
 * 50-field benchmark form (the generated check Node runs, and the closures a browser runs) against
 * ajv validating the equivalent JSON Schema (compiled once), in the same process, interleaved
 * round by round so machine noise hits both alike. Reports the ratios, and the heap retained per
 * compiled schema.
 *
 * Run with `node --expose-gc` (the package script does) for the memory figure.
 */
import Ajv from 'ajv';
import { compileForm } from '../src/engine/index.js';
import { buildBenchForm } from '../test/support/bench-form.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);

const form = buildBenchForm();
const compiled = compileForm(form.schema);
// What a browser runs: no generated code (a strict CSP refuses it).
const closures = compileForm(form.schema, { generate: false });
if (!compiled.generated) throw new Error('expected the engine to generate its check on Node');
const ajvAll = new Ajv({ allErrors: true, strict: false }).compile(form.jsonSchema);
const ajvFirst = new Ajv({ allErrors: false, strict: false }).compile(form.jsonSchema);

// Both sides validate what a server really gets: answers fresh from JSON.parse (fast-mode objects
// with their keys in wire order), not the hand-built object, which ends up in dictionary mode and
// penalises both sides in a way no real request does.
const fromWire = (answers: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(answers)) as Record<string, unknown>;
const valid = fromWire(form.valid);
const invalid = fromWire(form.invalid);

// Both sides must agree on what is valid, or the comparison means nothing.
const sanity = [
  ['engine valid', compiled.validate(valid).ok, true],
  ['engine invalid', compiled.validate(invalid).ok, false],
  ['engine (closures) valid', closures.validate(valid).ok, true],
  ['engine (closures) invalid', closures.validate(invalid).ok, false],
  ['ajv valid', ajvAll(valid), true],
  ['ajv invalid', ajvAll(invalid), false],
  ['ajv first-error invalid', ajvFirst(invalid), false],
] as const;
for (const [name, got, want] of sanity) {
  if (got !== want) throw new Error(`benchmark sanity check failed: ${name} gave ${got}`);
}

type Candidate = { name: string; run: (answers: Record<string, unknown>) => unknown };
const candidates: Candidate[] = [
  { name: 'formloom engine', run: (a) => compiled.validate(a) },
  { name: 'engine, closures', run: (a) => closures.validate(a) },
  { name: 'ajv (allErrors)', run: (a) => ajvAll(a) },
  { name: 'ajv (first error)', run: (a) => ajvFirst(a) },
];

let sink = 0;
function opsPerSecond(c: Candidate, answers: Record<string, unknown>): number {
  let n = 0;
  const end = performance.now() + ROUND_MS;
  let now = performance.now();
  const start = now;
  while (now < end) {
    for (let i = 0; i < 200; i++) if (c.run(answers)) sink++;
    n += 200;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function measure(label: string, answers: Record<string, unknown>) {
  for (const c of candidates) opsPerSecond(c, answers); // warm-up, JIT
  const samples = new Map(candidates.map((c) => [c.name, [] as number[]]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of candidates) samples.get(c.name)!.push(opsPerSecond(c, answers));
  }
  const med = new Map([...samples].map(([k, v]) => [k, median(v)]));
  const engine = med.get('formloom engine')!;
  console.log(`\n${label} answers (median of ${ROUNDS} rounds x ${ROUND_MS} ms):`);
  for (const [name, ops] of med) {
    const vs = name.startsWith('ajv') ? 'engine/ajv' : 'generated/closures';
    const ratio = name === 'formloom engine' ? '' : `  ${vs} = ${(engine / ops).toFixed(2)}x`;
    console.log(
      `  ${name.padEnd(18)} ${Math.round(ops).toLocaleString('en').padStart(12)} validations/s${ratio}`,
    );
  }
  return engine / med.get('ajv (allErrors)')!;
}

function memoryPerCompiledSchema(): number | undefined {
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

console.log(
  `Benchmark form: ${form.counts.fields} fields, ${form.counts.sections} sections, ` +
    `${form.counts.conditional} conditional, ${form.counts.rules} rules (${form.counts.patterns} patterns)`,
);
const validRatio = measure('Valid', valid);
const invalidRatio = measure('Invalid', invalid);
const bytes = memoryPerCompiledSchema();
console.log(
  bytes === undefined
    ? '\nMemory per compiled schema: run with node --expose-gc to measure'
    : `\nMemory per compiled schema: ${(bytes / 1024).toFixed(1)} KiB (heap retained, mean of 500)`,
);
console.log(
  `\nRatio vs ajv (allErrors, the equivalent of reporting every error): valid ${validRatio.toFixed(2)}x, invalid ${invalidRatio.toFixed(2)}x (target >= 3x)`,
);
if (sink < 0) console.log(sink);
