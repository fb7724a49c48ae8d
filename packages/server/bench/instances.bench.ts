/**
 * docs/benchmarks.md "One and two instances on PostgreSQL against SQLite": public submissions per second with
 * one and with two server instances on PostgreSQL, against one instance on SQLite, with the load on one form
 * and spread over 100 forms (no `maxResponses`: no form row is written), and, for reference, one form with
 * `maxResponses` (its row's lock is its ceiling): the same corpus of distinct bodies and total connections,
 * in one run. Each instance is its own process (instance-child.ts); with two, each gets half the connections
 * and the rates are added. Rounds rotate the order of the set-ups so machine noise hits all alike; medians
 * are reported.
 *
 * Needs FORMLOOM_TEST_POSTGRES_URL (the package's `bench` script runs this through
 * scripts/with-postgres.sh, which starts a throwaway PostgreSQL). Settings (environment):
 * BENCH_DURATION (s per round, 10), BENCH_ROUNDS (3), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50,
 * in total), BENCH_LOG_LEVEL (the servers' pino level, `info`).
 *
 * On a machine with few cores the instances, PostgreSQL and the load generator share them: two
 * instances then measure contention more than scale. The output says how many cores there were.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileForm } from '@formloom/contract/engine';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAnswers, benchBodies, benchSchema } from './bench-form.js';
import { callJson as call, expectStatus, fmt, median } from './bench-utils.js';
import { CHILD_ENV, type ChildMessage } from './ipc.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const DURATION = env('BENCH_DURATION', 10);
const ROUNDS = env('BENCH_ROUNDS', 3);
const WARMUP = env('BENCH_WARMUP', 2);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const POSTGRES = process.env.FORMLOOM_TEST_POSTGRES_URL;
if (!POSTGRES) {
  throw new Error(
    'FORMLOOM_TEST_POSTGRES_URL is not set: run `pnpm bench` (or scripts/with-postgres.sh around this file)',
  );
}

interface Instance {
  process: ChildProcess;
  url: string;
  key: string | undefined;
}

async function startInstance(dataDir: string, databaseUrl: string | undefined): Promise<Instance> {
  const child = fork(fileURLToPath(new URL('./instance-child.ts', import.meta.url)), {
    execArgv: process.execArgv,
    env: { ...process.env, [CHILD_ENV.dataDir]: dataDir, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready') resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`instance-child exited (${code}) before it was ready`)));
  });
  return { process: child, url: ready.url, key: ready.key };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.send({ type: 'shutdown' });
  await exited;
}

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databases: string[] = [];

async function createPostgresDatabase(name: string): Promise<string> {
  await onPostgres(`create database ${name}`);
  databases.push(name);
  const url = new URL(POSTGRES!);
  url.pathname = `/${name}`;
  return url.href;
}

interface Setup {
  name: string;
  instances: Instance[];
  /** The submission path of each form; each request picks one at random. */
  paths: string[];
  rps: number[];
  p99: number[];
}

/**
 * The benchmark form without its `maxResponses` (an uncapped form counts into shard rows and
 * never writes its own row), or with it (the form row's lock keeps the cap exact: one
 * submission at a time, whatever the instances).
 */
function schemaFor(capped: boolean) {
  const schema = benchSchema();
  if (!capped) {
    const { maxResponses: _cap, ...settings } = schema.settings ?? {};
    schema.settings = settings;
  }
  return schema;
}

/** A database with the default account and `forms` published benchmark forms; `count` instances on it. */
async function prepare(
  name: string,
  root: string,
  databaseUrl: string | undefined,
  count: number,
  forms = 1,
  capped = false,
): Promise<Setup> {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++)
    instances.push(await startInstance(join(root, `${name}-${i}`.replace(/\W+/g, '_')), databaseUrl));
  const first = instances[0]!;
  const key = instances.find((i) => i.key !== undefined)?.key;
  const paths: string[] = [];
  for (let f = 0; f < forms; f++) {
    const created = await call(
      first.url,
      'POST',
      '/v1/forms',
      { title: `Benchmark ${f}`, schema: schemaFor(capped) },
      key,
    );
    expectStatus('create form', created.status, 201);
    const published = await call(
      first.url,
      'POST',
      `/v1/forms/${String(created.body.data.id)}/publish`,
      undefined,
      key,
    );
    expectStatus('publish', published.status, 200);
    paths.push(`/v1/public/forms/${String(published.body.data.shareUrl)}/responses`);
  }
  for (const instance of instances) {
    expectStatus(
      'a valid submission',
      (await call(instance.url, 'POST', paths[0]!, { answers: benchAnswers() })).status,
      201,
    );
  }
  return { name, instances, paths, rps: [], p99: [] };
}

