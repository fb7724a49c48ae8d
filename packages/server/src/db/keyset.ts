import type { Expression, ExpressionBuilder, ReferenceExpression, SqlBool } from 'kysely';

/**
 * Every row of a query a page at a time by keyset paging: `page(after)` reads up to `size` rows
 * that sort after `after` (the last row of the page before; undefined for the first page). Each
 * page is its own short query, so a long read never holds a connection (SQLite has one) or a
 * snapshot between pages, and memory holds one page whatever the row count. Stops at the first
 * page shorter than `size`, or when the reader stops iterating.
 *
 * ```ts
 * for await (const rows of keysetPages((after) => store.pageAfter(formId, after, 500), 500)) send(rows);
 * ```
 */
export async function* keysetPages<Row>(
  page: (after: Row | undefined) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/**
 * The keyset condition "sorts after this row" for an order on two columns, both ascending:
 * `a > x OR (a = x AND b > y)`. With an index on (…, a, b) the database seeks straight to the row.
 *
 * ```ts
 * query.where((eb) => sortsAfter(eb, ['submitted_at', 'id'], [last.submitted_at, last.id]))
 * ```
 */
export function sortsAfter<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  [first, second]: readonly [ReferenceExpression<DB, TB>, ReferenceExpression<DB, TB>],
  [x, y]: readonly [string, string],
): Expression<SqlBool> {
  return eb.or([
    eb(first, '>', x as never),
    eb.and([eb(first, '=', x as never), eb(second, '>', y as never)]),
  ]);
}
