/**
 * Webhook benchmark (docs/benchmarks.md "Webhook delivery"), one run, one process (server, worker and
 * receiver share it, so the numbers are a floor):
 *
 * 1. Throughput: BENCH_EVENTS submissions are queued while the worker is stopped, then the worker
 *    starts and the time until the local receiver has every event gives events/s, once for one
 *    endpoint (sent one at a time, in order) and once spread over 8 endpoints (sent in parallel).
 * 2. Submission latency: BENCH_SUBMISSIONS sequential public submissions to a form of an account
 *    with no endpoint, and to one whose 3 endpoints subscribe to FORM_RESPONSE_CREATED (worker
 *    running), alternating in rounds; p50/p99 and the added latency.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/webhooks.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { createSecretBox } from '../src/crypto/secret-box.js';
import { startOutboxWorker } from '../src/outbox/worker.js';
import { contactSchema } from '../test/support/fixtures.js';
import { startReceiver, startWebhookTestServer } from '../test/support/webhook-test-kit.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 600);

const t = await startWebhookTestServer({ worker: false });
const receiver = await startReceiver(() => ({ status: 204 }));

async function publishedForm(key: string) {
  const form = await t.request('/v1/forms', {
    method: 'POST',
    key,
    json: { title: 'Bench', schema: contactSchema() },
  });
  const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key });
  return published.body.data.shareUrl as string;
}

async function submit(code: string, i: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${t.url}/v1/public/forms/${code}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { name: `n${i}`, email: 'a@example.com' } }),
  });
  await res.text();
  if (res.status !== 201) throw new Error(`submission answered ${res.status}`);
  return performance.now() - started;
}

async function throughput(endpoints: number): Promise<number> {
  const { key } = await t.account();
  for (let i = 0; i < endpoints; i++) {
    await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: `${receiver.url}/${endpoints}/${i}`, events: ['FORM_RESPONSE_CREATED'] },
    });
  }
  const code = await publishedForm(key);
  const perEndpoint = Math.ceil(EVENTS / endpoints);
  for (let i = 0; i < perEndpoint; i++) await submit(code, i);
  const expected = perEndpoint * endpoints;
  const before = receiver.requests.length;
  const started = performance.now();
  const worker = startOutboxWorker({
    db: t.db,
    box: createSecretBox(new Uint8Array(32).fill(7)),
    allowPrivateTargets: true,
    pollIntervalMs: 20,
    wake: t.signals.outbox,
  });
  await receiver.waitFor((q) => q.length - before >= expected, 300_000);
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  return expected / seconds;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function latency(): Promise<{ none: number[]; three: number[] }> {
  const plain = await t.account();
  const subscribed = await t.account();
  for (let i = 0; i < 3; i++) {
    await t.request('/v1/webhooks', {
      method: 'POST',
      key: subscribed.key,
      json: { url: `${receiver.url}/lat/${i}`, events: ['FORM_RESPONSE_CREATED'] },
    });
  }
  const codes = { none: await publishedForm(plain.key), three: await publishedForm(subscribed.key) };
  const worker = startOutboxWorker({
    db: t.db,
    box: createSecretBox(new Uint8Array(32).fill(7)),
    allowPrivateTargets: true,
    pollIntervalMs: 200,
    wake: t.signals.outbox,
  });
  const out = { none: [] as number[], three: [] as number[] };
  for (let i = 0; i < 50; i++) await submit(codes.none, i); // warm-up
  const rounds = 6;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['none', 'three'] as const) : (['three', 'none'] as const);
    for (const side of order) {
      for (let i = 0; i < SUBMISSIONS / rounds; i++) out[side].push(await submit(codes[side], i));
    }
  }
  await worker.stop();
  return out;
}

const one = await throughput(1);
const eight = await throughput(8);
const { none, three } = await latency();
const row = (values: number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(2)} ms, p99 ${quantile(values, 0.99).toFixed(2)} ms`;
console.log(`events delivered/s, 1 endpoint (in order):    ${one.toFixed(0)}`);
console.log(`events delivered/s, 8 endpoints (parallel):   ${eight.toFixed(0)}`);
console.log(`submission, no endpoint:         ${row(none)}`);
console.log(`submission, 3 endpoints:         ${row(three)}`);
console.log(
  `added by 3 endpoints: p50 +${(quantile(three, 0.5) - quantile(none, 0.5)).toFixed(2)} ms, p99 +${(quantile(three, 0.99) - quantile(none, 0.99)).toFixed(2)} ms`,
);
await receiver.close();
await t.close();
