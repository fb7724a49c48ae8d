import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * A query built and compiled by kysely once, then run again and again with new parameters. For a
 * statement every API request runs, building and compiling the query costs more than SQLite takes
 * to execute it. `build` receives a placeholder for each parameter (a sentinel value in place of
 * the real one) and must pass each into the query as a parameter; the compiled SQL, in the
 * database's own dialect, is kept with the order of its parameters.
 *
 * ```ts
 * const byId = prepareQuery(db, ['id'], (p) => db.selectFrom('accounts').selectAll().where('id', '=', p.id));
 * const { rows } = await byId({ id });
 * ```
 */
export function prepareQuery<N extends string, R>(
  db: Db,
  names: readonly N[],
  build: (placeholders: Record<N, never>) => Compilable<R>,
): (params: Record<N, unknown>) => Promise<{ rows: R[] }> {
  const sentinel = (name: N) => `\u0000param:${name}`;
  const placeholders = Object.fromEntries(names.map((n) => [n, sentinel(n)])) as Record<N, never>;
  const compiled = build(placeholders).compile();
  const order = compiled.parameters.map((value) => {
    const name = names.find((n) => sentinel(n) === value);
    if (name === undefined)
      throw new Error(`prepared query: parameter ${String(value)} is not a placeholder`);
    return name;
  });
  return (params) =>
    db.executeQuery<R>(
      CompiledQuery.raw(
        compiled.sql,
        order.map((n) => params[n]),
      ),
    );
}
