import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** A key's count: `points` taken in the window that ends at `resetAt` (ms since 1970). */
export interface KeyCount {
  points: number;
  resetAt: number;
}

/** One take of `wanted` points (all or none) from a key whose limit is `limit`. */
export interface Take {
  key: string;
  wanted: number;
  limit: number;
  now: number;
  /** Where a window that starts now ends. */
  resetAt: number;
}

/** One key of a take from several keys at once. */
export interface EachKey {
  key: string;
  limit: number;
  /** Where a window that starts now ends. */
  resetAt: number;
}

/**
 * Where the limiter keeps its counts. `take` is atomic per key: concurrent takes never put more
 * than `limit` points in one window, and a refused take counts nowhere.
 */
export interface LimitStore {
  take(take: Take): Promise<{ granted: boolean; count: KeyCount }>;
  /**
   * Takes up to `wanted` units from several keys together, a unit being one point of every key:
   * as many as every key has room for (0 to `wanted`), atomically over all of them. `counts` are
   * the keys' counts after the take, in the order of `keys`.
   */
  takeEach(
    keys: readonly EachKey[],
    wanted: number,
    now: number,
  ): Promise<{ granted: number; counts: KeyCount[] }>;
  read(key: string): Promise<KeyCount | undefined>;
  /** Gives back up to `points` of the current window (a take whose work did not happen). */
  giveBack(key: string, points: number, now: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets keys whose window ended before `now`. */
  sweep(now: number): Promise<void>;
}

type TakeParams = {
  key: string;
  first: number;
  resetAt: number;
  now: number;
  wanted: number;
  limit: number;
};

/**
 * The take, one statement: `INSERT ... ON CONFLICT (key) DO UPDATE SET points = <a new window's
 * points, points + wanted if that fits, else points>, last_granted = <what was taken> RETURNING`.
 * The row lock (PostgreSQL) or the one writer (SQLite) orders concurrent takes, and SET reads the
 * latest row, so no window ever holds more than `limit`. Compiled once (`preparedQuery`), so
 * every place a value stands reads it again.
 */
const takeStatement = preparedQuery((db: Db, p: TakeParams) => {
  const int = (value: unknown) => sql<number>`cast(${value} as integer)`;
  const ended = () => sql<boolean>`cast(${p.now} as bigint) >= rate_limits.reset_at`;
  const fits = () => sql<boolean>`rate_limits.points + ${int(p.wanted)} <= ${int(p.limit)}`;
  return db
    .insertInto('rate_limits')
    .values({ key: p.key, reset_at: p.resetAt, points: p.first, last_granted: p.first })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        points: sql`case when ${ended()} then excluded.points when ${fits()} then rate_limits.points + ${int(p.wanted)} else rate_limits.points end`,
        last_granted: sql`case when ${ended()} then excluded.points when ${fits()} then ${int(p.wanted)} else 0 end`,
        reset_at: sql`case when ${ended()} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(['points', 'reset_at', 'last_granted']);
});

/** Most keys one `takeEach` takes from (the statements are compiled per number of keys). */
const MAX_KEYS = 8;

/**
 * The first statement of `takeEach`: makes a row for each key (or starts its window over if it
 * has ended, the same rule as `takeStatement`) without taking anything, and returns the counts.
 * `ON CONFLICT DO UPDATE` locks every row until the transaction ends (PostgreSQL; SQLite has one
 * writer), and the keys come sorted, so concurrent takes lock them in one order and never deadlock.
 */
const openStatements = Array.from({ length: MAX_KEYS }, (_, index) =>
  preparedQuery((db: Db, p: Record<string, string | number>) => {
    const ended = () => sql<boolean>`cast(${p.now} as bigint) >= rate_limits.reset_at`;
    const rows = Array.from({ length: index + 1 }, (_, i) => ({
      key: p[`key${i}`] as string,
      reset_at: p[`resetAt${i}`] as number,
      points: 0,
      last_granted: 0,
    }));
    return db
      .insertInto('rate_limits')
      .values(rows)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          points: sql`case when ${ended()} then 0 else rate_limits.points end`,
          reset_at: sql`case when ${ended()} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(['key', 'points', 'reset_at']);
  }),
);