// Distinct bodies, as real traffic sends them (each checked valid here, so every request stores
// a response), taken in turn; the same corpus for every set-up.
const bodies = benchBodies(Number(process.env.BENCH_BODIES ?? 10_000));
const engine = compileForm(schemaFor(false));
bodies.forEach((body, i) => {
  if (!engine.validate((JSON.parse(body) as { answers: unknown }).answers).ok) {
    throw new Error(`bench body ${i} is not valid: ${body}`);
  }
});
let sent = 0;

/** Each request: a form of the set-up at random, and a fresh Idempotency-Key. */
function options(setup: Setup): Partial<autocannon.Options> {
  return {
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'POST',
          path: setup.paths[Math.floor(Math.random() * setup.paths.length)]!,
          body: bodies[sent % bodies.length],
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `bench-${process.pid}-${++sent}`,
          },
        }),
      },
    ],
  };
}

/** Load on every instance of the set-up at once, the connections split evenly; summed requests/s. */
async function load(setup: Setup, seconds: number): Promise<{ rps: number; p99: number }> {
  const per = Math.max(1, Math.round(CONNECTIONS / setup.instances.length));
  const results = await Promise.all(
    setup.instances.map((i) =>
      autocannon({ url: i.url, duration: seconds, connections: per, ...options(setup) }),
    ),
  );
  const failures = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  if (failures > 0) throw new Error(`${setup.name}: ${failures} failed requests`);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

const root = mkdtempSync(join(tmpdir(), 'formloom-bench-instances-'));
const setups: Setup[] = [];
try {
  const suffix = `${process.pid}_${Date.now()}`;
  setups.push(await prepare('SQLite, 1 instance', root, undefined, 1));
  setups.push(
    await prepare('PostgreSQL, 1 instance', root, await createPostgresDatabase(`bench_one_${suffix}`), 1),
  );
  setups.push(
    await prepare('PostgreSQL, 2 instances', root, await createPostgresDatabase(`bench_two_${suffix}`), 2),
  );
  setups.push(
    await prepare(
      'PostgreSQL, 1 instance, 100 forms',
      root,
      await createPostgresDatabase(`bench_one100_${suffix}`),
      1,
      100,
    ),
  );
  setups.push(
    await prepare(
      'PostgreSQL, 2 instances, 100 forms',
      root,
      await createPostgresDatabase(`bench_two100_${suffix}`),
      2,
      100,
    ),
  );
  setups.push(
    await prepare(
      'PostgreSQL, 2 instances, 1 form with maxResponses',
      root,
      await createPostgresDatabase(`bench_twocap_${suffix}`),
      2,
      1,
      true,
    ),
  );
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} cores; ` +
      `${CONNECTIONS} connections in total, ${ROUNDS} x ${DURATION} s per set-up\n`,
  );
  for (const setup of setups) await load(setup, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...setups.slice(round % setups.length), ...setups.slice(0, round % setups.length)];
    for (const setup of order) {
      const { rps, p99 } = await load(setup, DURATION);
      setup.rps.push(rps);
      setup.p99.push(p99);
      console.log(`  round ${round + 1} ${setup.name}: ${fmt(rps)} submissions/s, p99 ${p99} ms`);
    }
  }
  const sqlite = median(setups[0]!.rps);
  console.log('\nPublic submissions, medians\n');
  console.log('| set-up | submissions/s | p99 latency | vs SQLite |');
  console.log('|---|---:|---:|---:|');
  for (const setup of setups) {
    console.log(
      `| ${setup.name} | ${fmt(median(setup.rps))} | ${median(setup.p99)} ms | ${fmt((median(setup.rps) / sqlite) * 100, 1)}% |`,
    );
  }
  console.log('');
} finally {
  await Promise.all(setups.flatMap((s) => s.instances).map(stopInstance));
  for (const name of databases) await onPostgres(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
}
