import { describe, expect, it } from 'vitest';
import { FormListQuery } from './form.js';
import { hasMorePages, PageQuery, page } from './paging.js';
import { FormResponse } from './response.js';

describe('PageQuery', () => {
  it('defaults to page 1 of 20', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('coerces query strings', () => {
    expect(PageQuery.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('refuses limit %j', (limit) => {
    expect(PageQuery.safeParse({ limit }).success).toBe(false);
  });

  it('refuses page 0', () => {
    expect(PageQuery.safeParse({ page: 0 }).success).toBe(false);
  });

  it('keeps the filters of a list query', () => {
    const query = FormListQuery.parse({ search: 'contact', since: '2025-01-01T00:00:00Z' });
    expect(query).toMatchObject({ page: 1, limit: 20, search: 'contact' });
    expect(FormListQuery.safeParse({ since: 'yesterday' }).success).toBe(false);
  });
});

describe('page', () => {
  it('puts the items under their key beside the paging fields', () => {
    const schema = page('responses', FormResponse);
    expect(Object.keys(schema.shape)).toEqual(['responses', 'total', 'page', 'limit', 'hasMore']);
  });

  it('knows when more pages follow', () => {
    expect(hasMorePages({ total: 41, page: 2, limit: 20 })).toBe(true);
    expect(hasMorePages({ total: 40, page: 2, limit: 20 })).toBe(false);
  });
});
