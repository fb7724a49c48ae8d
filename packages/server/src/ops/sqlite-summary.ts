import SqliteDatabase from 'better-sqlite3';

/** What a SQLite installation holds: its schema version and the rows of each table. */
export interface SqliteSummary {
  database: 'sqlite';
  /** Applied migrations, by name, in order. */
  migrations: string[];
  /** Rows per table (SQLite's and kysely's own tables left out). */
  tables: Record<string, number>;
}

/** kysely's bookkeeping: the migrations applied, and its lock row. */
export const MIGRATION_TABLES = ['formloom_migration', 'formloom_migration_lock'];

/** The application's tables in a SQLite database, by name. */
export function sqliteTables(db: SqliteDatabase.Database): string[] {
  const rows = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all() as { name: string }[];
  return rows.map((r) => r.name).filter((name) => !MIGRATION_TABLES.includes(name));
}

/**
 * Summarises a SQLite database file, read-only. With `check`, runs SQLite's integrity check first
 * and throws if the file is damaged.
 */
export function describeSqliteFile(file: string, options: { check?: boolean } = {}): SqliteSummary {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    if (options.check === true) {
      const result = db.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(result)}`);
    }
    const tables: Record<string, number> = {};
    for (const name of sqliteTables(db)) {
      tables[name] = (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
    }
    const migrations = (
      db.prepare('SELECT name FROM formloom_migration ORDER BY name').all() as { name: string }[]
    ).map((r) => r.name);
    return { database: 'sqlite', migrations, tables };
  } finally {
    db.close();
  }
}
