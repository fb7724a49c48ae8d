import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index.js';

/** Brings the database to the newest migration. Throws the migration's own error when one fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the database to the migration named (a key of MIGRATIONS) and no further: for tests that
 * fill a database as an earlier release left it, then migrate it.
 */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<MigrationResultSet> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration named "${name}"`);
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<unknown>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    migrationTableName: 'formloom_migration',
    migrationLockTableName: 'formloom_migration_lock',
  });
  const result = await run(migrator);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration "${failed}" failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
