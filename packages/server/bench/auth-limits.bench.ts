/**
 * `pnpm bench` (docs/benchmarks.md "Authentication and rate limiting overhead"): requests/s of one API-key
 * route, `GET /v1/forms/:id`, through API-key authentication plus rate limiting (every request takes its
 * minute, hour and month points in the database, as in production) against the same route with both switched
 * off by the deps flags (`rateLimits: false`, `fixedCaller`), in one run. A third side, authentication
 * without rate limiting, splits the cost between the two. Each server runs in its own child process; rounds
 * alternate the order of the sides and medians are reported. Beside requests/s, each server's CPU time per
 * request (user + system) is reported: on a shared machine it moves far less with the neighbours' load than
 * throughput does.
 *
 * Settings (environment): BENCH_DURATION (s per round, 10), BENCH_ROUNDS (3), BENCH_WARMUP (s, 3),
 * BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (the servers' pino level, `info`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchSchema } from './bench-form.js';
import { fmt, median } from './bench-utils.js';
import { CHILD_ENV, type ChildMessage } from './ipc.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const DURATION = env('BENCH_DURATION', 10);
const ROUNDS = env('BENCH_ROUNDS', 3);
const WARMUP = env('BENCH_WARMUP', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);

type Mode = 'full' | 'auth' | 'off';
const SIDES: { mode: Mode; name: string }[] = [
  { mode: 'full', name: 'auth + rate limiting' },
  { mode: 'auth', name: 'auth only' },
  { mode: 'off', name: 'both off' },
];

interface Child {
  process: ChildProcess;
  url: string;
  key: string;
}

/** The child's CPU time so far, in µs. */
function cpuOf(child: Child): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { type: string; micros?: number }) => {
      if (m.type !== 'cpu') return;
      child.process.off('message', on);
      resolve(m.micros ?? 0);
    };
    child.process.on('message', on);
    child.process.send({ type: 'cpu' });
  });
}

async function start(mode: Mode, dataDir: string): Promise<Child> {
  const child = fork(fileURLToPath(new URL('./auth-limits-child.ts', import.meta.url)), {
    execArgv: process.execArgv,
    env: { ...process.env, [CHILD_ENV.dataDir]: dataDir, BENCH_AUTH_MODE: mode },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ChildMessage>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code}) before it was ready`)));
  });
  if (ready.type !== 'ready' || ready.key === undefined)
    throw new Error(`${mode} server: unexpected message`);
  return { process: child, url: ready.url, key: ready.key };
}

async function stop(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.send({ type: 'shutdown' });
  await exited;
}

/** A form on that server, and a check that the route answers 200 (and, with limits, their headers). */
async function prepare(child: Child, mode: Mode): Promise<string> {
  const headers = { authorization: `Bearer ${child.key}`, 'content-type': 'application/json' };
  const created = await fetch(`${child.url}/v1/forms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Benchmark', schema: benchSchema() }),
  });
  if (created.status !== 201) throw new Error(`${mode}: creating the form answered ${created.status}`);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const path = `/v1/forms/${id}`;
  const once = await fetch(`${child.url}${path}`, { headers });
  await once.arrayBuffer();
  const limited = once.headers.get('x-ratelimit-limit') !== null;
  if (once.status !== 200 || limited !== (mode === 'full')) {
    throw new Error(`${mode}: GET ${path} answered ${once.status}, rate-limit headers ${limited}`);
  }
  if (mode === 'off') {
    // Really off: no key needed.
    const bare = await fetch(`${child.url}${path}`);
    await bare.arrayBuffer();
    if (bare.status !== 200) throw new Error(`off: GET ${path} without a key answered ${bare.status}`);
  }
  return path;
}

async function load(url: string, key: string, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url,
    duration: seconds,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${key}` },
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests (non-2xx ${result.non2xx})`);
  return result;
}

const root = mkdtempSync(join(tmpdir(), 'formloom-bench-auth-'));
const children: Child[] = [];
try {
  const sides = [];
  for (const side of SIDES) {
    const child = await start(side.mode, join(root, side.mode));
    children.push(child);
    sides.push({
      ...side,
      child,
      path: await prepare(child, side.mode),
      rps: [] as number[],
      p99: [] as number[],
      cpu: [] as number[],
    });
  }
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}; servers in child processes\n`);
  for (const side of sides) await load(`${side.child.url}${side.path}`, side.child.key, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const cpuBefore = await cpuOf(side.child);
      const result = await load(`${side.child.url}${side.path}`, side.child.key, DURATION);
      const cpuPerRequest = ((await cpuOf(side.child)) - cpuBefore) / result.requests.total;
      side.rps.push(result.requests.average);
      side.p99.push(result.latency.p99);
      side.cpu.push(cpuPerRequest);
      console.log(
        `  round ${round + 1} ${side.name}: ${fmt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${fmt(cpuPerRequest)} µs CPU/request`,
      );
    }
  }
  const off = sides.find((s) => s.mode === 'off')!;
  console.log(
    `\nGET /v1/forms/:id: ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per side, medians\n`,
  );
  console.log('| server | requests/s | vs both off | p99 latency | CPU per request | vs both off |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const side of sides) {
    const ratio = median(side.rps) / median(off.rps);
    const cpuRatio = median(side.cpu) / median(off.cpu);
    console.log(
      `| ${side.name} | ${fmt(median(side.rps))} | ${fmt(ratio * 100, 1)}% | ${median(side.p99)} ms | ${fmt(median(side.cpu))} µs | ${fmt(cpuRatio, 2)}x |`,
    );
  }
  const full = sides.find((s) => s.mode === 'full')!;
  const perRound = full.rps.map((r, i) => `${fmt((r / off.rps[i]!) * 100, 1)}%`).join(', ');
  console.log(
    `\nauth + rate limiting / both off: ${fmt((median(full.rps) / median(off.rps)) * 100, 1)}% (per round: ${perRound})\n`,
  );
} finally {
  await Promise.all(children.map(stop));
  rmSync(root, { recursive: true, force: true });
}
