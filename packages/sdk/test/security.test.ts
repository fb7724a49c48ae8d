import { contract } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import type { Formloom } from '../src/index.js';
import { client, mockFetch, ok } from './support/mock-fetch.js';

/** A browser's answers, as JSON (their bytes do not matter to the SDK). */
const PASSKEY_CREATED = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};
const PASSKEY_ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** Every route of the security router, the SDK method that calls it and the request it must send. */
const CALLS: Record<
  string,
  [call: (c: Formloom) => Promise<unknown>, method: string, path: string, body?: unknown]
> = {
  getTwoFactor: [(c) => c.security.twoFactor.status(), 'GET', '/v1/auth/2fa'],
  setupTwoFactor: [(c) => c.security.twoFactor.setup(), 'POST', '/v1/auth/2fa/setup'],
  confirmTwoFactor: [
    (c) => c.security.twoFactor.confirm({ code: '123456' }),
    'POST',
    '/v1/auth/2fa/confirm',
    { code: '123456' },
  ],
  disableTwoFactor: [
    (c) => c.security.twoFactor.disable({ code: 'abcde-fghij' }),
    'DELETE',
    '/v1/auth/2fa',
    { code: 'abcde-fghij' },
  ],
  renewRecoveryCodes: [
    (c) => c.security.twoFactor.renewRecoveryCodes({ code: '123456' }),
    'POST',
    '/v1/auth/2fa/recovery-codes',
    { code: '123456' },
  ],
  listPasskeys: [(c) => c.security.passkeys.list(), 'GET', '/v1/auth/passkeys'],
  passkeyRegistrationOptions: [
    (c) => c.security.passkeys.registrationOptions(),
    'POST',
    '/v1/auth/passkeys/registration/options',
  ],
  registerPasskey: [
    (c) => c.security.passkeys.register({ challengeId: 'c1', name: 'Laptop', response: PASSKEY_CREATED }),
    'POST',
    '/v1/auth/passkeys/registration/verify',
    { challengeId: 'c1', name: 'Laptop', response: PASSKEY_CREATED },
  ],
  passkeySignInOptions: [
    (c) => c.security.passkeys.signInOptions({ email: 'ada@example.com' }),
    'POST',
    '/v1/auth/passkeys/authentication/options',
    { email: 'ada@example.com' },
  ],
  signInWithPasskey: [
    (c) => c.security.passkeys.signIn({ challengeId: 'c2', response: PASSKEY_ASSERTION }),
    'POST',
    '/v1/auth/passkeys/authentication/verify',
    { challengeId: 'c2', response: PASSKEY_ASSERTION },
  ],
  removePasskey: [
    (c) => c.security.passkeys.remove('pk-1', { code: '123456' }),
    'DELETE',
    '/v1/auth/passkeys/pk-1',
    { code: '123456' },
  ],
  listSessions: [(c) => c.security.sessions.list(), 'GET', '/v1/auth/sessions'],
  endSession: [
    (c) => c.security.sessions.end('0123456789abcdef'),
    'DELETE',
    '/v1/auth/sessions/0123456789abcdef',
  ],
  changePassword: [
    (c) => c.security.changePassword({ current: 'old one', new: 'a brand new one' }),
    'POST',
    '/v1/auth/password',
    { current: 'old one', new: 'a brand new one' },
  ],
  requestPasswordReset: [
    (c) => c.security.requestPasswordReset({ email: 'ada@example.com', language: 'de' }),
    'POST',
    '/v1/auth/password-reset',
    { email: 'ada@example.com', language: 'de' },
  ],
  confirmPasswordReset: [
    (c) => c.security.confirmPasswordReset({ token: 't', password: 'a brand new one' }),
    'POST',
    '/v1/auth/password-reset/confirm',
    { token: 't', password: 'a brand new one' },
  ],
  updateAccountSecurity: [
    (c) => c.security.update({ require2fa: true }),
    'PUT',
    '/v1/me/security',
    { require2fa: true },
  ],
};

describe('client.security', () => {
  it('has a method for every route of the security router', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(contract.security).sort());
  });

  it.each(Object.entries(CALLS))(
    '%s sends its method, path and body',
    async (name, [call, method, path, body]) => {
      expect(contract.security[name as keyof typeof contract.security].method).toBe(method);
      const { fetch, requests } = mockFetch(() => ok({}));
      await call(client(fetch)).catch(() => undefined);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.method).toBe(method);
      expect(requests[0]!.url.pathname).toBe(path);
      if (body !== undefined) expect(JSON.parse(requests[0]!.body)).toEqual(body);
    },
  );
});
