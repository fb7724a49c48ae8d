import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testPostgresUrl } from '../../test/support/test-database.js';
import { createDb } from './create-db.js';
import { dialectOf } from './dialect.js';
import { describePostgresUrl } from './dialects/postgres.js';
import { MIGRATIONS } from './migrations/index.js';

describe('createDb', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens SQLite in the data dir with WAL, a busy timeout and foreign keys, migrated', async () => {
    const handle = await createDb({ dataDir });
    try {
      expect(handle.dialect).toBe('sqlite');
      expect(handle.description).toBe(`sqlite:${join(dataDir, 'formloom.db')}`);
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      const applied = await sql<{ name: string }>`select name from formloom_migration order by name`.execute(
        handle.db,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
    } finally {
      await handle.close();
    }
  });

  it('migrating again is a no-op, and data survives reopening', async () => {
    const first = await createDb({ dataDir });
    await first.db
      .insertInto('accounts')
      .values({ id: 'a1', name: 'kept', plan: 'PRO', created_at: new Date().toISOString() })
      .execute();
    await first.close();
    const second = await createDb({ dataDir });
    try {
      expect((await second.db.selectFrom('accounts').select('name').execute()).map((r) => r.name)).toEqual([
        'kept',
      ]);
    } finally {
      await second.close();
    }
  });

  it('takes sqlite: URLs, sends postgres:// ones to PostgreSQL, and explains the ones it cannot serve', async () => {
    const file = join(dataDir, 'other.db');
    const handle = await createDb({ dataDir, url: `sqlite:${file}` });
    expect(handle.description).toBe(`sqlite:${file}`);
    expect(dialectOf(handle.db)).toBe('sqlite');
    await handle.close();
    // Nothing listens on port 1: the pg driver's own error, from the first migration query.
    await expect(createDb({ dataDir, url: 'postgres://u:secret@127.0.0.1:1/db' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    await expect(createDb({ dataDir, url: 'mysql://h/db' })).rejects.toThrow(/must start with sqlite:/);
  });

  it('describes a PostgreSQL URL without its password', () => {
    expect(describePostgresUrl('postgres://app:s3cret@db.internal:5432/formloom?sslmode=require')).toBe(
      'postgres://app:***@db.internal:5432/formloom?sslmode=require',
    );
    expect(describePostgresUrl('postgresql://app@db/formloom')).toBe('postgresql://app@db/formloom');
  });
});

describe.runIf(testPostgresUrl() !== undefined)('createDb on PostgreSQL', () => {
  it('opens a pool, migrates once even when two instances start together, and reopens', async () => {
    const database = await createTestDatabase('postgres', 'create-db');
    try {
      // Two servers starting at the same moment on a new database: kysely's migration lock lets
      // one migrate while the other waits, then finds nothing to do.
      const [a, b] = await Promise.all([
        createDb({ dataDir: database.dataDir, url: database.url }),
        createDb({ dataDir: database.dataDir, url: database.url }),
      ]);
      expect(a.dialect).toBe('postgres');
      expect(dialectOf(a.db)).toBe('postgres');
      expect(a.description).toBe(database.url);
      const applied = await sql<{ name: string }>`select name from formloom_migration order by name`.execute(
        a.db,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
      await a.db
        .insertInto('accounts')
        .values({ id: 'a1', name: 'kept', plan: 'PRO', created_at: new Date().toISOString() })
        .execute();
      await a.close();
      await b.close();
      const again = await createDb({ dataDir: database.dataDir, url: database.url });
      try {
        const rows = await again.db.selectFrom('accounts').select(['name', 'credit_balance']).execute();
        // Integers read back as numbers, as on SQLite.
        expect(rows).toEqual([{ name: 'kept', credit_balance: 0 }]);
      } finally {
        await again.close();
      }
    } finally {
      await database.drop();
    }
  });
});
