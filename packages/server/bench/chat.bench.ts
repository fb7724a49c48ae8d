/**
 * Analytics chat streaming (docs/benchmarks.md): time to the first `chunk` event with
 * BENCH_CHAT_STREAMS (default 100) streams at once, through the real `openai` client and the local
 * stand-in answering at once (no model time), so the figure is what the server adds: auth, limits,
 * the figures over the form's responses, the token-budgeted sample, the credit reservation, and the
 * first relay. Rounds of streams, each request a distinct question; p50/p99 over all.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/chat.bench.ts
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOpenAiProvider } from '../src/ai/providers/openai.js';
import { createApp } from '../src/app.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { startOpenAiStandIn } from '../test/support/openai-stand-in.js';
import { callJson, expectStatus, fmt } from './bench-utils.js';

const STREAMS = Number(process.env.BENCH_CHAT_STREAMS ?? 100);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 5);
const RESPONSES = 500;

const standIn = await startOpenAiStandIn();
standIn.respond = () => ({
  content: 'The responses show a steady rise in satisfaction over the last weeks.',
});
const dataDir = mkdtempSync(join(tmpdir(), 'formloom-chat-bench-'));
const handle = await createDb({ dataDir });
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'silent' }),
  config: { publicUrl: 'https://forms.example.test', dataDir },
  rateLimits: false,
  publicRateLimit: false,
  aiProvider: createOpenAiProvider({
    baseURL: standIn.baseURL,
    apiKey: 'bench',
    model: 'bench',
    maxRetries: 0,
  }),
});
const server = await listen(app, { port: 0, host: '127.0.0.1' });
const account = await createServices({ db: handle.db }).accounts.create({ name: 'chat', plan: 'MAX' });
const { token } = await createServices({ db: handle.db }).keys.create({
  account: account.id,
  scopes: ['all'],
});
await createServices({ db: handle.db }).credits.grant(account.id, 1_000_000);

const form = await callJson(
  server.url,
  'POST',
  '/v1/forms',
  {
    title: 'Bench',
    schema: {
      version: '1.0',
      schemaVersion: '2025-01-01',
      meta: { title: 'Bench', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields: [
        { id: 'score', sectionId: 's', type: 'number', label: 'Score', order: 0 },
        { id: 'comment', sectionId: 's', type: 'textarea', label: 'Comment', order: 1 },
      ],
    },
  },
  token,
);
const formId = form.body.data.id as string;
const code = (await callJson(server.url, 'POST', `/v1/forms/${formId}/publish`, undefined, token)).body.data
  .shareUrl as string;
for (let i = 0; i < RESPONSES; i++) {
  const res = await callJson(server.url, 'POST', `/v1/public/forms/${code}/responses`, {
    answers: { score: i % 11, comment: `Comment number ${i} about the event` },
  });
  expectStatus('submission', res.status, 201);
}

async function firstChunk(i: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}/v1/forms/${formId}/analytics-chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ message: `Question ${i}: what changed in week ${i % 52}?` }),
  });
  expectStatus('analytics chat', res.status, 200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (at === 0 && seen.includes('event: chunk')) at = performance.now() - started;
  }
  if (at === 0 || !seen.includes('event: done')) throw new Error('stream without chunk or done');
  return at;
}

const times: number[] = [];
await Promise.all(Array.from({ length: 10 }, (_, i) => firstChunk(-i))); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  times.push(
    ...(await Promise.all(Array.from({ length: STREAMS }, (_, i) => firstChunk(round * STREAMS + i)))),
  );
}
await server.close();
await handle.close();
await standIn.close();
rmSync(dataDir, { recursive: true, force: true });
const q = (p: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  `Analytics chat streaming (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log(
  `time to first chunk, ${STREAMS} streams at once, ${ROUNDS} rounds, ${RESPONSES} responses, stand-in answering at once: ` +
    `p50 ${fmt(q(0.5), 1)} ms, p99 ${fmt(q(0.99), 1)} ms`,
);
