import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { client, mockFetch, ok } from './support/mock-fetch.js';

/**
 * docs/server.md "One idempotency": the SDK applies the contract's Idempotency-Key rule, as the server does.
 */
describe('Idempotency-Key rule', () => {
  const stored = {
    responseId: '00000000-0000-4000-8000-000000000001',
    submittedAt: '2025-01-01T00:00:00.000Z',
  };

  it('a key the server would refuse throws a TypeError naming the rule, before anything is sent', async () => {
    for (const bad of ['', 'has spaces', 'é-accent', 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)]) {
      const { fetch, requests } = mockFetch(() => ok(stored, {}, 201));
      await expect(
        client(fetch).public.submitResponse('abcdefgh', { answers: {} }, { idempotencyKey: bad }),
      ).rejects.toThrow(/idempotencyKey must be 1 to 255 printable ASCII characters/);
      expect(requests).toHaveLength(0);
    }
  });

  it('a key at the longest allowed length is sent as given', async () => {
    const longest = 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH);
    const { fetch, requests } = mockFetch(() => ok(stored, {}, 201));
    await client(fetch).public.submitResponse('abcdefgh', { answers: {} }, { idempotencyKey: longest });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual([longest]);
  });
});
