import { describe, expect, it } from 'vitest';
import { AuthenticationError } from '../src/index.js';
import { client, errorAnswer, mockFetch, ok } from './support/mock-fetch.js';

/** A password-protected form: the SDK trades the password for a token and sends it as the header. */
describe('access token of a password-protected form', () => {
  it('unlockForm posts the password to the unlock route and answers the token', async () => {
    const unlocked = { token: '1700000000.abc', expiresAt: '2026-12-01T00:00:00.000Z' };
    const { fetch, requests } = mockFetch(() => ok(unlocked));
    expect(await client(fetch).public.unlockForm('abcdefgh', 'open sesame')).toMatchObject(unlocked);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe('/v1/public/forms/abcdefgh/unlock');
    expect(JSON.parse(requests[0]!.body)).toEqual({ password: 'open sesame' });
  });

  it('a public call given the token sends it as X-Formloom-Access; without one it sends none', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ id: 'x' }),
      () => ok({ id: 'x' }),
    );
    const sdk = client(fetch);
    await sdk.public.retrieveForm('abcdefgh', {}, { accessToken: 'the-token' });
    await sdk.public.retrieveForm('abcdefgh');
    expect(requests.map((r) => r.headers.get('x-formloom-access'))).toEqual(['the-token', null]);
  });

  it('a wrong password is an AuthenticationError whose code names the case, and its body the title', async () => {
    const { fetch } = mockFetch(() =>
      errorAnswer(401, 'PASSWORD_REQUIRED', { form: { title: 'Staff survey' } }),
    );
    const error = await client(fetch)
      .public.unlockForm('abcdefgh', 'nope')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('PASSWORD_REQUIRED');
    expect((error as AuthenticationError).body).toMatchObject({
      error: 'PASSWORD_REQUIRED',
      form: { title: 'Staff survey' },
    });
  });
});
