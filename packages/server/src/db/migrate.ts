import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

/** Brings the database to the newest migration. Throws the migration's own error when one fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    migrationTableName: 'formloom_migration',
    migrationLockTableName: 'formloom_migration_lock',
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration "${failed}" failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
