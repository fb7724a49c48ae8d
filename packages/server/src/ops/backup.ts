import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SECRET_KEY_FILE } from '../crypto/secret-box.js';
import { describeSqliteFile, type SqliteSummary } from './sqlite-summary.js';

/** What a backup archive holds, as `manifest.json` at its top. */
export interface BackupManifest extends SqliteSummary {
  format: 'formloom-backup';
  version: 1;
  createdAt: string;
  /** Uploaded files under `uploads/`. */
  uploads: number;
  /** Whether `secret.key` (which seals webhook signing secrets) is in the archive. */
  secretKey: boolean;
}

export const BACKUP_DB_NAME = 'formloom.db';
export const MANIFEST_NAME = 'manifest.json';

export interface BackupOptions {
  /** The live SQLite database file. */
  dbFile: string;
  /** The data folder: `uploads/` and `secret.key` are read from here. */
  dataDir: string;
  /** The archive to write (.tar.gz); written beside itself first and renamed when complete. */
  out: string;
  /** Put `secret.key` in the archive too (default: no; keep the key apart from data copies). */
  includeSecretKey?: boolean;
}

/**
 * Backs up a SQLite installation, while it runs, into one .tar.gz: the database copied with
 * SQLite's online backup API (a consistent snapshot, taken in one step so writers never restart
 * it; WAL lets them go on meanwhile), then the uploaded files, then `manifest.json` with row counts.
 * The database is copied first: every file a copied response refers to was stored before that
 * response was committed, so it is in the folder when the files are read.
 */
/**
 * The stored files below `dir`, as paths relative to it. A file still being written is a temporary
 * `<name>.partial-<random>` (renamed when complete): not part of the data yet.
 */
function storedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.partial-[0-9a-f]+$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export async function backupSqlite(options: BackupOptions): Promise<BackupManifest> {
  if (!existsSync(options.dbFile)) throw new Error(`no database at ${options.dbFile}`);
  const outDir = dirname(options.out);
  mkdirSync(outDir, { recursive: true });
  const staging = mkdtempSync(join(outDir, `.${basename(options.out)}.staging-`));
  const partial = `${options.out}.partial`;
  try {
    const copy = join(staging, BACKUP_DB_NAME);
    const source = new SqliteDatabase(options.dbFile, { fileMustExist: true, timeout: 5000 });
    try {
      // Whole database in one step: no page copied before a concurrent commit and kept after it.
      await source.backup(copy, { progress: ({ totalPages }) => Math.max(totalPages, 1) * 2 });
    } finally {
      source.close();
    }
    // A plain file (the copy carries the source's WAL flag): nothing beside it to archive.
    const single = new SqliteDatabase(copy);
    single.pragma('journal_mode = DELETE');
    single.close();
    const summary = describeSqliteFile(copy, { check: true });

    const entries = [MANIFEST_NAME, BACKUP_DB_NAME];
    const uploadsDir = join(options.dataDir, 'uploads');
    const uploads = existsSync(uploadsDir) ? storedFiles(uploadsDir) : [];
    if (uploads.length > 0) {
      symlinkSync(uploadsDir, join(staging, 'uploads'), 'dir');
      entries.push(...uploads.map((file) => `uploads/${file}`));
    }
    const keyFile = join(options.dataDir, SECRET_KEY_FILE);
    const secretKey = options.includeSecretKey === true && existsSync(keyFile);
    if (options.includeSecretKey === true && !secretKey) {
      throw new Error(`--with-secret-key: there is no ${keyFile} (the key comes from FORMLOOM_SECRET_KEY)`);
    }
    if (secretKey) {
      symlinkSync(keyFile, join(staging, SECRET_KEY_FILE));
      entries.push(SECRET_KEY_FILE);
    }
    const manifest: BackupManifest = {
      format: 'formloom-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      ...summary,
      uploads: uploads.length,
      secretKey,
    };
    writeFileSync(join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    // tar loads for a backup only (a CLI command), not with every server.
    const tar = await import('tar');
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, follow: true }, entries);
    renameSync(partial, options.out);
    return manifest;
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}
