import { PAGING } from '@formloom/contract';
import { APIPromise } from './api-promise.js';
import { FormloomError } from './error.js';

/** The paging fields beside the items of every paged list answer. */
export interface PageInfo {
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

/** `page` and `limit` of a list call; the other filters ride along unchanged from page to page. */
export interface PageParams {
  page?: number;
  limit?: number;
}

/**
 * Caps of {@link PagePromise.collect}; the defaults are the workflow node's, so both stop at the same place.
 */
export interface CollectOptions {
  /** Default 50. */
  maxPages?: number;
  /** Default 5,000. */
  maxItems?: number;
}

export interface CollectResult<Item> {
  items: Item[];
  /** True when a cap stopped the walk before the last item. */
  truncated: boolean;
  /** Pages fetched. */
  pages: number;
}

export const COLLECT_DEFAULTS = { maxPages: 50, maxItems: 5_000 } as const;

type FetchPage<Data, Q> = (query: Q) => APIPromise<Data>;

/**
 * One page of a list: `items`, the paging fields, the whole answer as `data` (e.g.
 * `{forms, total, page, limit, hasMore}`), and helpers to walk on.
 */
export class Page<Item, Data extends PageInfo = PageInfo, Q extends PageParams = PageParams>
  implements AsyncIterable<Item>
{
  readonly items: Item[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
  readonly hasMore: boolean;

  constructor(
    readonly data: Data,
    private readonly itemsOf: (data: Data) => Item[],
    private readonly query: Q,
    private readonly fetchPage: FetchPage<Data, Q>,
  ) {
    this.items = itemsOf(data);
    this.total = data.total;
    this.page = data.page;
    this.limit = data.limit;
    this.hasMore = data.hasMore;
  }

  hasNextPage(): boolean {
    return this.hasMore && this.items.length > 0;
  }

  /** The next page, same filters. Check {@link hasNextPage} first. */
  getNextPage(): PagePromise<Item, Data, Q> {
    if (!this.hasNextPage()) {
      throw new FormloomError('No next page: check hasNextPage() before calling getNextPage()');
    }
    return new PagePromise(this.fetchPage, { ...this.query, page: this.page + 1 } as Q, this.itemsOf);
  }

  /** This page and each following one. */
  async *iterPages(): AsyncGenerator<Page<Item, Data, Q>> {
    let page: Page<Item, Data, Q> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Every item of this page and the following ones. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.items;
  }
}

/**
 * What `list()` returns: await it for one page, or `for await` it for every item over all
 * pages (fetched one at a time, as the loop needs them).
 *
 * ```ts
 * const page = await client.forms.list({ limit: 100 });
 * for await (const form of client.forms.list({ search: 'survey' })) console.log(form.title);
 * const { items, truncated } = await client.forms.list().collect({ maxItems: 1000 });
 * ```
 */
export class PagePromise<Item, Data extends PageInfo = PageInfo, Q extends PageParams = PageParams>
  extends APIPromise<Page<Item, Data, Q>>
  implements AsyncIterable<Item>
{
  constructor(
    private readonly fetchPage: FetchPage<Data, Q>,
    private readonly query: Q,
    private readonly itemsOf: (data: Data) => Item[],
  ) {
    const first = fetchPage(query);
    super(
      () => first.asResponse(),
      async (response) => new Page(await first._parse(response), itemsOf, query, fetchPage),
    );
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    yield* await this;
  }

  /**
   * Walks the pages into one array, stopping at `maxPages` pages or `maxItems` items (defaults 50
   * and 5,000); `truncated` says whether a cap cut it short. Pages are fetched 100 items at a time
   * unless the call set `limit`.
   */
  async collect(options: CollectOptions = {}): Promise<CollectResult<Item>> {
    const maxPages = options.maxPages ?? COLLECT_DEFAULTS.maxPages;
    const maxItems = options.maxItems ?? COLLECT_DEFAULTS.maxItems;
    const query = { ...this.query, limit: this.query.limit ?? PAGING.maxLimit } as Q;
    const first = await new PagePromise(this.fetchPage, query, this.itemsOf);
    const items: Item[] = [];
    let pages = 0;
    let truncated = false;
    for await (const page of first.iterPages()) {
      pages++;
      const room = maxItems - items.length;
      items.push(...page.items.slice(0, room));
      if (page.items.length > room) {
        truncated = true;
        break;
      }
      if (!page.hasNextPage()) break;
      if (pages >= maxPages || items.length >= maxItems) {
        truncated = true;
        break;
      }
    }
    return { items, truncated, pages };
  }
}
