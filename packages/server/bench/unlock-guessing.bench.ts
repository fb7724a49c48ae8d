/**
 * `node --conditions=source --import tsx bench/unlock-guessing.bench.ts` (docs/server.md "Access
 * rules"): a password-guessing run against the unlock route of one protected form, with the app's
 * default limits and a real clock. Guessers send wrong passwords as fast as they are answered, one
 * by one, from BENCH_ADDRESSES addresses (X-Forwarded-For, the server trusting one proxy) for
 * BENCH_DURATION seconds; reported: the guesses checked (401) and refused (429) in all, per minute
 * per address and per form, and the CPU the server spent.
 *
 * Settings (environment): BENCH_DURATION (s, 65: more than one limit window), BENCH_ADDRESSES (20).
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
import { benchSchema } from './bench-form.js';
import { callJson, expectStatus, fmt } from './bench-utils.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 65);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 20);

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-unlock-bench-'));
const handle = await createDb({ dataDir });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
if (first === undefined) throw new Error('expected a fresh database');
const key = first.token;
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: 'http://127.0.0.1', trustProxy: 1 },
  // The guessers' own addresses would soon meet the general per-address limit of public calls.
  publicRateLimit: { points: 1e9, durationSeconds: 60 },
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });
const url = running.url;

const created = await callJson(url, 'POST', '/v1/forms', { title: 'Guarded', schema: benchSchema() }, key);
expectStatus('create', created.status, 201);
const id = (created.body as { data: { id: string } }).data.id;
const published = await callJson(url, 'POST', `/v1/forms/${id}/publish`, undefined, key);
const code = (published.body as { data: { shareUrl: string } }).data.shareUrl;
expectStatus(
  'access',
  (await callJson(url, 'PUT', `/v1/forms/${id}/access`, { password: 'the right one' }, key)).status,
  200,
);

const counts = { checked: 0, refused: 0, other: 0 };
const perAddress = new Map<string, number>();
const cpuBefore = process.cpuUsage();
const end = Date.now() + DURATION * 1000;
await Promise.all(
  Array.from({ length: ADDRESSES }, async (_, i) => {
    const address = `203.0.113.${i + 1}`;
    for (let n = 0; Date.now() < end; n++) {
      const res = await fetch(`${url}/v1/public/forms/${code}/unlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ password: `guess ${i}-${n}` }),
      });
      await res.arrayBuffer();
      if (res.status === 401) {
        counts.checked += 1;
        perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      } else if (res.status === 429) counts.refused += 1;
      else counts.other += 1;
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
const minutes = DURATION / 60;
const most = Math.max(...perAddress.values());
console.log(`unlock guessing: ${ADDRESSES} addresses, ${DURATION} s`);
console.log(
  `  guesses answered (checked, 401): ${fmt(counts.checked)} = ${fmt(counts.checked / minutes, 1)} a minute for the form`,
);
console.log(`  most from one address: ${fmt(most)} = ${fmt(most / minutes, 1)} a minute`);
console.log(`  refused (429 UNLOCK_LIMIT): ${fmt(counts.refused)}; other answers: ${counts.other}`);
console.log(`  process CPU: ${fmt((cpu.user + cpu.system) / 1e6, 1)} s (server and guessers in one process)`);
await running.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
