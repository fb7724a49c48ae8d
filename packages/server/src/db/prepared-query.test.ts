import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, describeDialects, type TestDatabase } from '../../test/support/test-database.js';
import { createDb, type DbHandle } from './create-db.js';
import type { Db } from './database.js';
import { preparedQuery } from './prepared-query.js';

describeDialects('preparedQuery', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'prepared');
    handle = await createDb({ dataDir: database.dataDir, url: database.url });
    await handle.db
      .insertInto('accounts')
      .values([
        { id: 'a1', name: 'one', plan: 'PRO', created_at: '2025-01-01T00:00:00.000Z' },
        { id: 'a2', name: 'two', plan: 'MAX', created_at: '2025-01-02T00:00:00.000Z' },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('runs with new values each time, as the built query would, on the database or a transaction', async () => {
    const build = vi.fn((db: Db, p: { name: string; plan: string }) =>
      db.selectFrom('accounts').select('id').where('name', '=', p.name).where('plan', '=', p.plan),
    );
    const byName = preparedQuery(build);
    const { db } = handle;
    expect((await byName.run(db, { name: 'one', plan: 'PRO' })).rows).toEqual([{ id: 'a1' }]);
    expect((await byName.run(db, { name: 'two', plan: 'MAX' })).rows).toEqual([{ id: 'a2' }]);
    expect((await byName.run(db, { name: 'two', plan: 'PRO' })).rows).toEqual([]);
    await db.transaction().execute(async (trx) => {
      expect((await byName.run(trx, { name: 'one', plan: 'PRO' }, db)).rows).toEqual([{ id: 'a1' }]);
    });
    // Compiled once for the database and its transactions.
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('writes, with constants kept and values bound', async () => {
    const rename = preparedQuery((db: Db, p: { id: string; name: string }) =>
      db.updateTable('accounts').set({ name: p.name, plan: 'STARTER' }).where('id', '=', p.id),
    );
    const result = await rename.run(handle.db, { id: 'a2', name: 'renamed' });
    expect(Number(result.numAffectedRows)).toBe(1);
    const row = await handle.db.selectFrom('accounts').selectAll().where('id', '=', 'a2').executeTakeFirst();
    expect(row).toMatchObject({ name: 'renamed', plan: 'STARTER' });
  });

  it('refuses a query whose SQL would depend on the values', async () => {
    const branchy = preparedQuery((db: Db, p: { name: string }) =>
      p.name ? db.selectFrom('accounts').select('id') : db.selectFrom('accounts').select('name'),
    );
    await expect(branchy.run(handle.db, { name: 'one' })).rejects.toThrow(/exactly once/);
    const twice = preparedQuery((db: Db, p: { name: string }) => {
      const name = p.name;
      return db.selectFrom('accounts').select('id').where('name', '=', name).where('id', '=', name);
    });
    await expect(twice.run(handle.db, { name: 'one' })).rejects.toThrow(/exactly once/);
  });
});
