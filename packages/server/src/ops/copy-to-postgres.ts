import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { createDb } from '../db/create-db.js';
import { withDataDirToItself } from './instance-lock.js';
import { MIGRATION_TABLES, sqliteTables } from './sqlite-summary.js';

/**
 * The target's record of a copy under way: one row per table, written in the same transaction as
 * each batch, so a copy that stops (a crash, a lost connection, Ctrl-C) goes on from the last
 * committed batch when run again. Dropped when the copy is verified.
 */
const PROGRESS_TABLE = 'formloom_copy_progress';

export class CopyError extends Error {
  override name = 'CopyError';
}

export interface CopyOptions {
  /** The SQLite database to copy (not changed, except for pending migrations). */
  sqliteFile: string;
  /** Its data folder: held for the copy, so no `formloom serve` writes to the source meanwhile. */
  dataDir: string;
  /** An empty PostgreSQL database (or one holding a copy stopped half-way). */
  postgresUrl: string;
  /** Rows per batch (default 1,000; fewer for wide tables). */
  batchSize?: number;
  /** Stops the copy between batches; run again to resume. */
  signal?: AbortSignal;
  onProgress?: (progress: { table: string; copied: number; total: number }) => void;
}

export interface CopyResult {
  /** Rows per table, equal on both sides. */
  tables: Record<string, number>;
  /** Whether this run went on from a copy that had stopped. */
  resumed: boolean;
}

interface Column {
  name: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables in an order where every table comes after the tables its foreign keys point at, found
 * from the schema (PRAGMA foreign_key_list), so tables added later need no list kept here.
 */
function insertionOrder(source: SqliteDatabase.Database, tables: string[]): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') {
      throw new CopyError(
        `foreign keys form a cycle (${[...path, table].join(' -> ')}): cannot order the copy`,
      );
    }
    state.set(table, 'visiting');
    const refs = source.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all() as { table: string }[];
    for (const ref of refs)
      if (ref.table !== table && tables.includes(ref.table)) visit(ref.table, [...path, table]);
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of tables) visit(table, []);
  return order;
}

async function targetTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((name) => !MIGRATION_TABLES.includes(name) && name !== PROGRESS_TABLE);
}

async function targetColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  return rows.map((r) => r.name).sort();
}

