import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely';

/** Stands where a value goes in a query built once; replaced by the value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

export interface PreparedQuery<DB, P, R> {
  /**
   * Runs the query with `values` on `db` (the database or a transaction). The SQL is compiled
   * once per `root`: the database `db` belongs to, so every transaction of it shares one
   * compilation. Without `root`, `db` itself is the key.
   */
  run(db: Kysely<DB>, values: P, root?: Kysely<DB>): Promise<QueryResult<R>>;
}

/**
 * A query built and compiled to SQL once, then run many times with new values. kysely builds an
 * immutable tree and compiles it on every call, which for a small statement costs about as much
 * CPU as SQLite needs to run it. `build` receives stand-ins for the values; kysely binds them as
 * parameters like any value, and each run binds the real values in their place.
 *
 * Only for queries whose SQL does not depend on the values (comparisons, inserted and set values;
 * not `in` lists or optional clauses): compiling checks that each stand-in is bound exactly once.
 * A value used in several places is read once for each (`p.one` three times is three stand-ins).
 *
 * ```ts
 * const byCode = preparedQuery((db: Db, p: { code: string }) =>
 *   db.selectFrom('forms').selectAll().where('share_code', '=', p.code),
 * );
 * const [form] = (await byCode.run(trx, { code }, db)).rows;
 * ```
 */
export function preparedQuery<DB, P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: P) => Compilable<R>,
): PreparedQuery<DB, P, R> {
  // A WeakMap, so a database (or a transaction used as its own key) takes its entry with it.
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<R>>();

  function compile(db: Kysely<DB>): CompiledQuery<R> {
    // Each read of a value hands out a stand-in of its own, so a value may be used in several
    // places (read once for each), but every stand-in read must be bound exactly once.
    const handedOut: Slot[] = [];
    const stand = new Proxy({} as P, {
      get: (_target, name) => {
        const slot = new Slot(String(name));
        handedOut.push(slot);
        return slot;
      },
    });
    const query = build(db, stand).compile();
    const bound = query.parameters.filter((v): v is Slot => v instanceof Slot);
    // A stand-in read while building but not bound (a branch on it), or bound twice, would make
    // the SQL depend on the values.
    if (bound.length !== handedOut.length || new Set(bound).size !== handedOut.length) {
      throw new Error(`prepared query must bind each value exactly once: ${query.sql}`);
    }
    return query;
  }

  return {
    async run(db, values, root = db) {
      let query = compiled.get(root);
      if (query === undefined) {
        query = compile(root);
        compiled.set(root, query);
      }
      const parameters = query.parameters.map((v) => (v instanceof Slot ? values[v.name] : v));
      return db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    },
  };
}