/** The second statement of `takeEach`: the granted units, one point of each key per unit. */
const addStatements = Array.from({ length: MAX_KEYS }, (_, index) =>
  preparedQuery((db: Db, p: Record<string, string | number>) =>
    db
      .updateTable('rate_limits')
      .set({ points: sql`points + ${sql`cast(${p.granted} as integer)`}`, last_granted: p.last as number })
      .where(
        'key',
        'in',
        Array.from({ length: index + 1 }, (_, i) => p[`key${i}`] as string),
      ),
  ),
);

/** Counts in the `rate_limits` table, shared by every process on the database. */
export function createDatabaseLimitStore(db: Db): LimitStore {
  return {
    async takeEach(keys, wanted, now) {
      if (keys.length === 0 || keys.length > MAX_KEYS)
        throw new RangeError(`takeEach: 1 to ${MAX_KEYS} keys`);
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const values: Record<string, string | number> = { now, granted: 0, last: 0 };
      sorted.forEach((k, i) => {
        values[`key${i}`] = k.key;
        values[`resetAt${i}`] = k.resetAt;
      });
      const n = keys.length - 1;
      return db.transaction().execute(async (trx) => {
        const { rows } = await openStatements[n]!.run(trx, values, db);
        const byKey = new Map(
          rows.map((r) => [r.key, { points: Number(r.points), resetAt: Number(r.reset_at) }]),
        );
        const counts = keys.map((k) => byKey.get(k.key)!);
        const room = Math.min(...keys.map((k, i) => k.limit - counts[i]!.points));
        const granted = Math.max(0, Math.min(wanted, room));
        if (granted > 0) {
          await addStatements[n]!.run(trx, { ...values, granted, last: granted }, db);
          for (const count of counts) count.points += granted;
        }
        return { granted, counts };
      });
    },
    async take({ key, wanted, limit, now, resetAt }) {
      // A new window takes the points if they fit at all; else it starts empty.
      const first = wanted <= limit ? wanted : 0;
      const { rows } = await takeStatement.run(db, { key, first, resetAt, now, wanted, limit });
      const row = rows[0]!;
      return {
        granted: wanted > 0 && Number(row.last_granted) === wanted,
        count: { points: Number(row.points), resetAt: Number(row.reset_at) },
      };
    },
    async read(key) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['points', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { points: Number(row.points), resetAt: Number(row.reset_at) };
    },
    async giveBack(key, points, now) {
      await db
        .updateTable('rate_limits')
        .set({ points: sql`case when points > ${points} then points - ${points} else 0 end` })
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async sweep(now) {
      // A take racing with this sees its row either deleted (and starts a window) or renewed
      // (reset_at > now: PostgreSQL re-checks the condition on the locked row and keeps it).
      // Rows a `takeEach` holds are skipped: it locks several rows in key order, and a delete
      // taking them in another order could deadlock with it.
      const ended = db
        .selectFrom('rate_limits')
        .select('key')
        .where('reset_at', '<=', now)
        .$call(sqlDialectOf(db).skipLocked);
      await db.deleteFrom('rate_limits').where('key', 'in', ended).execute();
    },
  };
}

/** Counts in this process's memory: for one instance, where a write per request is not needed. */
export function createMemoryLimitStore(): LimitStore {
  const counts = new Map<string, KeyCount>();
  const live = (key: string, now: number) => {
    const count = counts.get(key);
    return count !== undefined && now < count.resetAt ? count : undefined;
  };
  return {
    async takeEach(keys, wanted, now) {
      const current = keys.map((k) => live(k.key, now) ?? { points: 0, resetAt: k.resetAt });
      const room = Math.min(...keys.map((k, i) => k.limit - current[i]!.points));
      const granted = Math.max(0, Math.min(wanted, room));
      keys.forEach((k, i) => {
        current[i]!.points += granted;
        counts.set(k.key, current[i]!);
      });
      return { granted, counts: current.map((c) => ({ ...c })) };
    },
    async take({ key, wanted, limit, now, resetAt }) {
      const count = live(key, now) ?? { points: 0, resetAt };
      const granted = wanted > 0 && count.points + wanted <= limit;
      if (granted) count.points += wanted;
      counts.set(key, count);
      return { granted, count: { ...count } };
    },
    async read(key) {
      const count = counts.get(key);
      return count && { ...count };
    },
    async giveBack(key, points, now) {
      const count = live(key, now);
      if (count !== undefined) count.points = Math.max(0, count.points - points);
    },
    async clear(key) {
      counts.delete(key);
    },
    async sweep(now) {
      for (const [key, count] of counts) if (count.resetAt <= now) counts.delete(key);
    },
  };
}