async function countRows(db: Kysely<unknown>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Checks both sides have the same tables with the same columns; fails loudly on any difference. */
async function matchSchemas(source: SqliteDatabase.Database, target: Kysely<unknown>) {
  const fromTables = sqliteTables(source);
  const toTables = await targetTables(target);
  const onlySource = fromTables.filter((t) => !toTables.includes(t));
  const onlyTarget = toTables.filter((t) => !fromTables.includes(t));
  if (onlySource.length > 0 || onlyTarget.length > 0) {
    throw new CopyError(
      `the two schemas differ (only in SQLite: ${onlySource.join(', ') || 'none'}; only in PostgreSQL: ${onlyTarget.join(', ') || 'none'}): run the same formloom version on both`,
    );
  }
  const columns = new Map<string, Column[]>();
  for (const table of fromTables) {
    const fromColumns = (source.prepare(`PRAGMA table_info(${quote(table)})`).all() as Column[]).map(
      (c) => c.name,
    );
    const toColumns = await targetColumns(target, table);
    if (JSON.stringify([...fromColumns].sort()) !== JSON.stringify(toColumns)) {
      throw new CopyError(
        `table ${table} has columns ${fromColumns.join(', ')} in SQLite but ${toColumns.join(', ')} in PostgreSQL`,
      );
    }
    columns.set(
      table,
      fromColumns.map((name) => ({ name })),
    );
  }
  return { tables: insertionOrder(source, fromTables), columns };
}

/**
 * Copies a SQLite installation into an empty PostgreSQL database: every table the schema has
 * (found from the schema itself, in foreign-key order), row for row with ids, timestamps, sealed
 * secrets and the webhook outbox's state as they are, in batches. Each batch and its progress
 * row commit together, so a stopped copy resumes where it stopped. At the end the row counts of
 * every table are compared, and the copy fails if any differs.
 *
 * Sealed webhook secrets stay sealed: the PostgreSQL instances need the same secret key
 * (FORMLOOM_SECRET_KEY) as the SQLite installation had.
 */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyResult> {
  return withDataDirToItself(options.dataDir, async () => {
    // Both sides on the latest schema first (the source's pending migrations, the target's all).
    await (await createDb({ url: `sqlite:${options.sqliteFile}`, dataDir: options.dataDir })).close();
    const targetHandle = await createDb({ url: options.postgresUrl, dataDir: options.dataDir, poolSize: 2 });
    const target = targetHandle.db as Kysely<unknown>;
    const source = new SqliteDatabase(options.sqliteFile, { readonly: true, fileMustExist: true });
    try {
      const { tables, columns } = await matchSchemas(source, target);
      const resumed =
        (await sql<{ t: string | null }>`SELECT to_regclass(${PROGRESS_TABLE}) AS t`.execute(target)).rows[0]!
          .t !== null;
      if (!resumed) {
        for (const table of tables) {
          const rows = await countRows(target, table);
          if (rows > 0) {
            throw new CopyError(
              `the PostgreSQL database is not empty (${table} has ${rows} rows): copy into a new, empty database`,
            );
          }
        }
        await sql`CREATE TABLE ${sql.table(PROGRESS_TABLE)} (
          table_name text PRIMARY KEY, last_rowid bigint NOT NULL, rows_copied bigint NOT NULL)`.execute(
          target,
        );
      }

      const counts: Record<string, number> = {};
      for (const table of tables) {
        counts[table] = await copyTable(source, target, table, columns.get(table)!, options);
      }

      // The verdict: the same number of rows on both sides, table by table.
      for (const table of tables) {
        const copied = await countRows(target, table);
        if (copied !== counts[table]) {
          throw new CopyError(
            `${table}: ${counts[table]} rows in SQLite but ${copied} in PostgreSQL after the copy`,
          );
        }
      }
      await resetSequences(target, tables);
      await sql`DROP TABLE ${sql.table(PROGRESS_TABLE)}`.execute(target);
      return { tables: counts, resumed };
    } finally {
      source.close();
      await targetHandle.close();
    }
  });
}

async function copyTable(
  source: SqliteDatabase.Database,
  target: Kysely<unknown>,
  table: string,
  columns: Column[],
  options: CopyOptions,
): Promise<number> {
  const total = (source.prepare(`SELECT count(*) AS n FROM ${quote(table)}`).get() as { n: number }).n;
  const progress = await sql<{ last_rowid: string; rows_copied: string }>`
    SELECT last_rowid, rows_copied FROM ${sql.table(PROGRESS_TABLE)} WHERE table_name = ${table}`.execute(
    target,
  );
  let lastRowid = BigInt(progress.rows[0]?.last_rowid ?? 0);
  let copied = Number(progress.rows[0]?.rows_copied ?? 0);
  // PostgreSQL takes at most 65,535 parameters a statement.
  const batch = Math.max(1, Math.min(options.batchSize ?? 1000, Math.floor(30_000 / columns.length)));
  const names = columns.map((c) => quote(c.name)).join(', ');
  // safeIntegers: whole numbers come as BigInt, so none past 2^53 is rounded on the way.
  const read = source
    .prepare(
      `SELECT rowid AS "__rowid", ${names} FROM ${quote(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    )
    .safeIntegers(true);
  for (;;) {
    if (options.signal?.aborted) throw new CopyError('the copy was stopped; run the command again to resume');
    const rows = read.all(lastRowid, batch) as Record<string, unknown>[];
    if (rows.length === 0) break;
    lastRowid = rows.at(-1)!.__rowid as bigint;
    const values = rows.map((row) =>
      Object.fromEntries(
        columns.map((c) => {
          const value = row[c.name];
          return [c.name, typeof value === 'bigint' ? value.toString() : value];
        }),
      ),
    );
    copied += rows.length;
    await target.transaction().execute(async (trx) => {
      await (trx as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto(table)
        .values(values)
        .execute();
      await sql`INSERT INTO ${sql.table(PROGRESS_TABLE)} (table_name, last_rowid, rows_copied)
        VALUES (${table}, ${lastRowid.toString()}, ${copied})
        ON CONFLICT (table_name) DO UPDATE SET last_rowid = excluded.last_rowid, rows_copied = excluded.rows_copied`.execute(
        trx,
      );
    });
    options.onProgress?.({ table, copied, total });
  }
  return total;
}

/** Columns fed by a sequence (serial, identity) continue after the copied values. */
async function resetSequences(target: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await sql<{ column_name: string; seq: string | null }>`
      SELECT column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(target);
    for (const { column_name, seq } of rows) {
      if (seq === null) continue;
      await sql`SELECT setval(${seq}, coalesce((SELECT max(${sql.ref(column_name)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
        target,
      );
    }
  }
}
