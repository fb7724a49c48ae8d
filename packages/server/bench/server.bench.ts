/**
 * `pnpm bench` for the server (docs/benchmarks.md), run from this package:
 *
 * 1. Public submissions (`POST /v1/public/forms/:code/responses`, a distinct body from a corpus of
 *    BENCH_BODIES (10000) and a distinct Idempotency-Key on each) to a published 20-field conditional form, against a bare express + SQLite route that
 *    parses the same body and inserts it: requests/s, p99 latency and the ratio. Rounds alternate
 *    the two sides (and which goes first) so machine noise hits both alike; medians are reported.
 * 2. Listing responses of a form holding 100,000 of them: page 1 and a deep page.
 * 3. Saving partial responses (docs/form-model.md "Save and resume"): BENCH_RESPONDENTS (200) concurrent
 *    respondents, each with a partial of its own, saving pages (`PUT /v1/public/forms/:code/partials/:token`)
 *    of distinct answers from the corpus; beside it, in the same rounds, submissions to the same form with as
 *    many connections: requests/s, p50, p99 and server CPU per request of each.
 *
 * Each server runs in its own child process (forked with this process's flags); this process only
 * drives autocannon, so the load generator and the server under test do not share a core's
 * event loop. Settings (environment): BENCH_DURATION (s per round, 10), BENCH_ROUNDS (3),
 * BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_LIST_ROWS (100000), BENCH_LIST_DURATION
 * (s, 5), BENCH_LIST_CONNECTIONS (1), BENCH_ONLY (`submit`, `list` or `partials`), BENCH_LOG_LEVEL (the
 * Formloom server's pino level, `info`), BENCH_BASELINE (`minimal`: the baseline table keeps only
 * its primary key), BENCH_CPU_PROF (a folder: CPU profiles of both servers, formloom.cpuprofile and
 * baseline.cpuprofile).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileForm } from '@formloom/contract/engine';
import autocannon from 'autocannon';
import { benchAnswers, benchBodies, benchSchema } from './bench-form.js';
import { callJson, expectStatus, fmt, median } from './bench-utils.js';
import { CHILD_ENV, type ChildMessage, type DriverMessage } from './ipc.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const DURATION = env('BENCH_DURATION', 10);
const ROUNDS = env('BENCH_ROUNDS', 3);
const WARMUP = env('BENCH_WARMUP', 3);
const BODIES = env('BENCH_BODIES', 10_000);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const LIST_ROWS = env('BENCH_LIST_ROWS', 100_000);
const LIST_DURATION = env('BENCH_LIST_DURATION', 5);
const LIST_CONNECTIONS = env('BENCH_LIST_CONNECTIONS', 1);
const LIST_LIMIT = 100;
const RESPONDENTS = env('BENCH_RESPONDENTS', 200);
const ONLY = process.env.BENCH_ONLY;
const BASELINE_NAME =
  process.env[CHILD_ENV.baselineTable] === 'minimal'
    ? 'bare express + SQLite (primary key only)'
    : 'bare express + SQLite (same row and read indexes)';

interface Child {
  process: ChildProcess;
  url: string;
  key: string | undefined;
  next(type: ChildMessage['type']): Promise<ChildMessage>;
  send(message: DriverMessage): void;
  /** CPU time (µs) the server process has used so far. */
  cpu(): Promise<number>;
}

