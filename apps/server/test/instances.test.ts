import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@formloom/server';
import {
  createTestDatabase,
  type Receiver,
  startReceiver,
  type TestDatabase,
  testPostgresUrl,
} from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIn, printedKey, type Serve, startServe } from './support.js';

/**
 * Several `formloom serve` processes on one PostgreSQL database serve the same accounts.
 * Real child processes, each with its own data folder and port, sharing only the database URL and
 * the secret key. (SQLite is for one instance: see docs/self-hosting.md.)
 */
describe.runIf(testPostgresUrl() !== undefined)('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  /** The test's own look at the shared database. */
  let db: DbHandle['db'];
  let handle: DbHandle | undefined;
  const children: Serve[] = [];
  const dirs: string[] = [];
  const receivers: Receiver[] = [];
  let a: Serve;
  let b: Serve;
  let key = '';

  const env = () => ({
    FORMLOOM_DATABASE_URL: database.url!,
    FORMLOOM_SECRET_KEY: 'ab'.repeat(32),
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    FORMLOOM_WEBHOOK_TIMEOUT_MS: '2000',
    FORMLOOM_WEBHOOK_RETRY_BASE_MS: '200',
    FORMLOOM_DATABASE_POOL_SIZE: '5',
  });

  async function serve(): Promise<Serve> {
    const dir = mkdtempSync(join(tmpdir(), 'formloom-instance-'));
    dirs.push(dir);
    const s = await startServe(dir, env());
    children.push(s);
    return s;
  }

  const base = (s: Serve) => `http://127.0.0.1:${s.port}/v1`;

  async function call(s: Serve, path: string, method = 'GET', json?: unknown, auth: string | null = key) {
    const res = await fetch(`${base(s)}${path}`, {
      method,
      headers: {
        ...(auth === null ? {} : { authorization: `Bearer ${auth}` }),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
    return { status: res.status, body: (await res.json()) as any };
  }

  async function publishedForm(s: Serve): Promise<string> {
    const form = await call(s, '/forms', 'POST', { title: 'Shared' });
    expect(form.status).toBe(201);
    await call(s, `/forms/${form.body.data.id}/fields`, 'POST', {
      id: 'n',
      sectionId: 'section-1',
      type: 'number',
      label: 'N',
      order: 0,
    });
    return (await call(s, `/forms/${form.body.data.id}/publish`, 'POST')).body.data.shareUrl;
  }

  async function submit(s: Serve, code: string, n: number): Promise<string> {
    const res = await call(s, `/public/forms/${code}/responses`, 'POST', { answers: { n } }, null);
    expect(res.status).toBe(201);
    return res.body.data.responseId;
  }

  async function endpoint(url: string): Promise<string> {
    const res = await call(a, '/webhooks', 'POST', { url, events: ['FORM_RESPONSE_CREATED'] });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  }

  const responseIdOf = (body: string) =>
    (JSON.parse(body) as { data: { responseId: string } }).data.responseId;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', 'instances');
    handle = await createDb({ url: database.url, dataDir: database.dataDir, migrate: false, poolSize: 2 });
    db = handle.db;
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await Promise.all(receivers.map((r) => r.close()));
    await handle?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('start together on a new database: migrated once, one first account, one key printed', async () => {
    [a, b] = await Promise.all([serve(), serve()]);
    const printed = [printedKey(a), printedKey(b)].filter((k) => k !== undefined);
    expect(printed).toHaveLength(1);
    key = printed[0]!;
    expect(await db.selectFrom('accounts').select('name').execute()).toEqual([{ name: 'default' }]);
    // The key made by one instance works on the other.
    expect((await call(a, '/me')).status).toBe(200);
    expect((await call(b, '/me')).status).toBe(200);
  });

  it('share the rate limit: 40 requests over both against a 20-per-minute plan let exactly 20 through', async () => {
    const { json } = cliIn(dirs[0]!, env());
    await json('accounts', 'create', '--name', 'starter-co', '--plan', 'starter');
    const { apiKey } = await json('keys', 'create', '--account', 'starter-co', '--scopes', 'all');
    // Fixed minute windows on the real clock: keep clear of a minute's end.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, i) => (await call(i % 2 === 0 ? a : b, '/forms', 'GET', undefined, apiKey)).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Both instances answered some of each: the count is the database's, not a process's.
    const byInstance = [0, 1].map(
      (parity) => statuses.filter((s, i) => i % 2 === parity && s === 200).length,
    );
    expect(byInstance[0]! + byInstance[1]!).toBe(20);
  }, 90_000);

  it('each delivery is attempted by one instance, once, in event order per endpoint', async () => {
    const slow = await Promise.all([1, 2, 3, 4].map(() => receiver(() => ({ status: 204, delayMs: 15 }))));
    const ids = await Promise.all(slow.map((r) => endpoint(r.url)));
    const codes = [await publishedForm(a), await publishedForm(b), await publishedForm(a)];
    // 30 submissions at once to three forms over both instances: their transactions number the
    // outbox events concurrently, and both workers hear of new events and race for the endpoints.
    const submitted = await Promise.all(
      Array.from({ length: 30 }, (_, i) => submit(i % 2 === 0 ? a : b, codes[i % 3]!, i)),
    );
    for (const r of slow) await r.waitFor((q) => q.length >= 30, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    // Event order is commit order, as numbered in the outbox.
    const inSeqOrder = (
      await db
        .selectFrom('webhook_events')
        .select('payload')
        .where('type', '=', 'FORM_RESPONSE_CREATED')
        .orderBy('seq')
        .execute()
    ).map((e) => responseIdOf(e.payload));
    expect([...inSeqOrder].sort()).toEqual([...submitted].sort());
    for (const r of slow) {
      expect(r.requests).toHaveLength(30);
      const deliveryIds = r.requests.map((q) => q.headers['webhook-id']);
      expect(new Set(deliveryIds).size).toBe(30);
      expect(r.requests.map((q) => responseIdOf(q.body))).toEqual(inSeqOrder);
    }
    const attempts = await db
      .selectFrom('outbox_deliveries as d')
      .leftJoin('outbox_delivery_attempts as a', 'a.delivery_id', 'd.id')
      .select((eb) => ['d.id', eb.fn.count('a.attempt').as('attempts')])
      .where('d.endpoint_id', 'in', ids)
      .groupBy('d.id')
      .execute();
    expect(attempts).toHaveLength(120);
    expect(attempts.every((r) => Number(r.attempts) === 1)).toBe(true);
  }, 60_000);

  it('an instance killed mid-delivery leaves its claimed work to the other after the lease', async () => {
    const r = await receiver((q) => (q.n === 1 ? 'hang' : { status: 204 }));
    const id = await endpoint(r.url);
    const code = await publishedForm(a);
    const responseId = await submit(a, code, 1);
    await r.waitFor((q) => q.length === 1);
    // Which instance holds the endpoint: its worker logged the lease owner id it writes.
    const lease = await db
      .selectFrom('outbox_targets')
      .select(['lease_owner', 'lease_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const holder = [a, b].find((c) => c.lines.some((l) => l.includes(lease.lease_owner!)))!;
    const other = holder === a ? b : a;
    expect(holder).toBeDefined();
    holder.child.kill('SIGKILL');
    await holder.exited;

    await r.waitFor((q) => q.length === 2, 20_000);
    const [first, second] = r.requests;
    // The same delivery, not before the dead instance's lease ran out.
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(responseIdOf(second!.body)).toBe(responseId);
    expect(second!.at).toBeGreaterThanOrEqual(Date.parse(lease.lease_until!) - 50);
    const delivery = () =>
      db
        .selectFrom('outbox_deliveries')
        .select(['status', 'attempt_count'])
        .where('id', '=', String(first!.headers['webhook-id']))
        .executeTakeFirstOrThrow();
    const deadline = Date.now() + 5000;
    while ((await delivery()).status === 'pending' && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(await delivery()).toEqual({ status: 'succeeded', attempt_count: 1 });
    // The survivor still serves.
    expect((await call(other, '/me')).status).toBe(200);
  }, 60_000);
});
