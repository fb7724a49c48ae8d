import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '../database.js';
import { containsPattern, dialectPlugin, jsonTypeCol, jsonValueCol, type SqlDialect } from '../dialect.js';

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database`, with any libpq-style query options pg takes. */
  url: string;
  /** Connections this process keeps open at most (default 10). */
  poolSize?: number | undefined;
}

const INT8_OID = 20;

/**
 * `count(*)` and other bigint results arrive from pg as strings (they may exceed 2^53). Every
 * bigint the server reads is a count, far below that, and SQLite gives numbers: parse them, so a
 * row reads the same on both dialects.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * PostgreSQL through a pg connection pool behind kysely. The schema and every query are the ones
 * SQLite runs (text ids, text JSON, ISO-string timestamps, integer flags), so nothing above this
 * file knows which database it has: what differs is in `postgresSql` below (claims, locks, JSON).
 */
export function createPostgresDb(options: PostgresOptions): {
  db: Kysely<Database>;
  close: () => Promise<void>;
} {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: 'formloom',
    types,
  });
  // An idle connection the server drops (a restart, a failover) emits 'error' on the pool; without
  // a listener that would end the process. The pool replaces it, and a query on it fails visibly.
  pool.on('error', () => {});
  // pg-cursor gives kysely's `stream()` a server-side cursor (the smart-form export reads through it).
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    plugins: [dialectPlugin(postgresSql)],
  });
  // Kysely's destroy() ends the pool.
  return { db, close: () => db.destroy() };
}

/** The URL as it may be logged: the password replaced by `***`. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** PostgreSQL, field `i`'s jsonb (lists only), for `hasElement`. */
const listCol = (i: number) => sql.ref(`j${i}`);

/**
 * What PostgreSQL does its own way (see `SqlDialect`): several connections and instances write at
 * once, so claims skip locked rows and ordered sections take locks.
 */
export const postgresSql: SqlDialect = {
  name: 'postgres',
  sharedByInstances: true,
  groupCommit: false,
  cursorStreams: true,
  skipLocked: (query) => query.forUpdate().skipLocked() as typeof query,
  forUpdate: (query) => query.forUpdate() as typeof query,
  async lockRows(query) {
    await query.forUpdate().execute();
  },
  async lockUntilCommit(db, key) {
    await sql`select pg_advisory_xact_lock(${key})`.execute(db);
  },
  withLock: (db, key, run) =>
    db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${key})`.execute(conn);
      try {
        return await run(conn);
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(conn);
      }
    }),
  least: (items) => sql<number>`least(${sql.join(items)})`,
  greatest: (x, y) => sql<number>`greatest(${x}, ${y})`,
  median: (numbers) => sql<number>`percentile_cont(0.5) within group (order by ${numbers})`,
  jsonKeys(table, column, entriesOf) {
    const row = sql`${sql.ref(`r.${column}`)}::jsonb`;
    // The documents: each row's, or each object of the list under `entriesOf` (none where no list).
    const documents =
      entriesOf === undefined
        ? sql`select ${row} as a from ${sql.table(table)} r where`
        : sql`select re.v as a from ${sql.table(table)} r, jsonb_array_elements(case when jsonb_typeof(${row} -> ${entriesOf}) = 'array' then ${row} -> ${entriesOf} else '[]'::jsonb end) as re(v) where jsonb_typeof(re.v) = 'object' and`;
    return {
      // The document is parsed once per row into `a` (below), then each key read from it.
      columns: (key, i, listed) => [
        sql`jsonb_typeof(a -> ${key}) as ${jsonTypeCol(i)}`,
        sql`a ->> ${key} as ${jsonValueCol(i)}`,
        ...(listed ? [sql`a -> ${key} as ${listCol(i)}`] : []),
      ],
      // `offset 0` keeps the planner from flattening either subquery.
      from: (columns, where) =>
        sql`(select ${sql.join([sql`1 as one`, ...columns])} from (${documents} ${where} offset 0) as p offset 0) as x`,
      length: (i) => sql`(case when ${jsonTypeCol(i)} = 'array' then jsonb_array_length(${listCol(i)}) end)`,
      isString: (i) => sql`${jsonTypeCol(i)} = 'string'`,
      isNumber: (i) => sql`${jsonTypeCol(i)} = 'number'`,
      number: (i) => sql`(${jsonValueCol(i)})::double precision`,
      hasElement: (i, value) => sql`(${jsonTypeCol(i)} = 'array' and ${listCol(i)} ? ${value})`,
      hasObjectElement: (i) => sql`(${jsonTypeCol(i)} = 'array' and ${listCol(i)} @> '[{}]'::jsonb)`,
      elements: (i) => ({
        from: sql`jsonb_array_elements(case when ${jsonTypeCol(i)} = 'array' then ${listCol(i)} else '[]'::jsonb end) with ordinality as ${sql.ref(`e${i}`)}(v, n)`,
        value: sql`(case when jsonb_typeof(${sql.ref(`e${i}.v`)}) = 'string' then ${sql.ref(`e${i}.v`)} #>> '{}' end)`,
        position: sql.ref(`e${i}.n`),
        isObject: sql`(jsonb_typeof(${sql.ref(`e${i}.v`)}) = 'object')`,
      }),
      // A member holding one string reads as a list of one.
      members: (i) => ({
        from: sql`jsonb_each(case when ${jsonTypeCol(i)} = 'object' then ${listCol(i)} else '{}'::jsonb end) as ${sql.ref(`m${i}`)}(k, v),
          jsonb_array_elements(case when jsonb_typeof(${sql.ref(`m${i}.v`)}) = 'array' then ${sql.ref(`m${i}.v`)} else jsonb_build_array(${sql.ref(`m${i}.v`)}) end) as ${sql.ref(`e${i}`)}(v)`,
        key: sql.ref(`m${i}.k`),
        value: sql`(case when jsonb_typeof(${sql.ref(`e${i}.v`)}) = 'string' then ${sql.ref(`e${i}.v`)} #>> '{}' end)`,
      }),
    };
  },
  // ICU's root collation folds case by Unicode's rules whatever the database's locale (`C` folds
  // ASCII only); PostgreSQL builds have ICU by default (required from 16 unless turned off).
  // `lax $.*[*]` is each top-level answer with lists unwrapped; `lax $.*.name` a file answer's name.
  answersContain: (document, text) =>
    sql<boolean>`exists (select 1 from (select v from jsonb_path_query((${document})::jsonb, 'lax $.*[*]') as a(v) union all select v from jsonb_path_query((${document})::jsonb, 'lax $.*.name') as b(v)) as j(v) where jsonb_typeof(j.v) in ('string', 'number') and lower((j.v #>> '{}') collate "und-x-icu") like ${containsPattern(text)} escape '\\')`,
};
