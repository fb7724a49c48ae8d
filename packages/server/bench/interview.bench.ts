/**
 * Smart-form interviews (docs/benchmarks.md "Smart-form interview steps"): the server's own time per
 * interview step (an answer in, the next question out) with BENCH_INTERVIEWS (default 200) interviews running
 * at once, through the real `openai` client and the local stand-in answering in 0.5 to 1.5 times
 * BENCH_MODEL_MS (default 800 ms, a fast model's time for one short question), respondents thinking 0 to
 * BENCH_THINK_MS (default 3 s) before each answer. The respondents and the stand-in run in a child process
 * (interview-driver-child.ts), so this process's event loop is the server's alone. The model's time is taken
 * out per step: a wrapper around the provider times each call, keyed by the answer it follows up on (every
 * answer is distinct), and the step's latency minus that is what the server adds: auth, reading the session
 * and transcript, storing the answer, building the prompt, validating the reply, storing the question. Whole
 * latencies are printed beside it.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/interview.bench.ts
 */

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { AiProvider } from '../src/ai/provider.js';
import { createOpenAiProvider } from '../src/ai/providers/openai.js';
import { createApp } from '../src/app.js';
import { createDb } from '../src/db/create-db.js';
import type { InterviewInput } from '../src/features/smart-forms/index.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { callJson, expectStatus, fmt } from './bench-utils.js';
import type { DriverToServer, ServerToDriver } from './interview-driver-child.js';

const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 200);
const QUESTIONS = 6;

const driver = fork(fileURLToPath(new URL('./interview-driver-child.ts', import.meta.url)), {
  execArgv: process.execArgv,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const fromDriver = <T extends DriverToServer['type']>(type: T) =>
  new Promise<Extract<DriverToServer, { type: T }>>((resolve, reject) => {
    driver.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the driver process failed (exit ${code}) before sending ${type}`));
    });
    const on = (m: DriverToServer) => {
      if (m.type !== type) return;
      driver.off('message', on);
      resolve(m as Extract<DriverToServer, { type: T }>);
    };
    driver.on('message', on);
  });
const { baseURL } = await fromDriver('stand-in');

/** Model time per step, keyed by the answer the question follows up on. */
const modelMs = new Map<string, number>();
function timed(inner: AiProvider): AiProvider {
  return {
    ...inner,
    provenance: inner.provenance,
    async generate(task, input, options) {
      const started = performance.now();
      try {
        return await inner.generate(task, input, options);
      } finally {
        const last = (input as InterviewInput).transcript?.at(-1)?.answer;
        if (last !== undefined) modelMs.set(last, (modelMs.get(last) ?? 0) + performance.now() - started);
      }
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-interview-bench-'));
const handle = await createDb({ dataDir });
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'silent' }),
  config: { publicUrl: 'https://forms.example.test', dataDir },
  rateLimits: false,
  publicRateLimit: false,
  aiProvider: timed(createOpenAiProvider({ baseURL, apiKey: 'bench', model: 'bench', maxRetries: 0 })),
});
// One address stands in for every respondent here: lift the per-address connection cap.
const server = await listen(app, { port: 0, host: '127.0.0.1', maxConnectionsPerClient: 100_000 });
const account = await createServices({ db: handle.db }).accounts.create({ name: 'interviews', plan: 'MAX' });
const { token } = await createServices({ db: handle.db }).keys.create({
  account: account.id,
  scopes: ['all'],
});
const created = await callJson(
  server.url,
  'POST',
  '/v1/smart-forms',
  { purpose: 'Understand what slows teams down when they adopt a new tool.', maxQuestions: QUESTIONS + 1 },
  token,
);
expectStatus('create smart form', created.status, 201);
const code = (
  await callJson(server.url, 'POST', `/v1/smart-forms/${created.body.data.id}/publish`, undefined, token)
).body.data.shareUrl as string;

const result = fromDriver('steps');
driver.send({
  type: 'run',
  url: server.url,
  code,
  interviews: INTERVIEWS,
  questions: QUESTIONS,
} satisfies ServerToDriver);
const { steps, wallMs: wall } = await result;
const total = steps.map((s) => s.ms);
const own = steps.map((s) => s.ms - (modelMs.get(s.answer) ?? 0));
await server.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(
  `Smart-form interview steps (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log(
  `${INTERVIEWS} interviews at once, ${own.length} answer -> next question steps in ${fmt(wall / 1000, 1)} s, model 0.5-1.5 x ${process.env.BENCH_MODEL_MS ?? 800} ms, think time 0-${process.env.BENCH_THINK_MS ?? 3000} ms:`,
);
console.log(
  `  server's own time per step: p50 ${fmt(q(own, 0.5), 1)} ms, p99 ${fmt(q(own, 0.99), 1)} ms (target p99 < 50 ms)`,
);
console.log(
  `  whole step, model call included: p50 ${fmt(q(total, 0.5), 1)} ms, p99 ${fmt(q(total, 0.99), 1)} ms`,
);
