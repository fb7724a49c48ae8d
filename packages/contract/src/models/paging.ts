import { z } from 'zod';

/** `maxPage` keeps every offset (page x limit) a safe integer on every database: 100,000,000 items deep. */
export const PAGING = { defaultPage: 1, defaultLimit: 20, maxLimit: 100, maxPage: 1_000_000 } as const;

/** `page` and `limit` of a paged list, coerced from the query string. */
export const PageQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGING.maxPage)
    .default(PAGING.defaultPage)
    .describe(`Page number, 1 to ${PAGING.maxPage.toLocaleString('en-US')}`),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGING.maxLimit)
    .default(PAGING.defaultLimit)
    .describe(`Items per page, 1 to ${PAGING.maxLimit}`),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The paging fields that sit beside the items of every paged list. */
export const PageInfo = z.object({
  total: z.number().int().nonnegative().describe('Items matching the filters, over all pages'),
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(PAGING.maxLimit),
  hasMore: z.boolean().describe('True when a later page has items'),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** The zod type of {@link page}'s answer, by name (declaration files refer to it, not its expansion). */
export interface PageOf<K extends string, T extends z.ZodTypeAny>
  extends z.ZodObject<z.objectUtil.extendShape<{ [P in K]: z.ZodArray<T> }, (typeof PageInfo)['shape']>> {}

/**
 * A page of items under the key `key` (`{forms: [...], total, page, limit, hasMore}`).
 *
 * ```ts
 * const FormPage = page('forms', FormListItem);
 * ```
 */
export function page<K extends string, T extends z.ZodTypeAny>(key: K, item: T): PageOf<K, T> {
  const shape = { [key]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  // The same type as PageOf<K, T>; TypeScript cannot see it while K and T are generic.
  return z.object(shape).extend(PageInfo.shape) as unknown as PageOf<K, T>;
}

/** Whether a page is followed by another, from the total count. */
export function hasMorePages(info: { total: number; page: number; limit: number }): boolean {
  return info.page * info.limit < info.total;
}
