import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSqliteDb, openSqlite, withStatementCache } from './sqlite.js';

describe('withStatementCache', () => {
  it('hands out one prepared statement per SQL text, keeping the most recently used', () => {
    const sqlite = openSqlite({ file: ':memory:' });
    const cached = withStatementCache(sqlite, 2);
    const one = cached.prepare('select 1 as n');
    expect(cached.prepare('select 1 as n')).toBe(one);
    const two = cached.prepare('select 2 as n');
    cached.prepare('select 1 as n'); // now the most recent
    cached.prepare('select 3 as n'); // evicts "select 2", the least recently used
    expect(cached.prepare('select 1 as n')).toBe(one);
    expect(cached.prepare('select 2 as n')).not.toBe(two);
    expect(one.all([])).toEqual([{ n: 1 }]);
    cached.close();
  });

  it('a cached statement follows schema changes and binds fresh values each run', () => {
    const sqlite = openSqlite({ file: ':memory:' });
    const cached = withStatementCache(sqlite);
    sqlite.exec('create table t (a integer)');
    const insert = cached.prepare('insert into t (a) values (?)');
    insert.run([1]);
    cached.prepare('insert into t (a) values (?)').run([2]);
    const select = () => cached.prepare('select * from t order by a').all([]);
    expect(select()).toEqual([{ a: 1 }, { a: 2 }]);
    sqlite.exec("alter table t add column b text default 'x'");
    expect(select()).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ]);
    cached.close();
  });
});

describe('transactions on a SQLite file shared with another process', () => {
  it('take the write lock at begin, so a read-then-write transaction is not refused by a commit in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formloom-sqlite-'));
    const file = join(dir, 'shared.db');
    const { db, close } = createSqliteDb({ file });
    // The other process: a second handle on the same file that does not wait for locks.
    const other = openSqlite({ file, busyTimeoutMs: 0 });
    try {
      await sql`create table t (n integer)`.execute(db);
      const otherWrite = () => other.prepare('insert into t (n) values (2)').run();
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) as c from t`.execute(trx);
        // A deferred begin would let this commit and then refuse the write below (SQLITE_BUSY).
        expect(otherWrite).toThrow(/database is locked/);
        await sql`insert into t (n) values (1)`.execute(trx);
      });
      otherWrite();
      const rows = other.prepare('select n from t order by n').all();
      expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      other.close();
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
