/**
 * A burst of public submissions to a form with destinations, against the built server
 * (`formloom serve` as a child process, as it ships) and each provider's local stand-in, which
 * enforces the provider's requests a second and answers after BENCH_LATENCY_MS. BENCH_RESPONSES
 * distinct responses (fresh answers each) are posted BENCH_CONCURRENCY at a time; measured per
 * destination: the time from the first submission until the stand-in holds every record, the
 * requests it received per response, and that none is missing or written twice. Then the same on
 * a new database with a SIGKILL of the server once half the records are written, and a restart on
 * the same database: the time includes the restart and the outbox's lease running out (the
 * server's defaults: a 10 s attempt timeout and 5 s).
 *
 * The destinations connected are BENCH_KINDS (comma-separated), by default every kind marked for
 * the bench in test/destination-stand-ins.ts (Airtable: ten records a request at five a second,
 * so 10,000 responses cannot take less than 200 s; Notion's page a request at three a second
 * would take 55 minutes and is left out unless named). BENCH_DIALECT=postgres runs it on
 * PostgreSQL (under scripts/with-postgres.sh).
 *
 * Run (builds the server first when its sources changed):
 *   node --conditions=source --import tsx apps/server/bench/destinations-burst.bench.ts
 *   BENCH_RESPONSES=10000 node --conditions=source --import tsx apps/server/bench/destinations-burst.bench.ts
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, type TestDatabase } from '@formloom/server/testing';
import {
  burstAnswers,
  burstSchema,
  DESTINATION_KINDS,
  type StandInDestination,
  writtenOnce,
} from '../test/destination-stand-ins.js';
import { apiClient, printedKey, publishedForm, type Serve, startServe } from '../test/support.js';

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const DIALECT = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const KINDS = process.env.BENCH_KINDS?.split(',').filter(Boolean);
const kinds = DESTINATION_KINDS.filter((k) => (KINDS === undefined ? k.inBench : KINDS.includes(k.kind)));
if (kinds.length === 0)
  throw new Error(`no destination kind named in BENCH_KINDS=${process.env.BENCH_KINDS}`);

/** Progress on stderr, the results alone on stdout. */
const progress = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(label: string, killMidway: boolean) {
  const database: TestDatabase = await createTestDatabase(DIALECT, 'destinations-burst');
  const providers = new Map<string, StandInDestination>();
  for (const k of kinds) {
    const provider = await k.start();
    provider.setLatency(LATENCY_MS);
    providers.set(k.kind, provider);
  }
  const env = {
    ...Object.assign({}, ...[...providers.values()].map((p) => p.env)),
    ...(database.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    // One address sends the whole burst.
    FORMLOOM_PUBLIC_RATE_LIMIT: '1000000',
  };
  let server: Serve = await startServe(database.dataDir, env);
  const key = printedKey(server)!;
  const api = apiClient(server.port, key);
  const form = await publishedForm(api, burstSchema(), 'Burst');
  for (const provider of providers.values()) {
    await provider.connect(api, form.id);
  }

  progress(`${label}: connected ${kinds.map((k) => k.kind).join(', ')}; posting ${RESPONSES} responses`);
  const started = performance.now();
  const submitted: string[] = [];
  let next = 0;
  async function lane() {
    while (next < RESPONSES) {
      const i = next++;
      const res = await api.call(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        json: { answers: burstAnswers(i, label) },
        key: null,
      });
      if (res.status !== 201) throw new Error(`submission answered ${res.status}: ${res.text}`);
      submitted.push(res.body.data.responseId);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const submittedMs = performance.now() - started;
  progress(`${label}: submitted in ${seconds(submittedMs)} s`);

  const writtenMs = new Map<string, number>();
  const watch = async (done: (p: StandInDestination) => boolean) => {
    while (![...providers.values()].every(done)) await sleep(100);
  };
  let killedAtMs: number | undefined;
  let restartedAtMs: number | undefined;
  const writtenAtKill: Record<string, number> = {};
  if (killMidway) {
    await watch((p) => p.written().length >= RESPONSES / 2);
    server.child.kill('SIGKILL');
    await server.exited;
    killedAtMs = performance.now() - started;
    progress(`${label}: killed at ${seconds(killedAtMs)} s`);
    for (const [kind, p] of providers) writtenAtKill[kind] = p.written().length;
    server = await startServe(database.dataDir, env);
    restartedAtMs = performance.now() - started;
  }
  await Promise.all(
    [...providers].map(async ([kind, p]) => {
      while (p.written().length < RESPONSES) await sleep(100);
      writtenMs.set(kind, performance.now() - started);
      progress(`${label}: ${kind} written at ${seconds(writtenMs.get(kind)!)} s`);
    }),
  );
  // A record made twice would come with the deliveries still queued: give them a moment.
  await sleep(2000);

  const result = {
    run: label,
    dialect: DIALECT,
    responses: RESPONSES,
    latencyMs: LATENCY_MS,
    submittedSeconds: seconds(submittedMs),
    submissionsPerSecond: Math.round(RESPONSES / (submittedMs / 1000)),
    ...(killedAtMs === undefined
      ? {}
      : {
          killedAtSeconds: seconds(killedAtMs),
          writtenAtKill,
          restartedAtSeconds: seconds(restartedAtMs!),
        }),
    destinations: Object.fromEntries(
      [...providers].map(([kind, p]) => {
        const once = writtenOnce(submitted, p.written());
        const { batch, perSecond } = kinds.find((k) => k.kind === kind)!;
        // The provider's limit alone: full requests, back to back at its requests a second.
        const floor = RESPONSES / (batch * perSecond);
        return [
          kind,
          {
            allWrittenSeconds: seconds(writtenMs.get(kind)!),
            floorSeconds: Number(floor.toFixed(1)),
            requests: p.requests(),
            requestsPerResponse: Number((p.requests() / RESPONSES).toFixed(3)),
            lookups: p.lookups(),
            throttled: p.throttled(),
            records: p.written().length,
            missing: once.missing.length,
            writtenTwice: once.twice.length,
          },
        ];
      }),
    ),
    loadAverage: Number(loadavg()[0]!.toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  server.child.kill('SIGKILL');
  await server.exited;
  for (const p of providers.values()) await p.close();
  await database.drop();
  const failed = Object.values(result.destinations).some((d) => d.missing > 0 || d.writtenTwice > 0);
  if (failed) throw new Error(`${label}: a response was lost or written twice`);
}

await run('burst', false);
await run('burst-killed', true);
