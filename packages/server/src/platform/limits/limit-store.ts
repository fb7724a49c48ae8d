import { type RawBuilder, sql } from 'kysely';
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

/**
 * All of `takeEach` in one statement, for the common case where every key's row exists: a CTE
 * locks the rows (`forUpdate` of the dialect: PostgreSQL waits for a holder and reads its
 * committed row; SQLite's one writer needs nothing), in the order of the sorted keys (the same
 * order the transaction below locks them in, whatever the database's collation), counts an ended
 * window from 0 with its new end, decides how many units fit in every key, and updates the rows
 * only if it found them all. It returns no row when a row is missing (a new key, or one swept
 * after its window ended): then `takeEach` falls back to the transaction. One round trip where
 * the transaction takes four (BEGIN, the upsert, the UPDATE, COMMIT).
 */
const takeAllStatements = Array.from({ length: MAX_KEYS }, (_, index) =>
  preparedQuery((db: Db, p: Record<string, string | number>) => {
    const range = Array.from({ length: index + 1 }, (_, i) => i);
    const int = (value: unknown) => sql<number>`cast(${value} as integer)`;
    const now = () => sql<number>`cast(${p.now} as bigint)`;
    const ended = () => sql<boolean>`${now()} >= locked.reset_at`;
    const perKey = <T>(value: (i: number) => RawBuilder<T>) =>
      sql<T>`case ${sql.join(
        range.map((i) => sql`when locked.key = ${p[`key${i}`]} then ${value(i)}`),
        sql` `,
      )} end`;
    const room = sql.ref('decision.room');
    const granted = () =>
      sql<number>`case when ${room} < 0 then 0 when ${room} < ${int(p.wanted)} then ${room} else ${int(p.wanted)} end`;
    return db
      .with(
        (cte) => cte('locked').materialized(),
        (qb) =>
          qb
            .selectFrom('rate_limits')
            .select(['key', 'points', 'reset_at'])
            .where(
              'key',
              'in',
              range.map((i) => p[`key${i}`] as string),
            )
            .orderBy(
              sql`case ${sql.join(
                range.map((i) => sql`when key = ${p[`key${i}`]} then ${sql.lit(i)}`),
                sql` `,
              )} end`,
            )
            .$call(sqlDialectOf(db).forUpdate),
      )
      .with('cur', (qb) =>
        qb
          .selectFrom('locked')
          .select([
            'locked.key as key',
            sql<number>`case when ${ended()} then 0 else locked.points end`.as('points'),
            sql<number>`case when ${ended()} then ${perKey((i) => sql`cast(${p[`resetAt${i}`]} as bigint)`)} else locked.reset_at end`.as(
              'reset_at',
            ),
            perKey((i) => int(p[`limit${i}`])).as('lim'),
          ]),
      )
      .with('decision', (qb) =>
        qb
          .selectFrom('cur')
          .select([sql<number>`count(*)`.as('found'), sql<number>`min(cur.lim - cur.points)`.as('room')]),
      )
      .updateTable('rate_limits')
      .from(['cur', 'decision'])
      .set({
        points: sql`cur.points + ${granted()}`,
        last_granted: granted(),
        reset_at: sql`cur.reset_at`,
      })
      .whereRef('rate_limits.key', '=', 'cur.key')
      .where(sql.ref('decision.found'), '=', sql.lit(index + 1))
      .returning([
        'rate_limits.key',
        'rate_limits.points',
        'rate_limits.reset_at',
        'rate_limits.last_granted',
      ]);
  }),
);

/** Counts in the `rate_limits` table, shared by every process on the database. */
export function createDatabaseLimitStore(db: Db): LimitStore {
  return {
    async takeEach(keys, wanted, now) {
      if (keys.length === 0 || keys.length > MAX_KEYS)
        throw new RangeError(`takeEach: 1 to ${MAX_KEYS} keys`);
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const values: Record<string, string | number> = { now, granted: 0, last: 0, wanted };
      sorted.forEach((k, i) => {
        values[`key${i}`] = k.key;
        values[`resetAt${i}`] = k.resetAt;
        values[`limit${i}`] = k.limit;
      });
      const n = keys.length - 1;
      const { rows: taken } = await takeAllStatements[n]!.run(db, values, db);
      if (taken.length === keys.length) {
        const byKey = new Map(
          taken.map((r) => [r.key, { points: Number(r.points), resetAt: Number(r.reset_at) }]),
        );
        return { granted: Number(taken[0]!.last_granted), counts: keys.map((k) => byKey.get(k.key)!) };
      }
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
