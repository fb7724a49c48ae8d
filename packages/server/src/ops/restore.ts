import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SECRET_KEY_FILE } from '../crypto/secret-box.js';
import { InvalidInputError } from '../domain-errors.js';
import { BACKUP_DB_NAME, type BackupManifest, MANIFEST_NAME } from './backup.js';
import { withDataDirToItself } from './instance-lock.js';
import { describeSqliteFile } from './sqlite-summary.js';

export class RestoreError extends InvalidInputError {
  override name = 'RestoreError';
}

export interface RestoreOptions {
  /** The archive `backupSqlite` wrote. */
  from: string;
  /** Where the SQLite database goes (the file `formloom serve` opens). */
  dbFile: string;
  /** The data folder: `uploads/` (and `secret.key` when the archive has it) go here. */
  dataDir: string;
  /** Replace data that is there already; it is moved aside to `<data dir>/replaced-<time>/`. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was there before went, when there was any. */
  movedAside: string | undefined;
}

const sideFiles = (dbFile: string) => [dbFile, `${dbFile}-wal`, `${dbFile}-shm`];

/**
 * Restores a backup archive into a data folder. Refuses while a `formloom serve` uses the folder
 * (the instance lock), and refuses to replace existing data unless `force`; even then the old
 * database, uploads and key are moved aside, not deleted. The archive is unpacked and checked
 * (manifest, SQLite integrity, row counts as the manifest says) before anything is replaced.
 */
export async function restoreSqlite(options: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(options.from)) throw new RestoreError(`no backup at ${options.from}`);
  return withDataDirToItself(options.dataDir, async () => {
    const uploadsDir = join(options.dataDir, 'uploads');
    const keyFile = join(options.dataDir, SECRET_KEY_FILE);
    const existing = [...sideFiles(options.dbFile), uploadsDir].filter((path) => existsSync(path));
    if (existing.length > 0 && options.force !== true) {
      throw new RestoreError(
        `${options.dataDir} already has data (${existing.join(', ')}): pass --force to replace it (it is moved aside, not deleted)`,
      );
    }
    mkdirSync(options.dataDir, { recursive: true });
    const unpacked = mkdtempSync(join(options.dataDir, '.restore-'));
    try {
      const tar = await import('tar');
      await tar.extract({ file: options.from, cwd: unpacked, strict: true });
      const manifest = readManifest(join(unpacked, MANIFEST_NAME));
      const db = join(unpacked, BACKUP_DB_NAME);
      const found = describeSqliteFile(db, { check: true });
      for (const [table, rows] of Object.entries(manifest.tables)) {
        if (found.tables[table] !== rows) {
          throw new RestoreError(
            `the backup's ${table} has ${found.tables[table] ?? 'no'} rows, its manifest says ${rows}: the archive is damaged`,
          );
        }
      }

      let movedAside: string | undefined;
      const hasKey = manifest.secretKey && existsSync(join(unpacked, SECRET_KEY_FILE));
      const replaced = [...existing, ...(hasKey && existsSync(keyFile) ? [keyFile] : [])];
      if (replaced.length > 0) {
        movedAside = join(options.dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
        mkdirSync(movedAside);
        for (const path of replaced) renameSync(path, join(movedAside, path.split('/').at(-1)!));
      }
      mkdirSync(dirname(options.dbFile), { recursive: true });
      renameSync(db, options.dbFile);
      if (existsSync(join(unpacked, 'uploads'))) renameSync(join(unpacked, 'uploads'), uploadsDir);
      if (hasKey) {
        renameSync(join(unpacked, SECRET_KEY_FILE), keyFile);
        chmodSync(keyFile, 0o600);
      }
      return { manifest, movedAside };
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });
}

function readManifest(file: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreError('this is not a formloom backup: it has no readable manifest.json');
  }
  if (manifest.format !== 'formloom-backup' || manifest.version !== 1) {
    throw new RestoreError(
      `this is not a formloom backup this version can read (${manifest.format} ${manifest.version})`,
    );
  }
  return manifest;
}
