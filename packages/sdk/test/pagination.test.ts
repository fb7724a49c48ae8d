import { describe, expect, it } from 'vitest';
import { COLLECT_DEFAULTS, Page } from '../src/index.js';
import { client, FORM_ID, mockFetch, ok } from './support/mock-fetch.js';

/** A fake list route over `total` forms, honouring page and limit. */
function formsServer(total: number) {
  return mockFetch((request) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const start = (page - 1) * limit;
    const forms = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
      id: `form-${start + i}`,
      title: `Form ${start + i}`,
    }));
    return ok({ forms, total, page, limit, hasMore: page * limit < total });
  });
}

describe('pagination', () => {
  it('awaits one page with the query sent as given', async () => {
    const { fetch, requests } = formsServer(250);
    const page = await client(fetch).forms.list({ limit: 100, search: 'sur vey' });
    expect(page).toBeInstanceOf(Page);
    expect(page.items).toHaveLength(100);
    expect(page).toMatchObject({ total: 250, page: 1, limit: 100, hasMore: true });
    expect(page.data.forms[0]).toEqual({ id: 'form-0', title: 'Form 0' });
    expect(page.hasNextPage()).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/v1/forms');
    expect(requests[0]!.url.searchParams.get('search')).toBe('sur vey');
    expect(requests[0]!.url.searchParams.get('limit')).toBe('100');

    const next = await page.getNextPage();
    expect(next.page).toBe(2);
    expect(requests[1]!.url.searchParams.get('page')).toBe('2');
    expect(requests[1]!.url.searchParams.get('search')).toBe('sur vey');
  });

  it('walks every item with for await, one page at a time', async () => {
    const { fetch, requests } = formsServer(45);
    const ids: string[] = [];
    for await (const form of client(fetch).forms.list()) ids.push(form.id);
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => `form-${i}`));
    expect(requests.map((r) => r.url.searchParams.get('page'))).toEqual([null, '2', '3']);
  });

  it('fetches no further page than the loop needs', async () => {
    const { fetch, requests } = formsServer(1000);
    let n = 0;
    for await (const _form of client(fetch).forms.list({ limit: 10 })) {
      if (++n === 15) break;
    }
    expect(requests).toHaveLength(2);
  });

  it('iterates pages', async () => {
    const { fetch } = formsServer(5);
    const page = await client(fetch).forms.list({ limit: 2 });
    const sizes: number[] = [];
    for await (const p of page.iterPages()) sizes.push(p.items.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('sends the request once however the promise is used', async () => {
    const { fetch, requests } = formsServer(3);
    const list = client(fetch).forms.list();
    await list;
    await list;
    expect(requests).toHaveLength(1);
  });

  it('collects everything under the caps, 100 per page by default', async () => {
    const { fetch, requests } = formsServer(250);
    const result = await client(fetch).forms.list().collect();
    expect(result).toMatchObject({ truncated: false, pages: 3 });
    expect(result.items).toHaveLength(250);
    expect(requests.map((r) => r.url.searchParams.get('limit'))).toEqual(['100', '100', '100']);
  });

  it('stops at maxItems and at maxPages, and says so', async () => {
    const { fetch, requests } = formsServer(10_000);
    const c = client(fetch);
    const byItems = await c.forms.list().collect({ maxItems: 250 });
    expect(byItems).toMatchObject({ truncated: true, pages: 3 });
    expect(byItems.items).toHaveLength(250);

    requests.length = 0;
    const byPages = await c.forms.list({ limit: 10 }).collect({ maxPages: 4 });
    expect(byPages).toMatchObject({ truncated: true, pages: 4 });
    expect(byPages.items).toHaveLength(40);
    expect(requests).toHaveLength(4);

    requests.length = 0;
    const defaults = await c.forms.list().collect();
    expect(defaults.items).toHaveLength(COLLECT_DEFAULTS.maxItems);
    expect(defaults).toMatchObject({ truncated: true, pages: 50 });
    expect(requests).toHaveLength(50);
  });

  it('is not truncated when the last item exactly fills a cap', async () => {
    const { fetch } = formsServer(200);
    const result = await client(fetch).forms.list().collect({ maxItems: 200, maxPages: 2 });
    expect(result).toMatchObject({ truncated: false, pages: 2 });
  });

  it('paginates nested lists with their path parameters', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ responses: [{ id: 'r1' }], total: 2, page: 1, limit: 1, hasMore: true }),
      () => ok({ responses: [{ id: 'r2' }], total: 2, page: 2, limit: 1, hasMore: false }),
    );
    const ids: string[] = [];
    for await (const r of client(fetch).responses.list(FORM_ID, { limit: 1, startDate: '2025-01-01' })) {
      ids.push(r.id);
    }
    expect(ids).toEqual(['r1', 'r2']);
    expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      `/v1/forms/${FORM_ID}/responses?limit=1&startDate=2025-01-01`,
      `/v1/forms/${FORM_ID}/responses?limit=1&startDate=2025-01-01&page=2`,
    ]);
  });
});
