import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawBuilder,
  RootOperationNode,
  SelectQueryBuilder,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: a select of any table of any database.
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * Everything that differs between SQLite and PostgreSQL, in one object per dialect
 * (`dialects/sqlite.ts`, `dialects/postgres.ts`). Code outside `db/` asks this object for the SQL
 * or the capability it needs and never compares dialect names.
 *
 * How code reaches it: each dialect factory creates its Kysely with a marker plugin that carries
 * the object. kysely hands an instance's plugins on to everything made from it (transactions,
 * `connection()`, `withPlugin`), so `sqlDialectOf(db)` finds it from any `Db`, a transaction
 * included, without threading it through every factory and without compiling a query. The
 * marker changes no query and no result. `createDb` also puts it on the handle (`sqlDialect`).
 */
export interface SqlDialect {
  readonly name: DialectName;
  /**
   * Several server instances may share this database (PostgreSQL), so state that must hold across
   * them (per-address limits) belongs in the database, not in a process.
   */
  readonly sharedByInstances: boolean;
  /**
   * Submissions are best committed in groups: SQLite has one writer and each commit costs a sync,
   * so the responses service batches concurrent submissions into one transaction.
   */
  readonly groupCommit: boolean;
  /**
   * `stream()` reads through a server-side cursor (PostgreSQL, pg-cursor) without holding up other
   * queries. SQLite's one connection would be held by a stream until it ends: read in pages there.
   */
  readonly cursorStreams: boolean;
  /**
   * The select of a claim: on PostgreSQL `FOR UPDATE SKIP LOCKED`, so instances claiming at once
   * take different rows instead of queueing on the same ones. SQLite has one writer, so the claim
   * transaction alone makes it exclusive: the query is left as it is.
   */
  skipLocked<Q extends AnySelect>(query: Q): Q;
  /**
   * A select that locks the rows it returns until the statement's transaction ends, waiting for
   * a holder and then reading the latest committed row (PostgreSQL `FOR UPDATE`, usable in a
   * CTE of a one-statement read-modify-write). SQLite's one writer makes a statement exclusive
   * already: the query is left as it is.
   */
  forUpdate<Q extends AnySelect>(query: Q): Q;
  /**
   * Inside a transaction, makes writers that run `query` wait for each other until commit: on
   * PostgreSQL it runs `query` `FOR UPDATE`; SQLite's single writer does this by itself (nothing runs).
   */
  lockRows(query: AnySelect): Promise<void>;
  /**
   * Inside a transaction, takes the lock named `key` until it ends, so transactions that take it
   * run the following statements one after the other (a PostgreSQL transaction-scoped advisory
   * lock). SQLite's single writer serialises writing transactions already: nothing runs.
   */
  lockUntilCommit<DB>(db: Kysely<DB>, key: number): Promise<void>;
  /**
   * Runs `run` holding the lock named `key` (a PostgreSQL session advisory lock on one connection,
   * which `run` receives), so processes starting together on one database take turns. On SQLite
   * `run` gets `db` as it is.
   */
  withLock<DB, T>(db: Kysely<DB>, key: number, run: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  /** The smallest / largest of several numbers in one row (`least`/`greatest`, SQLite's `min`/`max`). */
  least(items: RawBuilder<number>[]): RawBuilder<number>;
  greatest(x: RawBuilder<number>, y: RawBuilder<number>): RawBuilder<number>;
  /** An aggregate median of `numbers`, or undefined where the database has none (SQLite). */
  readonly median: ((numbers: RawBuilder<unknown>) => RawBuilder<number>) | undefined;
  /**
   * Reading keys of a JSON text column (see `JsonKeys`); with `entriesOf`, of each object in the
   * list under that key of the column instead (a repeating section's entries): one row per entry.
   */
  jsonKeys(table: string, column: string, entriesOf?: string): JsonKeys;
  /**
   * Some answer in the answers document `document` (JSON text keyed by field id) contains `text`
   * (already lower-cased), ignoring case. What is searched is what a respondent gave: a top-level
   * string or number, an element of a list, and a file answer's `name`; never a field id, JSON
   * punctuation, or a file's server-made `uploadId`, `size` or `type` (a random upload id would
   * match digits nobody typed). A `like` over each of those lower-cased with Unicode case rules
   * (SQLite: `formloom_lower`, JavaScript's `toLowerCase`, registered by `openSqlite`; PostgreSQL:
   * `lower` in ICU's root collation).
   */
  answersContain(document: RawBuilder<unknown>, text: string): RawBuilder<boolean>;
}

/** The `like` pattern `%<text>%`, with `%`, `_` and the escape character `\` literal in `text`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Keys of a JSON text column, each taken out of the document once per row, in a subquery the
 * planner keeps apart, as two columns: its JSON type `jsonTypeCol(i)` and its value
 * `jsonValueCol(i)` (the text of a string, a number, the JSON text of a list). Every figure over
 * them is then a plain comparison or aggregate. The types read the same on both dialects except
 * strings and numbers: ask `isString` and `isNumber`; `'null'` and `'array'` are common.
 */
export interface JsonKeys {
  /** The subquery's columns for key `i`; `listed`: `hasElement` will be asked of it. */
  columns(key: string, i: number, listed: boolean): RawBuilder<unknown>[];
  /**
   * `(select 1 as one, <columns> from <table> r where <where>) as x`; `where` may use `r.`. With
   * `entriesOf`, a row per entry of the rows `where` picks.
   */
  from(columns: RawBuilder<unknown>[], where: RawBuilder<unknown>): RawBuilder<unknown>;
  isString(i: number): RawBuilder<unknown>;
  isNumber(i: number): RawBuilder<unknown>;
  /** Key `i`'s value as a number (when `isNumber`). */
  number(i: number): RawBuilder<unknown>;
  /** The number of elements of key `i`'s list; null when it is no list. Key `i` must be `listed`. */
  length(i: number): RawBuilder<unknown>;
  /** Key `i` is a list holding the string `value`. */
  hasElement(i: number, value: string): RawBuilder<unknown>;
  /** Key `i` is a list holding an object (an "Other" answer `{other}` beside chosen values). */
  hasObjectElement(i: number): RawBuilder<unknown>;
  /**
   * The elements of key `i`'s list (none when it is no list), to join after `from(...)` with a
   * comma: one row per element with its `value` (a string element; null for any other) and its
   * 1-based `position`, and whether it `isObject`. Key `i` must be `listed`.
   */
  elements(i: number): {
    from: RawBuilder<unknown>;
    value: RawBuilder<unknown>;
    position: RawBuilder<unknown>;
    isObject: RawBuilder<unknown>;
  };
  /**
   * The members of key `i`'s object (none when it is no object), to join after `from(...)` with a
   * comma: one row per member and string it holds (a string member, or each string of a list
   * member): the member's `key` and the string `value` (null for any other element). Key `i`
   * must be `listed`.
   */
  members(i: number): { from: RawBuilder<unknown>; key: RawBuilder<unknown>; value: RawBuilder<unknown> };
}

export const jsonTypeCol = (i: number) => sql.ref(`t${i}`);
export const jsonValueCol = (i: number) => sql.ref(`v${i}`);

/** Carries the dialect object on a Kysely instance; transforms nothing. */
class DialectMarker implements KyselyPlugin {
  constructor(readonly dialect: SqlDialect) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** The plugin a dialect factory gives its Kysely (`plugins: [dialectPlugin(...)]`). */
export function dialectPlugin(dialect: SqlDialect): KyselyPlugin {
  return new DialectMarker(dialect);
}

/** `db` made to carry `dialect`: for a Kysely built outside the dialect factories (a benchmark's). */
export function withSqlDialect<DB>(db: Kysely<DB>, dialect: SqlDialect): Kysely<DB> {
  return db.withPlugin(new DialectMarker(dialect));
}

/** A Kysely instance or a transaction of one (taken without its type of database). */
type HasExecutor = Pick<Kysely<unknown>, 'getExecutor'>;

/** The dialect object of `db` (the database or a transaction of it). */
export function sqlDialectOf(db: HasExecutor): SqlDialect {
  for (const plugin of db.getExecutor().plugins) {
    if (plugin instanceof DialectMarker) return plugin.dialect;
  }
  throw new Error('this database was not opened by createDb (no dialect): use createDb or withSqlDialect');
}

/** The name of `db`'s dialect, for logs and tests; code that differs by dialect uses the object. */
export function dialectOf(db: HasExecutor): DialectName {
  return sqlDialectOf(db).name;
}
