import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The AI endpoints' hourly counts of the old table, by the endpoint's name in the new keys. */
const AI_COLUMNS = {
  generateForm: 'ai_generate_form',
  smartAnalytics: 'ai_smart_analytics',
  analyticsChat: 'ai_analytics_chat',
  smartFormChat: 'ai_smart_form_chat',
} as const;

type AiColumn = (typeof AI_COLUMNS)[keyof typeof AI_COLUMNS];

interface Row {
  key: string;
  reset_at: number;
  points: number;
  last_granted: number;
}

type CountersRow = {
  account_id: string;
  minute_start: string;
  minute_points: number;
  hour_start: string;
  hour_points: number;
  month_start: string;
  month_points: number;
  last_granted: number;
} & Record<AiColumn, number>;

/** The tables this migration reads and writes, as they are when it runs. */
interface Tables {
  rate_limits: Row;
  rate_limit_counters: CountersRow;
}

/** The end of the calendar month (UTC) that starts at `start`. */
function monthEnd(start: string): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** The key of an account's window, as `features/limits/rate-limiter.ts` (`planKey`) writes it. */
const keyOf = (accountId: string, window: string) => `plan:${accountId}:${window}`;

/**
 * The plan windows (per-account minute, hour, month and each AI endpoint's hour) move onto the
 * one limiter: each window becomes a row of `rate_limits` keyed `plan:<account>:<window>`, ending
 * where its fixed window ends. The counts of `rate_limit_counters` (one row per account) move
 * over as they are, so this month's requests, and this hour's and minute's, still count; then the
 * old table goes. An AI count of 0 needs no row.
 */
export const planWindows: Migration = {
  async up(schemaDb: Kysely<unknown>) {
    const db = schemaDb as Kysely<Tables>;
    const rows: Row[] = [];
    const add = (key: string, resetAt: number, points: number) =>
      rows.push({ key, reset_at: resetAt, points: Number(points), last_granted: 0 });
    for (const r of await db.selectFrom('rate_limit_counters').selectAll().execute()) {
      add(keyOf(r.account_id, 'minute'), Date.parse(r.minute_start) + MINUTE_MS, r.minute_points);
      add(keyOf(r.account_id, 'hour'), Date.parse(r.hour_start) + HOUR_MS, r.hour_points);
      add(keyOf(r.account_id, 'month'), monthEnd(r.month_start), r.month_points);
      for (const [name, column] of Object.entries(AI_COLUMNS)) {
        if (Number(r[column]) > 0) {
          add(keyOf(r.account_id, `ai:${name}`), Date.parse(r.hour_start) + HOUR_MS, r[column]);
        }
      }
    }
    for (let i = 0; i < rows.length; i += 100) {
      await db
        .insertInto('rate_limits')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    await db.schema.dropTable('rate_limit_counters').execute();
  },

  async down(schemaDb: Kysely<unknown>) {
    const db = schemaDb as Kysely<Tables>;
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('minute_start', 'text', (c) => c.notNull())
      .addColumn('minute_points', 'integer', (c) => c.notNull())
      .addColumn('hour_start', 'text', (c) => c.notNull())
      .addColumn('hour_points', 'integer', (c) => c.notNull())
      .addColumn('month_start', 'text', (c) => c.notNull())
      .addColumn('month_points', 'integer', (c) => c.notNull())
      .addColumn('ai_generate_form', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_smart_analytics', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_analytics_chat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_smart_form_chat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_granted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const plan = await db.selectFrom('rate_limits').selectAll().where('key', 'like', 'plan:%').execute();
    const byAccount = new Map<string, Map<string, Row>>();
    for (const r of plan) {
      const [, accountId, ...window] = r.key.split(':');
      const windows = byAccount.get(accountId!) ?? new Map<string, Row>();
      windows.set(window.join(':'), r);
      byAccount.set(accountId!, windows);
    }
    const start = (row: Row | undefined, windowMs: number) =>
      new Date(row === undefined ? 0 : Number(row.reset_at) - windowMs).toISOString();
    for (const [accountId, windows] of byAccount) {
      const month = windows.get('month');
      const monthStart = month === undefined ? new Date(0) : new Date(Number(month.reset_at) - 1);
      const ai = Object.fromEntries(
        Object.entries(AI_COLUMNS).map(([name, column]) => [
          column,
          Number(windows.get(`ai:${name}`)?.points ?? 0),
        ]),
      ) as Record<AiColumn, number>;
      await db
        .insertInto('rate_limit_counters')
        .values({
          account_id: accountId,
          minute_start: start(windows.get('minute'), MINUTE_MS),
          minute_points: Number(windows.get('minute')?.points ?? 0),
          hour_start: start(windows.get('hour'), HOUR_MS),
          hour_points: Number(windows.get('hour')?.points ?? 0),
          month_start: new Date(
            Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), 1),
          ).toISOString(),
          month_points: Number(month?.points ?? 0),
          last_granted: 0,
          ...ai,
        })
        .execute();
    }
    await db.deleteFrom('rate_limits').where('key', 'like', 'plan:%').execute();
  },
};
