import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { verifyDelivery } from '@formloom/contract';
import { CopyError, copySqliteToPostgres, createDb, describeSqliteFile } from '@formloom/server';
import {
  contactSchema,
  createTestDatabase,
  type Receiver,
  startReceiver,
  type TestDatabase,
  testPostgresUrl,
} from '@formloom/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, cliIn, printedKey, publishedForm, startServe } from './support.js';

const WEBHOOK_ENV = {
  FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
  FORMLOOM_WEBHOOK_RETRY_BASE_MS: '200',
  FORMLOOM_WEBHOOK_TIMEOUT_MS: '2000',
};

/** Every row of every table, sorted, as plain JSON values: the two sides must agree on these. */
function normalise(rows: readonly object[]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.keys(row)
            .sort()
            .map((k) => [k, (row as Record<string, unknown>)[k] ?? null])
            .map(([k, v]) => [k, v === null ? null : String(v)]),
        ),
      ),
    )
    .sort();
}

describe.runIf(testPostgresUrl() !== undefined)('formloom migrate-to-postgres', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  afterAll(async () => {
    await receiver?.close();
    await database?.drop();
  });

  it('copies forms, responses, webhooks, keys and credits; resumes; verifies; the copy serves', async () => {
    database = await createTestDatabase('postgres', 'migrate');
    const sqliteDir = join(database.dataDir, 'sqlite');
    receiver = await startReceiver();

    // A SQLite installation with something in every kind of table the issue names.
    const first = await startServe(sqliteDir, WEBHOOK_ENV);
    const key = printedKey(first)!;
    let endpointSecret = '';
    let form = { id: '', code: '' };
    try {
      const api = apiClient(first.port, key);
      const hook = await api.call('/v1/webhooks', {
        method: 'POST',
        json: { url: receiver.url, events: ['FORM_RESPONSE_CREATED'] },
      });
      expect(hook.status).toBe(201);
      endpointSecret = hook.body.data.secret;
      form = await publishedForm(api, contactSchema(), 'Contact');
      for (let i = 0; i < 23; i++) {
        const sent = await api.call(`/v1/public/forms/${form.code}/responses`, {
          method: 'POST',
          key: null,
          json: { answers: { name: `Person ${i}`, email: `p${i}@example.org` } },
        });
        expect(sent.status).toBe(201);
      }
      await receiver.waitFor((r) => r.length >= 23, 30_000);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    const { cli, json } = cliIn(sqliteDir);
    const second = await json('keys', 'create', '--account', 'default', '--scopes', 'all', '--name', 'ops');
    await json('credits', 'grant', '--account', 'default', '--amount', '250', '--reason', 'migration test');
    const sqliteFile = join(sqliteDir, 'formloom.db');
    const before = describeSqliteFile(sqliteFile);
    for (const table of ['accounts', 'api_keys', 'forms', 'responses', 'outbox_targets', 'webhook_events']) {
      expect(before.tables[table]).toBeGreaterThan(0);
    }
    expect(before.tables.credit_ledger).toBeGreaterThan(0);
    expect(before.tables.outbox_deliveries).toBeGreaterThanOrEqual(23);

    // A copy stopped half-way through the responses...
    const stop = new AbortController();
    await expect(
      copySqliteToPostgres({
        sqliteFile,
        dataDir: sqliteDir,
        postgresUrl: database.url!,
        batchSize: 5,
        signal: stop.signal,
        onProgress: ({ table, copied }) => {
          if (table === 'responses' && copied >= 10) stop.abort();
        },
      }),
    ).rejects.toThrow(CopyError);

    // ...resumes when run again, and checks every table's rows at the end.
    const copied = await json('migrate-to-postgres', '--to', database.url!, '--batch-size', '7');
    expect(copied.resumed).toBe(true);
    expect(copied.tables).toEqual(before.tables);

    // Row for row the same: ids, timestamps, sealed secrets, outbox state, ledger.
    const target = await createDb({ url: database.url!, dataDir: database.dataDir });
    const source = await createDb({ url: `sqlite:${sqliteFile}`, dataDir: sqliteDir });
    try {
      for (const table of Object.keys(before.tables)) {
        // Any table: the names come from the schema, not from the typed Database interface.
        const all = (db: typeof source.db) =>
          db
            .selectFrom(table as 'accounts')
            .selectAll()
            .execute();
        expect(normalise(await all(target.db)), table).toEqual(normalise(await all(source.db)));
      }
      const tables = (await target.db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('formloom_copy_progress');
    } finally {
      await source.close();
      await target.close();
    }

    // A second copy into the now filled database is refused.
    const again = await cli('migrate-to-postgres', '--to', database.url!);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty/);

    // formloom serve on PostgreSQL with the same key: old keys work, credits are there, and the
    // webhook secret sealed under SQLite still signs deliveries the receiver can verify.
    const secretKey = readFileSync(join(sqliteDir, 'secret.key'), 'utf8').trim();
    const pgDir = join(database.dataDir, 'pg');
    const onPg = await startServe(pgDir, {
      ...WEBHOOK_ENV,
      FORMLOOM_DATABASE_URL: database.url!,
      FORMLOOM_SECRET_KEY: secretKey,
    });
    try {
      expect(printedKey(onPg)).toBeUndefined();
      const api = apiClient(onPg.port, second.apiKey);
      const me = await api.call('/v1/me');
      expect(me.status).toBe(200);
      const credits = await cliIn(pgDir, { FORMLOOM_DATABASE_URL: database.url! }).json(
        'credits',
        'show',
        '--account',
        'default',
      );
      expect(credits.balance).toBe(100 + 250);
      const list = await apiClient(onPg.port, key).call(`/v1/forms/${form.id}/responses?limit=100`);
      expect(list.body.data.total).toBe(23);
      const delivered = receiver.requests.length;
      const sent = await api.call(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        key: null,
        json: { answers: { name: 'After the move', email: 'after@example.org' } },
      });
      expect(sent.status).toBe(201);
      await receiver.waitFor((r) => r.length > delivered, 30_000);
      const latest = receiver.requests.at(-1)!;
      const verified = await verifyDelivery({
        payload: latest.body,
        headers: latest.headers,
        secret: endpointSecret,
      });
      expect(JSON.parse(verified.body)).toMatchObject({ data: { responseId: sent.body.data.responseId } });
    } finally {
      onPg.child.kill('SIGTERM');
      expect(await onPg.exited).toBe(0);
      rmSync(pgDir, { recursive: true, force: true });
    }
  });
});
