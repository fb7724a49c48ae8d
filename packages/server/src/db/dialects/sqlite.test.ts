import { describe, expect, it } from 'vitest';
import { openSqlite, withStatementCache } from './sqlite.js';

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
