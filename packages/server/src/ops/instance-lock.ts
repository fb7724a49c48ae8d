import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ConflictError } from '../domain-errors.js';

/**
 * `<data dir>/instance.lock`: a small SQLite file whose locks say whether a `formloom serve` is
 * using the data folder. Each server holds a read transaction on it (a shared lock) for its whole
 * life; whoever must have the folder to itself (restore) takes an exclusive lock, which fails at
 * once while any server holds the shared one. The operating system drops a lock with the process
 * that held it, so a crashed server leaves nothing stale behind, unlike a PID file.
 */
const LOCK_FILE = 'instance.lock';

export class InstanceLockError extends ConflictError {
  override name = 'InstanceLockError';
}

function openLock(dataDir: string, timeoutMs: number): SqliteDatabase.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new SqliteDatabase(join(dataDir, LOCK_FILE), { timeout: timeoutMs });
  // Rollback-journal mode (the default), where a reader's shared lock blocks an exclusive one.
  db.pragma('journal_mode = DELETE');
  db.exec('CREATE TABLE IF NOT EXISTS instance (note TEXT)');
  return db;
}

const isBusy = (error: unknown) => (error as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;

/** Held by `formloom serve` while it runs: marks the data folder as in use. */
export function holdInstanceLock(dataDir: string): { release(): void } {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = openLock(dataDir, 5000);
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM instance').get();
  } catch (error) {
    db?.close();
    if (isBusy(error)) {
      throw new InstanceLockError(
        `${dataDir} is being restored: start the server when the restore has finished`,
      );
    }
    throw error;
  }
  const held = db;
  return {
    release() {
      if (held.open) held.close();
    },
  };
}

/**
 * Runs `fn` with the data folder to itself, or throws InstanceLockError when a server is using it.
 * A server starting meanwhile waits (up to 5 s) and then refuses to start.
 */
export async function withDataDirToItself<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const db = openLock(dataDir, 0);
  try {
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      if (isBusy(error)) {
        throw new InstanceLockError(
          `a formloom server is running on ${dataDir}: stop it first (its data is in use)`,
        );
      }
      throw error;
    }
    return await fn();
  } finally {
    db.close();
  }
}

/** Whether a `formloom serve` holds the data folder now. */
export function isInstanceRunning(dataDir: string): boolean {
  const db = openLock(dataDir, 0);
  try {
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
    return false;
  } catch (error) {
    if (isBusy(error)) return true;
    throw error;
  } finally {
    db.close();
  }
}