async function start(script: string, dataDir: string, extraArgs: string[] = []): Promise<Child> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), {
    execArgv: [...process.execArgv, ...extraArgs],
    env: { ...process.env, [CHILD_ENV.dataDir]: dataDir },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (m: ChildMessage) => void>();
  child.on('message', (m: ChildMessage) => waiting.get(m.type)?.(m));
  const next = (type: ChildMessage['type']) =>
    new Promise<ChildMessage>((resolve, reject) => {
      waiting.set(type, resolve);
      child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before "${type}"`)));
    });
  const ready = (await next('ready')) as Extract<ChildMessage, { type: 'ready' }>;
  return {
    process: child,
    url: ready.url,
    key: ready.key,
    next,
    send: (message) => child.send(message),
    async cpu() {
      const answer = next('cpu');
      child.send({ type: 'cpu' });
      return ((await answer) as Extract<ChildMessage, { type: 'cpu' }>).micros;
    },
  };
}

async function stop(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.send({ type: 'shutdown' });
  await exited;
}

function call(base: Child, method: string, path: string, body?: unknown, key = base.key) {
  return callJson(base.url, method, path, body, key);
}

type Result = autocannon.Result;

async function load(url: string, seconds: number, options: Partial<autocannon.Options>): Promise<Result> {
  const result = await autocannon({ url, duration: seconds, connections: CONNECTIONS, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    throw new Error(
      `${url}: ${failures} failed requests (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
  return result;
}

/** Distinct bodies of valid answers, one after the other, each request with a key of its own. */
function submissionRequests(bodies: string[], keyPrefix: string): Partial<autocannon.Options> {
  let sent = 0;
  const run = Date.now().toString(36);
  return {
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            body: bodies[n % bodies.length],
            headers: { ...request.headers, 'idempotency-key': `${keyPrefix}-${run}-${n}` },
          };
        },
      },
    ],
  };
}

async function benchSubmissions(formloom: Child, baseline: Child) {
  const created = await call(formloom, 'POST', '/v1/forms', { title: 'Benchmark', schema: benchSchema() });
  expectStatus('create form', created.status, 201);
  const formId = String(created.body.data.id);
  const published = await call(formloom, 'POST', `/v1/forms/${formId}/publish`);
  expectStatus('publish', published.status, 200);
  const path = `/v1/public/forms/${String(published.body.data.shareUrl)}/responses`;

  // Both sides must take the body; the form must really validate (a bad answer is refused).
  expectStatus(
    'a valid submission',
    (await call(formloom, 'POST', path, { answers: benchAnswers() })).status,
    201,
  );
  expectStatus('baseline', (await call(baseline, 'POST', path, { answers: benchAnswers() })).status, 201);
  const invalid = { answers: { ...benchAnswers(), phone: 'call me' } };
  expectStatus('an invalid submission', (await call(formloom, 'POST', path, invalid)).status, 400);

  // Distinct bodies, as real traffic sends them, each one valid (checked here, not assumed); both
  // sides draw from the same corpus in turn, and each request has a key of its own.
  const bodies = benchBodies(BODIES);
  const engine = compileForm(benchSchema());
  bodies.forEach((body, i) => {
    const { answers } = JSON.parse(body) as { answers: unknown };
    if (!engine.validate(answers).ok) throw new Error(`bench body ${i} is not valid: ${body}`);
  });
  const options = submissionRequests(bodies, 'bench');
  const sides = [
    {
      name: BASELINE_NAME,
      child: baseline,
      rps: [] as number[],
      p99: [] as number[],
      cpu: [] as number[],
    },
    { name: 'Formloom', child: formloom, rps: [] as number[], p99: [] as number[], cpu: [] as number[] },
  ];
  for (const side of sides) await load(`${side.child.url}${path}`, WARMUP, options);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const cpuBefore = await side.child.cpu();
      const result = await load(`${side.child.url}${path}`, DURATION, options);
      const cpuPerRequest = ((await side.child.cpu()) - cpuBefore) / result.requests.total;
      side.rps.push(result.requests.average);
      side.p99.push(result.latency.p99);
      side.cpu.push(cpuPerRequest);
      console.log(
        `  round ${round + 1} ${side.name}: ${fmt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${fmt(cpuPerRequest)} µs CPU per request`,
      );
    }
  }
  const [base, ours] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const ratios = ours.rps.map((r, i) => r / base.rps[i]!);
  console.log(
    `\nPublic submissions: ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per side, medians\n`,
  );
  console.log('| server | requests/s | p99 latency | server CPU per request |');
  console.log('|---|---:|---:|---:|');
  for (const side of sides) {
    console.log(
      `| ${side.name} | ${fmt(median(side.rps))} | ${median(side.p99)} ms | ${fmt(median(side.cpu))} µs |`,
    );
  }
  const ratio = median(ours.rps) / median(base.rps);
  console.log(
    `\nFormloom / baseline: ${fmt(ratio * 100, 1)}% of the requests/s (per round: ${ratios.map((r) => `${fmt(r * 100, 1)}%`).join(', ')}; target >= 60%)`,
  );
  // On a busy machine requests/s swing with the neighbours; CPU per request barely does.
  console.log(
    `Baseline CPU / Formloom CPU per request: ${fmt((median(base.cpu) / median(ours.cpu)) * 100, 1)}%\n`,
  );
}

