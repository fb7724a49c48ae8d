import { contract } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import type { Formloom } from '../src/index.js';
import { client, mockFetch, ok } from './support/mock-fetch.js';

const SETTINGS = {
  issuer: 'https://login.example.com/realms/acme',
  clientId: 'formloom',
  allowedDomains: ['acme.com'],
  defaultRole: 'editor' as const,
  enforce: true,
};

/** Every route of the single sign-on router, the SDK method that calls it and the request it must send. */
const CALLS: Record<
  string,
  [call: (c: Formloom) => Promise<unknown>, method: string, path: string, body?: unknown]
> = {
  getSso: [(c) => c.sso.retrieve(), 'GET', '/v1/me/sso'],
  // No client secret: the stored one stays, so the body must not carry the key at all.
  putSso: [(c) => c.sso.update(SETTINGS), 'PUT', '/v1/me/sso', SETTINGS],
  deleteSso: [(c) => c.sso.disable(), 'DELETE', '/v1/me/sso'],
  requestSsoRecovery: [
    (c) => c.sso.requestRecovery({ email: 'owner@acme.com', language: 'de' }),
    'POST',
    '/v1/auth/sso/recovery',
    { email: 'owner@acme.com', language: 'de' },
  ],
  confirmSsoRecovery: [
    (c) => c.sso.confirmRecovery({ email: 'owner@acme.com', code: '01234567' }),
    'POST',
    '/v1/auth/sso/recovery/confirm',
    { email: 'owner@acme.com', code: '01234567' },
  ],
};

describe('client.sso', () => {
  it('has a method for every route of the single sign-on router', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(contract.sso).sort());
  });

  it.each(Object.entries(CALLS))(
    '%s sends its method, path and body',
    async (name, [call, method, path, body]) => {
      expect(contract.sso[name as keyof typeof contract.sso].method).toBe(method);
      const { fetch, requests } = mockFetch(() => ok({}));
      await call(client(fetch)).catch(() => undefined);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.method).toBe(method);
      expect(requests[0]!.url.pathname).toBe(path);
      if (body !== undefined) expect(JSON.parse(requests[0]!.body)).toEqual(body);
    },
  );
});
