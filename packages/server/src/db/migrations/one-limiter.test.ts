import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase, describeDialects } from '../../../test/support/test-database.js';
import { createLimiter } from '../../platform/limits/index.js';
import { createDb } from '../create-db.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const BEFORE = '2026-11-25-190000-scale-out';

/** The tables before this migration. */
interface OldTables {
  public_rate_limits: { client: string; window_start: string; points: number };
  login_failures: { key: string; window_start: string; failures: number };
}

describeDialects('migration one-limiter', (dialect) => {
  it('moves the public and sign-in counts into rate_limits, and back down', async () => {
    const database = await createTestDatabase(dialect, 'limiter-migration');
    const handle = await createDb({ dataDir: database.dataDir, url: database.url });
    try {
      const raw = handle.db as unknown as Kysely<OldTables>;
      expect((await migrateTo(handle.db as unknown as Kysely<unknown>, BEFORE)).error).toBeUndefined();
      const start = Date.now() - 5_000;
      const windowStart = new Date(start).toISOString();
      await raw
        .insertInto('public_rate_limits')
        .values({ client: '203.0.113.9', window_start: windowStart, points: 7 })
        .execute();
      await raw
        .insertInto('login_failures')
        .values({ key: 'email:ada@example.com', window_start: windowStart, failures: 4 })
        .execute();

      await migrateToLatest(handle.db as unknown as Kysely<unknown>);
      const rows = await handle.db.selectFrom('rate_limits').selectAll().orderBy('key').execute();
      expect(rows.map((r) => [r.key, Number(r.points), Number(r.reset_at)])).toEqual([
        ['login:email:ada@example.com', 4, start + 15 * 60_000],
        ['public:203.0.113.9', 7, start + 60_000],
      ]);
      // The limiter reads them as the counts of their windows.
      const limiter = createLimiter({ db: handle.db, clock: () => new Date() });
      const login = await limiter.peek('login:email:ada@example.com', { limit: 5, windowMs: 15 * 60_000 });
      expect(login.remaining).toBe(1);

      // Down again: the old tables get the counts back.
      expect((await migrateTo(handle.db as unknown as Kysely<unknown>, BEFORE)).error).toBeUndefined();
      const back = await raw.selectFrom('login_failures').selectAll().execute();
      expect(back.map((r) => [r.key, Number(r.failures), r.window_start])).toEqual([
        ['email:ada@example.com', 4, windowStart],
      ]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
