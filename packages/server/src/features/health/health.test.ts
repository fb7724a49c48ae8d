import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishForm, surveySchema } from '../../../test/support/page-fixtures.js';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createApp } from '../../app.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import { createLogger } from '../../logger.js';
import { listen, type RunningServer } from '../../server.js';
import { createHealthRouter } from './health-router.js';
import { createReadiness } from './health-service.js';

const quiet = createLogger({ level: 'silent' });

describeEachDialect(
  'health checks',
  (t) => {
    it('/healthz and /readyz answer 200 without a credential, in the envelope', async () => {
      const live = await t.request('/healthz');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ message: 'OK', data: { status: 'ok' }, error: null });
      const ready = await t.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ status: 'ready', database: 'reachable' });
      expect(ready.headers.get('cache-control')).toBe('no-store');
    });

    it('probes count against no limit and write no request log line', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, surveySchema());
      const logged = t.logs.length;
      for (let i = 0; i < 6; i++) {
        expect((await t.request('/healthz')).status).toBe(200);
        expect((await t.request('/readyz')).status).toBe(200);
      }
      expect(t.logs.length).toBe(logged);
      // The per-address budget (2) is untouched by the 12 probes.
      expect((await t.request(`/v1/public/forms/${form.code}`)).status).toBe(200);
      expect((await t.request(`/v1/public/forms/${form.code}`)).status).toBe(200);
      expect((await t.request(`/v1/public/forms/${form.code}`)).status).toBe(429);
      // A probe with a forged key is not authenticated at all.
      expect((await t.request('/readyz', { key: 'formloom_nonsense' })).status).toBe(200);
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 } },
);

describeDialects('readiness when the database is not', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = await createDb({ dataDir: database.dataDir, url: database.url });
    const app = express();
    app.use(createHealthRouter({ readiness: createReadiness({ db: handle.db, logger: quiet }) }));
    server = await listen(app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await handle.close().catch(() => undefined);
    await database.drop();
  });

  it('a migration the code knows but the database lacks is a 503 naming it', async () => {
    const [last] = await handle.db
      .selectFrom('formloom_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute();
    const name = (last as { name: string }).name;
    await handle.db
      .deleteFrom('formloom_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { message: string; error: string; data: null };
    expect(body.error).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).toContain(name);
    // The liveness probe does not depend on the database.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('a database that does not answer is a 503', async () => {
    await handle.close();
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe('The database does not answer');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describeEachDialect(
  'behind a trusted proxy (FORMLOOM_TRUST_PROXY=1)',
  (t) => {
    it('each X-Forwarded-For client has its own per-address budget, and the log shows it', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, surveySchema());
      const from = (ip: string) =>
        t.request(`/v1/public/forms/${form.code}`, { headers: { 'x-forwarded-for': ip } });
      expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(429);
      // Another client behind the same proxy is not refused for the first one's requests.
      expect((await from('198.51.100.9')).status).toBe(200);
      // Only the hop the proxy appended counts: a client's own forged entry on the left is ignored.
      expect((await from('198.51.100.1, 203.0.113.7')).status).toBe(429);
      const lines = t.logs.map((l) => JSON.parse(l) as { ip?: string; msg?: string });
      expect(lines.some((l) => l.msg === 'request' && l.ip === '198.51.100.9')).toBe(true);
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 }, trustProxy: 1 },
);

describeEachDialect(
  'without a trusted proxy (the default)',
  (t) => {
    it('a forged X-Forwarded-For counts for nothing: the peer address is limited', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, surveySchema());
      const forged = (ip: string) =>
        t.request(`/v1/public/forms/${form.code}`, { headers: { 'x-forwarded-for': ip } });
      expect((await forged('203.0.113.1')).status).toBe(200);
      expect((await forged('203.0.113.2')).status).toBe(200);
      expect((await forged('203.0.113.3')).status).toBe(429);
      const lines = t.logs.map((l) => JSON.parse(l) as { ip?: string; msg?: string });
      const ips = new Set(lines.filter((l) => l.msg === 'request').map((l) => l.ip));
      expect([...ips]).toEqual(['127.0.0.1']);
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 } },
);

describe.runIf(process.env.FORMLOOM_TEST_POSTGRES_URL !== undefined)(
  'the public per-address limit across two instances on one PostgreSQL database',
  () => {
    let database: TestDatabase;
    const handles: DbHandle[] = [];
    const servers: RunningServer[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      for (let i = 0; i < 2; i++) {
        const handle = await createDb({ dataDir: database.dataDir, url: database.url });
        handles.push(handle);
        const app = createApp({
          db: handle.db,
          logger: quiet,
          config: { publicUrl: 'https://forms.example.test', dataDir: database.dataDir },
          publicRateLimit: { points: 3, durationSeconds: 60 },
        });
        servers.push(await listen(app, { port: 0, host: '127.0.0.1' }));
      }
    });
    afterAll(async () => {
      for (const s of servers) await s.close();
      for (const h of handles) await h.close();
      await database.drop();
    });

    it('one address has one budget whichever instance answers', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${servers[i % 2]!.url}/v1/public/forms/NoSuchShareCode1`);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      // 3 in all, not 3 per instance.
      expect(statuses).toEqual([404, 404, 404, 429, 429, 429]);
    });
  },
);
