import { type Kysely, sql } from 'kysely';
import type { DialectName } from './create-db.js';

const known = new WeakMap<object, DialectName>();

/**
 * Which database `db` (or a transaction of it) talks to. The few places that differ by dialect
 * ask this instead of having the dialect threaded through every factory: it compiles one
 * parameter, which PostgreSQL writes `$1` and SQLite `?`, and remembers the answer per instance.
 */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  let dialect = known.get(db);
  if (dialect === undefined) {
    dialect = sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
    known.set(db, dialect);
  }
  return dialect;
}
