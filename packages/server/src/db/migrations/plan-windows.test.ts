import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase, describeDialects } from '../../../test/support/test-database.js';
import { createRateLimiter } from '../../platform/limits/index.js';
import { createDb } from '../create-db.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const BEFORE = '2026-11-26-120000-one-limiter';

/** The table before this migration (with the accounts it refers to). */
interface OldTables {
  accounts: { id: string; name: string; plan: string; created_at: string };
  rate_limit_counters: {
    account_id: string;
    minute_start: string;
    minute_points: number;
    hour_start: string;
    hour_points: number;
    month_start: string;
    month_points: number;
    ai_generate_form: number;
    ai_smart_analytics: number;
    ai_analytics_chat: number;
    ai_smart_form_chat: number;
    last_granted: number;
  };
}

describeDialects('migration plan-windows', (dialect) => {
  it('moves every account window of rate_limit_counters into rate_limits, and back down', async () => {
    const database = await createTestDatabase(dialect, 'plan-windows-migration');
    const handle = await createDb({ dataDir: database.dataDir, url: database.url });
    try {
      const raw = handle.db as unknown as Kysely<OldTables>;
      expect((await migrateTo(handle.db as unknown as Kysely<unknown>, BEFORE)).error).toBeUndefined();
      const accountId = 'acc_plan_windows';
      await raw
        .insertInto('accounts')
        .values({ id: accountId, name: 'Ada', plan: 'STARTER', created_at: '2031-01-01T00:00:00.000Z' })
        .execute();
      const old = {
        account_id: accountId,
        minute_start: '2031-03-15T10:20:00.000Z',
        minute_points: 4,
        hour_start: '2031-03-15T10:00:00.000Z',
        hour_points: 57,
        month_start: '2031-03-01T00:00:00.000Z',
        month_points: 1_234,
        ai_generate_form: 6,
        ai_smart_analytics: 0,
        ai_analytics_chat: 0,
        ai_smart_form_chat: 0,
        last_granted: 1,
      };
      await raw.insertInto('rate_limit_counters').values(old).execute();

      await migrateToLatest(handle.db as unknown as Kysely<unknown>);
      const rows = await handle.db.selectFrom('rate_limits').selectAll().orderBy('key').execute();
      expect(rows.map((r) => [r.key, Number(r.points), new Date(Number(r.reset_at)).toISOString()])).toEqual([
        [`plan:${accountId}:ai:generateForm`, 6, '2031-03-15T11:00:00.000Z'],
        [`plan:${accountId}:hour`, 57, '2031-03-15T11:00:00.000Z'],
        [`plan:${accountId}:minute`, 4, '2031-03-15T10:21:00.000Z'],
        [`plan:${accountId}:month`, 1_234, '2031-04-01T00:00:00.000Z'],
      ]);
      // The plan limiter reads them as this month's, hour's and minute's counts, and goes on from them.
      const limiter = createRateLimiter({ db: handle.db, clock: () => new Date('2031-03-15T10:20:30.000Z') });
      const caller = { accountId, plan: 'STARTER' as const };
      expect((await limiter.usage(caller)).month.used).toBe(1_234);
      const next = await limiter.consume(caller, 'generateForm');
      expect(next.allowed && next.usage).toMatchObject({ hour: { used: 58 }, month: { used: 1_235 } });

      // Down again: the old table gets the counts back.
      expect((await migrateTo(handle.db as unknown as Kysely<unknown>, BEFORE)).error).toBeUndefined();
      const back = await raw.selectFrom('rate_limit_counters').selectAll().execute();
      expect(back).toMatchObject([
        {
          ...old,
          minute_points: 5,
          hour_points: 58,
          month_points: 1_235,
          ai_generate_form: 7,
          last_granted: 0,
        },
      ]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
