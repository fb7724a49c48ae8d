import { describe, expect, it } from 'vitest';
import { Formloom, FormloomError } from '../src/index.js';
import { API_KEY, client, FORM_ID, mockFetch, ok } from './support/mock-fetch.js';

const RATE_HEADERS = {
  'x-ratelimit-limit': '200',
  'x-ratelimit-remaining': '199',
  'x-ratelimit-reset': '1750000000',
  'x-monthly-limit': '2000',
  'x-monthly-used': '17',
  'x-monthly-reset': '2025-02-01T00:00:00.000Z',
  'x-request-id': 'req_42',
};
const PARSED = {
  limit: 200,
  remaining: 199,
  reset: 1_750_000_000,
  monthlyLimit: 2000,
  monthlyUsed: 17,
  monthlyReset: Date.parse('2025-02-01T00:00:00.000Z') / 1000,
};

describe('results', () => {
  it('unwrap the envelope and carry the parsed rate-limit headers, out of sight', async () => {
    const { fetch } = mockFetch(() => ok({ id: FORM_ID, title: 'T' }, RATE_HEADERS));
    const form = await client(fetch).forms.retrieve(FORM_ID);
    expect(form).toEqual({ id: FORM_ID, title: 'T' });
    expect(form._rateLimit).toEqual(PARSED);
    expect(form._requestId).toBe('req_42');
    expect(Object.keys(form)).toEqual(['id', 'title']);
    expect(JSON.stringify(form)).toBe(`{"id":"${FORM_ID}","title":"T"}`);
  });

  it('offer withResponse() and asResponse()', async () => {
    const { fetch } = mockFetch(() => ok({ id: FORM_ID }, RATE_HEADERS));
    const c = client(fetch);
    const { data, response, rateLimit, requestId } = await c.forms.retrieve(FORM_ID).withResponse();
    expect(data).toEqual({ id: FORM_ID });
    expect(response.status).toBe(200);
    expect(rateLimit).toEqual(PARSED);
    expect(requestId).toBe('req_42');
    const raw = await c.forms.retrieve(FORM_ID).asResponse();
    expect(await raw.json()).toEqual({ message: 'OK', data: { id: FORM_ID }, error: null });
  });

  it('carry the rate-limit headers on a page too', async () => {
    const { fetch } = mockFetch(() =>
      ok({ forms: [], total: 0, page: 1, limit: 20, hasMore: false }, RATE_HEADERS),
    );
    const page = await client(fetch).forms.list();
    expect(page._rateLimit).toEqual(PARSED);
  });

  it('report missing headers as undefined', async () => {
    const { fetch } = mockFetch(() => ok({ id: FORM_ID }));
    const form = await client(fetch).forms.retrieve(FORM_ID);
    expect(Object.values(form._rateLimit).every((v) => v === undefined)).toBe(true);
  });
});

describe('client', () => {
  it('sends the key, JSON and the path built from the contract', async () => {
    const { fetch, requests } = mockFetch(() => ok({ id: FORM_ID }));
    await client(fetch).forms.fields.update(FORM_ID, 'e mail/1', { label: 'Email' });
    const [request] = requests;
    expect(request!.method).toBe('PATCH');
    expect(request!.url.href).toBe(`http://api.test/v1/forms/${FORM_ID}/fields/e%20mail%2F1`);
    expect(request!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ label: 'Email' });
  });

  it('reads FORMLOOM_API_KEY and FORMLOOM_BASE_URL from the environment', async () => {
    const saved = { key: process.env.FORMLOOM_API_KEY, url: process.env.FORMLOOM_BASE_URL };
    try {
      delete process.env.FORMLOOM_API_KEY;
      delete process.env.FORMLOOM_BASE_URL;
      expect(() => new Formloom()).toThrow(FormloomError);
      expect(() => new Formloom()).toThrow(/FORMLOOM_API_KEY/);
      process.env.FORMLOOM_API_KEY = API_KEY;
      expect(new Formloom().baseUrl).toBe('http://localhost:3000/v1');
      process.env.FORMLOOM_BASE_URL = 'https://forms.example.com/v1/';
      const { fetch, requests } = mockFetch(() => ok({ id: 'acc' }));
      await new Formloom({ fetch }).me.retrieve();
      expect(requests[0]!.url.href).toBe('https://forms.example.com/v1/me');
      expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    } finally {
      for (const [name, value] of [
        ['FORMLOOM_API_KEY', saved.key],
        ['FORMLOOM_BASE_URL', saved.url],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('rejects a missing path parameter without sending anything', async () => {
    const { fetch, requests } = mockFetch(() => ok({}));
    await expect(client(fetch).forms.retrieve('')).rejects.toThrow(/Missing path parameter "id"/);
    expect(requests).toHaveLength(0);
  });

  it('rejects bad numeric options', () => {
    expect(() => new Formloom({ apiKey: API_KEY, maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => new Formloom({ apiKey: API_KEY, timeout: 1.5 })).toThrow(/timeout/);
  });

  it('sends extra and default headers', async () => {
    const { fetch, requests } = mockFetch(() => ok({}));
    const c = new Formloom({
      apiKey: API_KEY,
      baseUrl: 'http://x/v1',
      fetch,
      defaultHeaders: { 'x-app': 'a' },
    });
    await c.me.retrieve({ headers: { 'x-trace': 't' } });
    expect(requests[0]!.headers.get('x-app')).toBe('a');
    expect(requests[0]!.headers.get('x-trace')).toBe('t');
  });
});
