import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import type { Database } from '../database.js';
import { containsPattern, dialectPlugin, jsonTypeCol, jsonValueCol, type SqlDialect } from '../dialect.js';

export interface SqliteOptions {
  /** Path of the database file, or `:memory:`. */
  file: string;
  /** How long a writer waits for another connection's lock before failing (ms). */
  busyTimeoutMs?: number;
}

/**
 * A better-sqlite3 handle as the server uses it: WAL so readers never wait for the writer, a busy
 * timeout so a second process (the CLI beside a running server) waits instead of failing, foreign
 * keys on. The benchmark's bare baseline opens its database with this too, so both sides match.
 */
export function openSqlite(options: SqliteOptions): SqliteDatabase.Database {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const sqlite = new SqliteDatabase(options.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  sqlite.pragma('foreign_keys = ON');
  // With WAL, NORMAL loses no committed data on an application crash, only on power loss.
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's own lower() folds ASCII only; searches fold case as PostgreSQL's lower() does.
  sqlite.function('formloom_lower', { deterministic: true }, (value: unknown) =>
    value === null ? null : String(value).toLowerCase(),
  );
  return sqlite;
}

/**
 * kysely's SQLite driver calls `prepare(sql)` for every query it runs, and better-sqlite3 parses
 * and plans the SQL anew each time. Queries are built from a fixed set of shapes with their values
 * as parameters, so the same SQL text comes back again and again: keep the recently used prepared
 * statements and hand the same one out for the same text. Safe because kysely runs one query at
 * a time on its single connection and binds fresh parameters on every call, and SQLite re-prepares
 * a statement by itself when the schema changes under it.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, capacity = 256): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement !== undefined) {
        // Re-insert: Map keeps insertion order, so the first key is the least recently used.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * kysely's SQLite driver opens a transaction with a plain (deferred) `begin`, which takes the write
 * lock only at the first write. A transaction that reads and then writes (a key's limit checked,
 * then the key inserted) fails at once with SQLITE_BUSY when another process (the server beside
 * the CLI) committed in between: SQLite cannot move a WAL read snapshot forward, and the busy
 * timeout does not apply. `begin immediate` takes the write lock first, waiting out the busy
 * timeout for the other writer. SQLite has one writer anyway, so nothing is lost in concurrency.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** SQLite through better-sqlite3 (see `openSqlite`) behind kysely. */
export function createSqliteDb(options: SqliteOptions): { db: Kysely<Database>; close: () => Promise<void> } {
  const sqlite = openSqlite(options);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [dialectPlugin(sqliteSql)],
  });
  // Kysely's destroy() closes the better-sqlite3 handle.
  return { db, close: () => db.destroy() };
}

/** What SQLite does its own way (see `SqlDialect`): one writer, so no row or advisory locks. */
export const sqliteSql: SqlDialect = {
  name: 'sqlite',
  sharedByInstances: false,
  groupCommit: true,
  cursorStreams: false,
  skipLocked: (query) => query,
  forUpdate: (query) => query,
  lockRows: async () => {},
  lockUntilCommit: async () => {},
  withLock: (db, _key, run) => run(db),
  least: (items) => sql<number>`min(${sql.join(items)})`,
  greatest: (x, y) => sql<number>`max(${x}, ${y})`,
  median: undefined,
  jsonKeys(table, column, entriesOf) {
    const row = sql.ref(`r.${column}`);
    const document = entriesOf === undefined ? row : sql.ref('re.value');
    const path = (key: string) => `$."${key}"`;
    // A row per object of the list under `entriesOf`; nothing from a row where it is no list.
    const source =
      entriesOf === undefined
        ? sql`${sql.table(table)} r`
        : sql`${sql.table(table)} r, json_each(${row}, ${path(entriesOf)}) as re`;
    const entryRows =
      entriesOf === undefined
        ? sql``
        : sql` and json_type(${row}, ${path(entriesOf)}) = 'array' and re.type = 'object'`;
    return {
      columns: (key, i) => [
        sql`json_type(${document}, ${path(key)}) as ${jsonTypeCol(i)}`,
        sql`json_extract(${document}, ${path(key)}) as ${jsonValueCol(i)}`,
      ],
      // `limit -1 offset 0` keeps the planner from flattening the subquery into the aggregate.
      from: (columns, where) =>
        sql`(select ${sql.join([sql`1 as one`, ...columns])} from ${source} where ${where}${entryRows} limit -1 offset 0) as x`,
      length: (i) =>
        sql`(case when ${jsonTypeCol(i)} = 'array' then json_array_length(${jsonValueCol(i)}) end)`,
      isString: (i) => sql`${jsonTypeCol(i)} = 'text'`,
      isNumber: (i) => sql`${jsonTypeCol(i)} in ('integer', 'real')`,
      number: (i) => sql`${jsonValueCol(i)}`,
      hasElement: (i, value) =>
        sql`(${jsonTypeCol(i)} = 'array' and exists (select 1 from json_each(${jsonValueCol(i)}) as e where e.value = ${value}))`,
      hasObjectElement: (i) =>
        sql`(${jsonTypeCol(i)} = 'array' and exists (select 1 from json_each(${jsonValueCol(i)}) as e where e.type = 'object'))`,
      // json_each reads the list's text, so anything else is given an empty list to read.
      elements: (i) => ({
        from: sql`json_each(case when ${jsonTypeCol(i)} = 'array' then ${jsonValueCol(i)} else '[]' end) as ${sql.ref(`e${i}`)}`,
        value: sql`(case when ${sql.ref(`e${i}.type`)} = 'text' then ${sql.ref(`e${i}.value`)} end)`,
        position: sql`(${sql.ref(`e${i}.key`)} + 1)`,
        isObject: sql`(${sql.ref(`e${i}.type`)} = 'object')`,
      }),
      // A member holding one string reads as a list of one.
      members: (i) => ({
        from: sql`json_each(case when ${jsonTypeCol(i)} = 'object' then ${jsonValueCol(i)} else '{}' end) as ${sql.ref(`m${i}`)},
          json_each(case when ${sql.ref(`m${i}.type`)} = 'array' then ${sql.ref(`m${i}.value`)} else json_array(${sql.ref(`m${i}.value`)}) end) as ${sql.ref(`e${i}`)}`,
        key: sql.ref(`m${i}.key`),
        value: sql`(case when ${sql.ref(`e${i}.type`)} = 'text' then ${sql.ref(`e${i}.value`)} end)`,
      }),
    };
  },
  // A leaf at the top (`path` '$'), in a list (an integer `key`), or a file answer's `name`.
  answersContain: (document, text) =>
    sql<boolean>`exists (select 1 from json_tree(${document}) as j where j.type in ('text', 'integer', 'real') and (j.path = '$' or typeof(j.key) = 'integer' or j.key = 'name') and formloom_lower(j.atom) like ${containsPattern(text)} escape '\\')`,
};
