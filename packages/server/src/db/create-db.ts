import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import type { DialectName, SqlDialect } from './dialect.js';
import { createSqliteDb, sqliteSql } from './dialects/sqlite.js';
import { migrateToLatest } from './migrate.js';

export type { DialectName, SqlDialect } from './dialect.js';

export interface DbOptions {
  /**
   * Where the database is. Absent: SQLite at `<dataDir>/formloom.db`. `sqlite:<path>` or
   * `file:<path>`: SQLite at that path. `postgres://...` or `postgresql://...`: PostgreSQL.
   */
  url?: string | undefined;
  /** PostgreSQL only: connections this process keeps open at most (default 10). */
  poolSize?: number | undefined;
  /** Folder for the embedded database and other local files. */
  dataDir: string;
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
}

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** What differs by dialect; also reachable from `db` and its transactions (`sqlDialectOf`). */
  sqlDialect: SqlDialect;
  /** A description safe to log (no password). */
  description: string;
  close(): Promise<void>;
}

/** Opens the database the options name and brings its schema up to date. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  const handle = await openDb(options);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db as Kysely<unknown>);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/** The SQLite file the options name, or undefined when they name PostgreSQL. */
export function sqliteFileOf({ url, dataDir }: Pick<DbOptions, 'url' | 'dataDir'>): string | undefined {
  if (url === undefined || url === '') return join(dataDir, 'formloom.db');
  if (url.startsWith('sqlite:') || url.startsWith('file:')) {
    const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
    if (file === '') throw new Error(`database URL "${url}" names no file`);
    return file;
  }
  return undefined;
}

async function openDb({ url, dataDir, poolSize }: DbOptions): Promise<DbHandle> {
  const file = sqliteFileOf({ url, dataDir });
  if (file !== undefined) return sqlite(file);
  if (url !== undefined && /^postgres(ql)?:\/\//.test(url)) {
    // pg loads for a PostgreSQL URL only: a server on embedded SQLite never runs it.
    const { createPostgresDb, describePostgresUrl, postgresSql } = await import('./dialects/postgres.js');
    const { db, close } = createPostgresDb({ url, poolSize });
    return { db, dialect: 'postgres', sqlDialect: postgresSql, description: describePostgresUrl(url), close };
  }
  throw new Error(
    `database URL must start with sqlite:, file: or postgres:// (got "${url?.split(':')[0]}:...")`,
  );
}

function sqlite(file: string): DbHandle {
  const { db, close } = createSqliteDb({ file });
  return { db, dialect: 'sqlite', sqlDialect: sqliteSql, description: `sqlite:${file}`, close };
}
