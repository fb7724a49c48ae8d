import { vi } from 'vitest';
import { Formloom } from '../../src/index.js';

export type Handler = (request: Request, attempt: number) => Response | Promise<Response>;

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * A `fetch` that answers from `handlers` in turn (the last one repeats) and records each request.
 */
export function mockFetch(...handlers: Handler[]) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const attempt = requests.length;
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body: await request.clone().text(),
    });
    const handler = handlers[Math.min(attempt, handlers.length - 1)]!;
    return handler(request, attempt);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A success envelope. */
export function ok(data: unknown, headers: Record<string, string> = {}, status = 200): Response {
  return json(status, { message: 'OK', data, error: null }, headers);
}

export function errorAnswer(
  status: number,
  error: string,
  extra: object = {},
  headers: Record<string, string> = {},
) {
  return json(status, { message: `failed: ${error}`, data: null, error, ...extra }, headers);
}

export const BASE_URL = 'http://api.test/v1';
export const API_KEY = `formloom_${'a'.repeat(12)}.${'b'.repeat(64)}`;

export function client(
  fetch: typeof globalThis.fetch,
  options: { maxRetries?: number; timeout?: number } = {},
) {
  return new Formloom({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, ...options });
}

export const FORM_ID = '6f1c1a52-3c3e-4a55-9a6e-1f2d3c4b5a69';
export const OTHER_ID = '0b7e2f4a-8d1c-4e5f-a6b7-c8d9e0f1a2b3';
