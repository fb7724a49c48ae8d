import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retryDelayMs } from './backoff.js';
import { decideAttempt } from './policy.js';

const now = new Date('2025-01-01T00:00:00.000Z');
const answer = (statusCode: number | null) => ({
  statusCode,
  durationMs: 5,
  error: statusCode === null ? 'ECONNREFUSED' : null,
  responseBody: null,
});

describe('retry schedule', () => {
  it('doubles from the base, up to about an hour at the 8th retry with the default 30 s', () => {
    const mid = () => 0.5;
    expect(Array.from({ length: MAX_RETRIES }, (_, i) => retryDelayMs(i + 1, 30_000, mid))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_840_000,
    ]);
  });

  it('jitters by +-20% and each wait stays longer than the one before', () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1200);
    for (let retry = 1; retry < MAX_RETRIES; retry++) {
      expect(retryDelayMs(retry + 1, 1000, () => 0)).toBeGreaterThan(retryDelayMs(retry, 1000, () => 1));
    }
  });
});

describe('what an attempt means', () => {
  const options = { retryBaseMs: 1000, random: () => 0.5 };

  it('2xx succeeds and resets the endpoint', () => {
    expect(decideAttempt(answer(204), 3, now, options)).toEqual({
      ok: true,
      status: 'succeeded',
      nextAttemptAt: null,
      endpoint: 'reset',
    });
  });

  it('other answers and network errors are retried, the 9th attempt fails the delivery', () => {
    expect(decideAttempt(answer(500), 1, now, options)).toMatchObject({
      status: 'pending',
      nextAttemptAt: '2025-01-01T00:00:01.000Z',
      endpoint: 'none',
    });
    expect(decideAttempt(answer(null), 8, now, options)).toMatchObject({ status: 'pending' });
    expect(decideAttempt(answer(302), 9, now, options)).toEqual({
      ok: false,
      status: 'failed',
      nextAttemptAt: null,
      endpoint: 'failed',
    });
  });

  it('410 disables the endpoint and keeps the delivery pending', () => {
    expect(decideAttempt(answer(410), 1, now, options)).toEqual({
      ok: false,
      status: 'pending',
      nextAttemptAt: now.toISOString(),
      endpoint: 'gone',
    });
  });
});
