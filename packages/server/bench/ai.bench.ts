/**
 * AI jobs benchmark (docs/benchmarks.md "AI jobs"), one run, one process:
 *
 * 1. Accepting POST /v1/ai/generate-form: BENCH_AI_REQUESTS distinct prompts (varied words,
 *    languages and lengths, each body built fresh), BENCH_AI_CLIENTS at once, no worker running,
 *    so the figure is the API's own work: authentication, validation, the credit reservation and
 *    the job row in one transaction. p50/p99 and requests/s. Rate limits off (Max allows 150 a
 *    minute, which would be the figure instead).
 * 2. Jobs finished per second: BENCH_AI_JOBS jobs queued, then one worker with the default
 *    concurrency (4) works them through the real `openai` client against the local stand-in,
 *    which answers every completion after 200 ms. The ceiling is concurrency / 0.2 s.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/ai.bench.ts
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOpenAiProvider } from '../src/ai/providers/openai.js';
import { startAiJobs } from '../src/ai-jobs.js';
import { createApp } from '../src/app.js';
import { createDb } from '../src/db/create-db.js';
import { offlineFormDraft } from '../src/features/ai/index.js';
import { createWorkSignals } from '../src/jobs/wake.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { startOpenAiStandIn } from '../test/support/openai-stand-in.js';
import { expectStatus, fmt } from './bench-utils.js';

const REQUESTS = Number(process.env.BENCH_AI_REQUESTS ?? 3000);
const CLIENTS = Number(process.env.BENCH_AI_CLIENTS ?? 16);
const JOBS = Number(process.env.BENCH_AI_JOBS ?? 200);
const MODEL_MS = 200;
const CONCURRENCY = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-ai-bench-'));
const handle = await createDb({ dataDir });
const db = handle.db;
const signals = createWorkSignals();
const services = createServices({
  signals,
  db,
  logger: createLogger({ level: 'silent' }),
  config: { publicUrl: 'https://forms.example.test', dataDir },
  rateLimits: false,
});
const app = createApp({ services });
const server = await listen(app, { port: 0, host: '127.0.0.1' });

const account = await services.accounts.create({ name: 'bench', plan: 'MAX' });
const { token } = await services.keys.create({ account: account.id, scopes: ['all'] });
await services.credits.grant(account.id, (REQUESTS + JOBS + 50) * 5);

const WORDS = [
  'customer',
  'feedback',
  'survey',
  'email',
  'rating',
  'date',
  'upload',
  'choose',
  'event',
  'registration',
  'Umfrage',
  'E-Mail',
  'anket',
  'e-posta',
  'encuesta',
  'correo',
  'sondaggio',
  'enquête',
  'beoordeling',
  'workshop',
];
const LANGS = ['en', 'tr', 'es', 'it', 'de', 'nl', undefined] as const;

/** A distinct body per request: seeded, varied words, lengths, languages and key order. */
function body(i: number): string {
  let seed = i * 2654435761;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed;
  };
  const words = Array.from({ length: 4 + (next() % 30) }, () => WORDS[next() % WORDS.length]);
  const prompt = `${words.join(' ')} #${i}`;
  const language = LANGS[next() % LANGS.length];
  const fields: [string, string][] = [['prompt', prompt]];
  if (language !== undefined) fields.push(['language', language]);
  if (next() % 2 === 0) fields.reverse();
  return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

const bodies = Array.from({ length: REQUESTS }, (_, i) => body(i));

async function accept(): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < bodies.length) {
        const text = bodies[next++]!;
        const t0 = performance.now();
        const res = await fetch(`${server.url}/v1/ai/generate-form`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: text,
        });
        await res.text();
        latencies.push(performance.now() - t0);
        expectStatus('POST /v1/ai/generate-form', res.status, 202);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

// Warm-up: the first requests compile the routes and fill the prepared statements.
for (let i = 0; i < 50; i++) {
  const res = await fetch(`${server.url}/v1/ai/generate-form`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body(1_000_000 + i),
  });
  await res.text();
}
const accepted = await accept();

// The accepted jobs are not the throughput run's: clear them so the worker sees exactly JOBS.
await db.deleteFrom('ai_jobs').execute();
const standIn = await startOpenAiStandIn();
standIn.latencyMs = MODEL_MS;
standIn.respond = () => ({
  content: JSON.stringify(offlineFormDraft('A survey with email and a rating', 'en')),
});
for (let i = 0; i < JOBS; i++) {
  const res = await fetch(`${server.url}/v1/ai/generate-form`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body(2_000_000 + i),
  });
  expectStatus('queueing a job', res.status, 202);
  await res.text();
}
const started = performance.now();
// The app's services, with the model stand-in as the jobs' provider.
const worker = startAiJobs(
  {
    ...services,
    aiProvider: createOpenAiProvider({ baseURL: standIn.baseURL, apiKey: 'bench', model: 'bench' }),
  },
  { concurrency: CONCURRENCY, pollIntervalMs: 50 },
);
for (;;) {
  const open = await db
    .selectFrom('ai_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirstOrThrow();
  if (Number(open.n) === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const jobSeconds = (performance.now() - started) / 1000;
const done = await db
  .selectFrom('ai_jobs')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('status', '=', 'DONE')
  .executeTakeFirstOrThrow();
if (Number(done.n) !== JOBS) throw new Error(`only ${done.n} of ${JOBS} jobs DONE`);
await worker.stop();
await standIn.close();
await server.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });

const jobsPerSecond = JOBS / jobSeconds;
const ceiling = CONCURRENCY / (MODEL_MS / 1000);
console.log(
  `AI jobs benchmark (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log(
  `accept POST /v1/ai/generate-form: ${fmt(REQUESTS)} distinct bodies, ${CLIENTS} clients: ` +
    `p50 ${fmt(q(accepted.latencies, 0.5), 2)} ms, p99 ${fmt(q(accepted.latencies, 0.99), 2)} ms, ` +
    `${fmt(REQUESTS / accepted.seconds)} requests/s`,
);
console.log(
  `jobs through the stand-in (${MODEL_MS} ms a completion, concurrency ${CONCURRENCY}): ${fmt(JOBS)} jobs in ` +
    `${fmt(jobSeconds, 2)} s = ${fmt(jobsPerSecond, 1)} jobs/s (ceiling ${fmt(ceiling, 1)}: ${fmt((100 * jobsPerSecond) / ceiling)}%)`,
);
