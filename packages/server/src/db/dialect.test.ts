import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeDialects, type TestDatabase } from '../../test/support/test-database.js';
import { createDb, type DbHandle } from './create-db.js';
import type { Database } from './database.js';
import { jsonTypeCol, jsonValueCol, sqlDialectOf, withSqlDialect } from './dialect.js';
import { openSqlite, sqliteSql } from './dialects/sqlite.js';

describeDialects('the dialect object', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'dialect');
    handle = await createDb({ url: database.url, dataDir: database.dataDir, poolSize: 4 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const account = (id: string) =>
    handle.db
      .insertInto('accounts')
      .values({ id, name: id, plan: 'PRO', created_at: new Date().toISOString() })
      .execute();

  it('is on the handle and reachable from the database, a transaction and a connection', async () => {
    expect(handle.sqlDialect.name).toBe(dialect);
    expect(sqlDialectOf(handle.db)).toBe(handle.sqlDialect);
    expect(await handle.db.transaction().execute(async (trx) => sqlDialectOf(trx))).toBe(handle.sqlDialect);
    expect(await handle.db.connection().execute(async (conn) => sqlDialectOf(conn))).toBe(handle.sqlDialect);
    expect(
      sqlDialectOf(
        handle.db.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => a.result }),
      ),
    ).toBe(handle.sqlDialect);
  });

  it('computes least, greatest and (where it has one) the median', async () => {
    const d = handle.sqlDialect;
    const n = (x: number) => sql<number>`cast(${x} as integer)`;
    const { rows } = await sql<{
      lo: number;
      hi: number;
    }>`select ${d.least([n(3), n(1), n(2)])} as lo, ${d.greatest(n(4), n(7))} as hi`.execute(handle.db);
    expect(rows.map((r) => [Number(r.lo), Number(r.hi)])).toEqual([[1, 7]]);
    if (d.median !== undefined) {
      const median = await sql<{
        m: number;
      }>`select ${d.median(sql.ref('x'))} as m from (values (1), (2), (10), (20)) as v(x)`.execute(handle.db);
      expect(Number(median.rows[0]?.m)).toBe(6);
    }
  });

  it('reads keys of a JSON text column with their types', async () => {
    await account('json');
    await handle.db
      .insertInto('webhook_events')
      .values({
        id: 'e1',
        seq: 1,
        account_id: 'json',
        type: 'test',
        payload: JSON.stringify({ s: 'hi', n: 2.5, l: ['a', 'b'], z: null }),
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const j = handle.sqlDialect.jsonKeys('webhook_events', 'payload');
    const keys = ['s', 'n', 'l', 'z', 'missing'];
    const columns = keys.flatMap((key, i) => j.columns(key, i, key === 'l'));
    const { rows } = await sql<Record<string, unknown>>`select
        ${j.isString(0)} as s_is_string, ${jsonValueCol(0)} as s,
        ${j.isNumber(1)} as n_is_number, ${j.number(1)} as n,
        ${j.hasElement(2, 'b')} as l_has_b, ${j.hasElement(2, 'c')} as l_has_c,
        ${jsonTypeCol(3)} as z_type, ${jsonTypeCol(4)} as missing_type
      from ${j.from(columns, sql`r.id = ${'e1'}`)}`.execute(handle.db);
    const row = rows[0]!;
    expect([Boolean(row.s_is_string), row.s, Boolean(row.n_is_number), Number(row.n)]).toEqual([
      true,
      'hi',
      true,
      2.5,
    ]);
    expect([Boolean(row.l_has_b), Boolean(row.l_has_c)]).toEqual([true, false]);
    expect([row.z_type, row.missing_type]).toEqual(['null', null]);
  });

  it('claims skip rows another open claim holds, where writers run at once', async () => {
    await account('claim-1');
    await account('claim-2');
    const claimable = (db: Kysely<Database>) =>
      db
        .selectFrom('accounts')
        .select('id')
        .where('id', 'in', ['claim-1', 'claim-2'])
        .orderBy('id')
        .limit(1)
        .$call(sqlDialectOf(db).skipLocked)
        .execute();
    if (!handle.sqlDialect.sharedByInstances) {
      // SQLite: one writer; the claim is the plain select.
      expect((await claimable(handle.db)).map((r) => r.id)).toEqual(['claim-1']);
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first!: string[];
    let claimed!: () => void;
    const firstClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const holder = handle.db.transaction().execute(async (trx) => {
      first = (await claimable(trx)).map((r) => r.id);
      claimed();
      await held;
    });
    await firstClaimed;
    const second = await handle.db
      .transaction()
      .execute(async (trx) => (await claimable(trx)).map((r) => r.id));
    release();
    await holder;
    expect([first, second]).toEqual([['claim-1'], ['claim-2']]);
  });
});

it('a database made outside createDb has no dialect until given one', async () => {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite({ file: ':memory:' }) }),
  });
  try {
    expect(() => sqlDialectOf(db)).toThrow(/not opened by createDb/);
    expect(sqlDialectOf(withSqlDialect(db, sqliteSql))).toBe(sqliteSql);
  } finally {
    await db.destroy();
  }
});
