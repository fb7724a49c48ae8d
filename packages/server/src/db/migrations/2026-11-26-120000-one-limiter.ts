import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const HOUR_MS = 3_600_000;
/** The windows the old tables were counted in (their defaults: the rule was not stored). */
const PUBLIC_WINDOW_MS = 60_000;
const LOGIN_WINDOW_MS = 15 * 60_000;

interface Row {
  key: string;
  reset_at: number;
  points: number;
  last_granted: number;
}

/** The tables this migration reads and writes, as they are when it runs. */
interface Tables {
  rate_limits: Row;
  public_rate_limits: { client: string; window_start: string; points: number };
  login_failures: { key: string; window_start: string; failures: number };
  smart_form_otps: { smart_form_id: string; email: string; ip: string; created_at: string };
}

/**
 * One table for the one limiter (`features/limits/limiter.ts`): a row per key, the points taken
 * in its window and when that window ends (ms since 1970). The per-address counts of the public
 * routes (`public_rate_limits`) and the failed sign-ins (`login_failures`) move into it; the
 * one-time-code limits, until now counted from `smart_form_otps`, start from the codes of the
 * last hour. The plan windows keep `rate_limit_counters`.
 */
export const oneLimiter: Migration = {
  async up(schemaDb: Kysely<unknown>) {
    const db = schemaDb as Kysely<Tables>;
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      // How many points the last take granted: the take's answer, in the same statement.
      .addColumn('last_granted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();

    const rows: Row[] = [];
    const add = (key: string, resetAt: number, points: number) =>
      rows.push({ key, reset_at: resetAt, points, last_granted: 0 });
    for (const r of await db.selectFrom('public_rate_limits').selectAll().execute()) {
      add(`public:${r.client}`, Date.parse(r.window_start) + PUBLIC_WINDOW_MS, Number(r.points));
    }
    for (const r of await db.selectFrom('login_failures').selectAll().execute()) {
      add(`login:${r.key}`, Date.parse(r.window_start) + LOGIN_WINDOW_MS, Number(r.failures));
    }
    const hourAgo = new Date(Date.now() - HOUR_MS).toISOString();
    const codes = await db
      .selectFrom('smart_form_otps')
      .select(['smart_form_id', 'email', 'ip', 'created_at'])
      .where('created_at', '>', hourAgo)
      .orderBy('created_at')
      .execute();
    const counted = new Map<string, Row>();
    const count = (key: string, createdAt: string) => {
      const row = counted.get(key);
      if (row !== undefined) row.points += 1;
      else counted.set(key, { key, reset_at: Date.parse(createdAt) + HOUR_MS, points: 1, last_granted: 0 });
    };
    for (const c of codes) {
      count(`otp:email:${c.smart_form_id}:${c.email}`, c.created_at);
      count(`otp:ip:${c.ip}`, c.created_at);
    }
    rows.push(...counted.values());
    for (let i = 0; i < rows.length; i += 100) {
      await db
        .insertInto('rate_limits')
        .values(rows.slice(i, i + 100))
        .execute();
    }

    await db.schema.dropTable('public_rate_limits').execute();
    await db.schema.dropTable('login_failures').execute();
  },

  async down(schemaDb: Kysely<unknown>) {
    const db = schemaDb as Kysely<Tables>;
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('public_rate_limits')
      .addColumn('client', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('public_rate_limits_window_idx')
      .on('public_rate_limits')
      .column('window_start')
      .execute();
    const start = (resetAt: unknown, windowMs: number) => new Date(Number(resetAt) - windowMs).toISOString();
    for (const r of await db.selectFrom('rate_limits').selectAll().execute()) {
      const key = String(r.key);
      if (key.startsWith('public:')) {
        await db
          .insertInto('public_rate_limits')
          .values({
            client: key.slice(7),
            window_start: start(r.reset_at, PUBLIC_WINDOW_MS),
            points: r.points,
          })
          .execute();
      } else if (key.startsWith('login:')) {
        await db
          .insertInto('login_failures')
          .values({ key: key.slice(6), window_start: start(r.reset_at, LOGIN_WINDOW_MS), failures: r.points })
          .execute();
      }
    }
    await db.schema.dropTable('rate_limits').execute();
  },
};