async function benchList(formloom: Child) {
  const created = await call(formloom, 'POST', '/v1/forms', { title: 'Listed', schema: benchSchema() });
  expectStatus('create form', created.status, 201);
  const formId = String(created.body.data.id);
  formloom.send({ type: 'seed', formId, rows: LIST_ROWS });
  const seeded = (await formloom.next('seeded')) as Extract<ChildMessage, { type: 'seeded' }>;
  console.log(`Seeded ${fmt(seeded.rows)} responses in ${fmt(seeded.ms / 1000, 1)} s`);

  // The last full page, and the middle one: the deepest a page is read from either end.
  const deepPage = Math.max(1, Math.floor(LIST_ROWS / LIST_LIMIT));
  const middlePage = Math.max(1, Math.ceil(deepPage / 2));
  console.log(
    `\nList responses at ${fmt(LIST_ROWS)} stored: ${LIST_CONNECTIONS} connection(s), ${LIST_DURATION} s each\n`,
  );
  console.log('| request | requests/s | p50 | p99 |');
  console.log('|---|---:|---:|---:|');
  let newest = 0;
  for (const page of [...new Set([1, middlePage, deepPage])]) {
    const path = `/v1/forms/${formId}/responses?page=${page}&limit=${LIST_LIMIT}`;
    const once = await call(formloom, 'GET', path);
    expectStatus(`list page ${page}`, once.status, 200);
    const { total, responses } = once.body.data as { total: number; responses: { submittedAt: string }[] };
    if (page === 1) newest = Date.parse(responses[0]!.submittedAt);
    // Seeded one second apart: the page's first row is (page - 1) * limit seconds older.
    const first = Date.parse(responses[0]!.submittedAt);
    if (
      total !== LIST_ROWS ||
      responses.length !== LIST_LIMIT ||
      newest - first !== (page - 1) * LIST_LIMIT * 1000
    ) {
      throw new Error(
        `list page ${page}: total ${total}, ${responses.length} responses, not the expected rows`,
      );
    }
    const headers = { authorization: `Bearer ${formloom.key}` };
    await load(`${formloom.url}${path}`, 1, { headers, connections: LIST_CONNECTIONS });
    const r = await load(`${formloom.url}${path}`, LIST_DURATION, { headers, connections: LIST_CONNECTIONS });
    console.log(
      `| page ${page}, limit ${LIST_LIMIT} | ${fmt(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms |`,
    );
  }
  console.log('');
}

