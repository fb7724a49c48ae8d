import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the readiness probe asks the database. */
export function createHealthStore(db: Db) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** The names of the migrations the database has run. */
    async appliedMigrations(): Promise<string[]> {
      const result = await sql<{ name: string }>`select name from formloom_migration`.execute(db);
      return result.rows.map((r) => r.name);
    },
  };
}
