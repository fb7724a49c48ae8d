import { resolve } from 'node:path';
import {
  type BackupManifest,
  backupSqlite,
  type CopyResult,
  copySqliteToPostgres,
  type RestoreResult,
  restoreSqlite,
  sqliteFileOf,
} from '@formloom/server';
import type { Config } from './config.js';

/** A command that does not apply to this installation (e.g. backup on PostgreSQL). */
export class NotApplicableError extends Error {
  override name = 'NotApplicableError';
}

function sqliteFile(config: Config, what: string): string {
  const file = sqliteFileOf({ url: config.databaseUrl, dataDir: config.dataDir });
  if (file === undefined) {
    throw new NotApplicableError(
      `${what} works on SQLite installations; on PostgreSQL use pg_dump and pg_restore (docs/self-hosting.md, "Backups")`,
    );
  }
  return file;
}

/** `formloom backup --out FILE`: the live SQLite database and the uploads in one archive. */
export function backup(
  config: Config,
  cwd: string,
  out: string,
  includeSecretKey: boolean,
): Promise<BackupManifest> {
  return backupSqlite({
    dbFile: sqliteFile(config, 'formloom backup'),
    dataDir: config.dataDir,
    out: resolve(cwd, out),
    includeSecretKey,
  });
}

/** `formloom restore FILE`: into the configured data folder, never under a running server. */
export function restore(config: Config, cwd: string, from: string, force: boolean): Promise<RestoreResult> {
  return restoreSqlite({
    from: resolve(cwd, from),
    dbFile: sqliteFile(config, 'formloom restore'),
    dataDir: config.dataDir,
    force,
  });
}

/** "responses 12, forms 3, ..." for the tables that have rows. */
export function rowCounts(tables: Record<string, number>): string {
  const filled = Object.entries(tables).filter(([, rows]) => rows > 0);
  return filled.length === 0 ? 'no rows' : filled.map(([table, rows]) => `${table} ${rows}`).join(', ');
}

/** `formloom migrate-to-postgres --to URL`: this SQLite installation into an empty PostgreSQL. */
export function migrateToPostgres(
  config: Config,
  to: string,
  batchSize: number | undefined,
  progress: (line: string) => void,
): Promise<CopyResult> {
  if (!/^postgres(ql)?:\/\//.test(to)) {
    throw new NotApplicableError(`--to must be a postgres:// URL (got "${to.split(':')[0]}:...")`);
  }
  return copySqliteToPostgres({
    sqliteFile: sqliteFile(config, 'formloom migrate-to-postgres'),
    dataDir: config.dataDir,
    postgresUrl: to,
    batchSize,
    onProgress: ({ table, copied, total }) => {
      if (copied === total) progress(`${table}: ${total} rows copied`);
    },
  });
}