async function benchPartials(formloom: Child) {
  // The benchmark's form, paged: its two sections are the pages a respondent saves.
  const schema = benchSchema();
  schema.settings = { ...schema.settings, layout: 'paged' };
  const created = await call(formloom, 'POST', '/v1/forms', { title: 'Partials', schema });
  expectStatus('create form', created.status, 201);
  const formId = String(created.body.data.id);
  const published = await call(formloom, 'POST', `/v1/forms/${formId}/publish`);
  expectStatus('publish', published.status, 200);
  const code = String(published.body.data.shareUrl);
  const partials = `/v1/public/forms/${code}/partials`;
  const submissions = `/v1/public/forms/${code}/responses`;

  // One partial per respondent, made before the clock starts: a save replaces its answers.
  const tokens: string[] = [];
  for (let i = 0; i < RESPONDENTS; i++) {
    const made = await call(formloom, 'POST', partials, { answers: {}, page: 'about' }, undefined);
    expectStatus('create a partial', made.status, 201);
    tokens.push(String(made.body.data.resumeToken));
  }
  const bodies = benchBodies(BODIES, 2);
  const pages = ['about', 'details'];
  const saves = bodies.map((body, i) => {
    const { answers } = JSON.parse(body) as { answers: Record<string, unknown> };
    return JSON.stringify({ answers, page: pages[i % 2] });
  });
  expectStatus(
    'a save',
    (await call(formloom, 'PUT', `${partials}/${tokens[0]}`, JSON.parse(saves[0]!), undefined)).status,
    200,
  );
  let saved = 0;
  // 200 connections on a small shared machine queue for seconds: wait for answers rather than
  // count them as failures (both routes alike).
  const patience = { connections: RESPONDENTS, timeout: 60 };
  const saveOptions: Partial<autocannon.Options> = {
    ...patience,
    requests: [
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        // Request n saves respondent n mod RESPONDENTS, so the requests in flight (one per
        // connection) are the saves of different respondents; every save has other answers.
        setupRequest: (request) => {
          const n = saved++;
          return {
            ...request,
            path: `${partials}/${tokens[n % tokens.length]}`,
            body: saves[n % saves.length],
          };
        },
      },
    ],
  };
  const submitOptions = { ...submissionRequests(bodies, 'bench-partials'), ...patience };
  const sides = [
    { name: 'save a page (PUT partial)', url: `${formloom.url}${partials}/x`, options: saveOptions },
    { name: 'submit (POST responses)', url: `${formloom.url}${submissions}`, options: submitOptions },
  ].map((side) => ({
    ...side,
    rps: [] as number[],
    p50: [] as number[],
    p99: [] as number[],
    cpu: [] as number[],
  }));
  for (const side of sides) await load(side.url, WARMUP, side.options);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const cpuBefore = await formloom.cpu();
      const result = await load(side.url, DURATION, side.options);
      const cpuPerRequest = ((await formloom.cpu()) - cpuBefore) / result.requests.total;
      side.rps.push(result.requests.average);
      side.p50.push(result.latency.p50);
      side.p99.push(result.latency.p99);
      side.cpu.push(cpuPerRequest);
      console.log(
        `  round ${round + 1} ${side.name}: ${fmt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${fmt(cpuPerRequest)} µs CPU per request`,
      );
    }
  }
  console.log(
    `\nPartial responses: ${RESPONDENTS} concurrent respondents (connections), ${ROUNDS} x ${DURATION} s per route, medians\n`,
  );
  console.log('| route | requests/s | p50 | p99 | server CPU per request |');
  console.log('|---|---:|---:|---:|---:|');
  for (const side of sides) {
    console.log(
      `| ${side.name} | ${fmt(median(side.rps))} | ${median(side.p50)} ms | ${median(side.p99)} ms | ${fmt(median(side.cpu))} µs |`,
    );
  }
  console.log('');
}

const root = mkdtempSync(join(tmpdir(), 'formloom-bench-'));
const children: Child[] = [];
try {
  const profile = process.env.BENCH_CPU_PROF;
  const profiled = (name: string) =>
    profile
      ? [
          '--cpu-prof',
          '--cpu-prof-interval=250',
          `--cpu-prof-dir=${profile}`,
          `--cpu-prof-name=${name}.cpuprofile`,
        ]
      : [];
  const formloom = await start('./formloom-child.ts', join(root, 'formloom'), profiled('formloom'));
  children.push(formloom);
  const baseline = await start('./baseline-child.ts', join(root, 'baseline'), profiled('baseline'));
  children.push(baseline);
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}; servers in child processes\n`);
  if (ONLY === undefined || ONLY === 'submit') await benchSubmissions(formloom, baseline);
  if (ONLY === undefined || ONLY === 'list') await benchList(formloom);
  if (ONLY === undefined || ONLY === 'partials') await benchPartials(formloom);
} finally {
  await Promise.all(children.map(stop));
  rmSync(root, { recursive: true, force: true });
}
