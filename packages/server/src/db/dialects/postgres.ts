import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '../database.js';

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
 * file knows which database it has, except where PostgreSQL's concurrency asks for it: the
 * outbox claim (`FOR UPDATE SKIP LOCKED`) and the outbox sequence (see `dialectOf`).
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
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
