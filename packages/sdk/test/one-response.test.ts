import { describe, expect, it } from 'vitest';
import { ConflictError } from '../src/index.js';
import { client, errorAnswer, mockFetch, ok } from './support/mock-fetch.js';

/** One response per person: the address a respondent proves, and the tokens a submission carries. */
describe('one response per person', () => {
  it('verifyEmail and confirmEmail post to the verify routes; the token goes with the submission', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ sent: true, expiresAt: '2026-12-01T00:10:00.000Z' }),
      () => ok({ verificationToken: 'v.t.k', expiresAt: '2026-12-02T00:00:00.000Z' }),
      () => ok({ responseId: 'r', submittedAt: '2026-12-01T00:00:00.000Z', endingId: null }),
    );
    const sdk = client(fetch);
    await sdk.public.verifyEmail('abcdefgh', 'ann@example.com');
    const { verificationToken } = await sdk.public.confirmEmail('abcdefgh', 'ann@example.com', '123456');
    await sdk.public.submitResponse('abcdefgh', {
      answers: {},
      verificationToken,
      linkToken: 'x'.repeat(43),
    });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /v1/public/forms/abcdefgh/verify',
      'POST /v1/public/forms/abcdefgh/verify/confirm',
      'POST /v1/public/forms/abcdefgh/responses',
    ]);
    expect(JSON.parse(requests[0]!.body)).toEqual({ email: 'ann@example.com' });
    expect(JSON.parse(requests[1]!.body)).toEqual({ email: 'ann@example.com', code: '123456' });
    expect(JSON.parse(requests[2]!.body)).toMatchObject({
      verificationToken: 'v.t.k',
      linkToken: 'x'.repeat(43),
    });
  });

  it('a used link is a ConflictError naming ALREADY_ANSWERED', async () => {
    const { fetch } = mockFetch(() => errorAnswer(409, 'ALREADY_ANSWERED'));
    const error = await client(fetch)
      .public.submitResponse('abcdefgh', { answers: {}, linkToken: 'x'.repeat(43) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).body).toMatchObject({ error: 'ALREADY_ANSWERED' });
  });
});
