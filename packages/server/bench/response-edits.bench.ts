/**
 * `node --conditions=source --import tsx bench/response-edits.bench.ts` (docs/server.md "Access
 * rules: respondents editing their response"): the latency of an edit (`PUT
 * /v1/public/forms/:code/responses/:editToken`) beside a submission's, one request at a time on
 * the bench form with edits allowed, on SQLite. An edit reads the response by its token's hash,
 * checks the answers as a submission does, copies the replaced answers into the history and
 * records FORM_RESPONSE_UPDATED; a submission inserts, counts and records FORM_RESPONSE_CREATED.
 *
 * Settings (environment): BENCH_COUNT (requests of each kind, 300).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { benchAnswers, benchSchema } from './bench-form.js';
import { callJson, expectStatus, fmt, median } from './bench-utils.js';

const COUNT = Number(process.env.BENCH_COUNT ?? 300);

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-edits-bench-'));
const handle = await createDb({ dataDir });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
if (first === undefined) throw new Error('expected a fresh database');
const key = first.token;
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: 'http://127.0.0.1' },
  publicRateLimit: { points: 1e9, durationSeconds: 60 },
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });
const url = running.url;

const created = await callJson(url, 'POST', '/v1/forms', { title: 'Edits', schema: benchSchema() }, key);
expectStatus('create', created.status, 201);
const id = (created.body as { data: { id: string } }).data.id;
const published = await callJson(url, 'POST', `/v1/forms/${id}/publish`, undefined, key);
const code = (published.body as { data: { shareUrl: string } }).data.shareUrl;
const access = await callJson(url, 'PUT', `/v1/forms/${id}/access`, { allowEdit: { hours: 24 } }, key);
expectStatus('access', access.status, 200);

const answers = benchAnswers();
const timed = async (method: string, path: string, body: unknown, want: number) => {
  const start = performance.now();
  const res = await callJson(url, method, path, body);
  const ms = performance.now() - start;
  expectStatus(`${method} ${path}`, res.status, want);
  return { ms, body: res.body as { data: { editToken?: string } } };
};

const submissions: number[] = [];
const tokens: string[] = [];
for (let i = 0; i < COUNT; i++) {
  const { ms, body } = await timed('POST', `/v1/public/forms/${code}/responses`, { answers }, 201);
  submissions.push(ms);
  tokens.push(body.data.editToken!);
}
const edits: number[] = [];
for (const token of tokens) {
  edits.push((await timed('PUT', `/v1/public/forms/${code}/responses/${token}`, { answers }, 200)).ms);
}
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
console.log(`${COUNT} of each, one at a time, SQLite, this machine:`);
console.log(`  submission: median ${fmt(median(submissions), 2)} ms, p95 ${fmt(p95(submissions), 2)} ms`);
console.log(`  edit:       median ${fmt(median(edits), 2)} ms, p95 ${fmt(p95(edits), 2)} ms`);

await running.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
