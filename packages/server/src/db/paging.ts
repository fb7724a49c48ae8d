import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from './dialect.js';

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

export interface PageOptions<DB, TB extends keyof DB, Row> {
  /** The number of rows matching `base`, when the caller keeps it already: no count query. */
  total?: number | undefined;
  /**
   * `rows` in exactly the opposite order (every sort column flipped). With it, a page in the back
   * half is read from the far end: OFFSET walks the rows it skips, so page 1000 of 1000 would walk
   * 99,900 index entries forwards but none backwards.
   */
  reversed?: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>;
}

/**
 * One page of a filtered query and the total over all pages. `rows` adds the selection and the
 * order to the filtered base; the count runs on the base alone.
 */
export async function selectPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  paging: Paging,
  options: PageOptions<DB, TB, Row> = {},
): Promise<{ rows: Row[]; total: number }> {
  const offset = (paging.page - 1) * paging.limit;
  const { reversed } = options;
  if (reversed === undefined && options.total === undefined) {
    const [items, total] = await Promise.all([
      rows(base).limit(paging.limit).offset(offset).execute(),
      countRows(base),
    ]);
    return { rows: items, total };
  }
  const total = options.total ?? (await countRows(base));
  const after = total - offset - paging.limit; // rows beyond this page
  if (reversed === undefined || after >= offset) {
    return { rows: await rows(base).limit(paging.limit).offset(offset).execute(), total };
  }
  if (offset >= total) return { rows: [], total };
  // The same rows counted from the other end: skip those after the page, take the page's rows.
  const backwards = await reversed(base)
    .limit(Math.min(paging.limit, total - offset))
    .offset(Math.max(0, after))
    .execute();
  return { rows: backwards.reverse(), total };
}

async function countRows<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const count = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number((count as { n?: unknown } | undefined)?.n ?? 0);
}

/**
 * `title_search like '%<text>%'`, with `%`, `_` and the escape character itself literal in
 * `text` (already lower-cased): a case-insensitive title search that means the same on every dialect.
 */
export function titleContains(text: string): RawBuilder<boolean> {
  return sql<boolean>`title_search like ${containsPattern(text)} escape '\\'`;
}
