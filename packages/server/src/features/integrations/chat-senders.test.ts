import { describe, expect, it } from 'vitest';
import { judgeDiscord, judgeSlack } from './chat-senders.js';

const answer = (statusCode: number | null, body = '', headers: Record<string, string> = {}) => ({
  statusCode,
  durationMs: 1,
  error: statusCode === null ? 'connection refused' : null,
  responseBody: body,
  headers,
});

describe('reading the platforms’ answers', () => {
  it('Slack: ok:false on HTTP 200 is a failure; lost access is permanent; 429 waits Retry-After', () => {
    expect(judgeSlack(answer(200, '{"ok":true}')).verdict).toBe('ok');
    expect(judgeSlack(answer(200, '{"ok":false,"error":"channel_not_found"}'))).toMatchObject({
      verdict: 'permanent',
      error: 'slack: channel_not_found',
    });
    expect(judgeSlack(answer(200, '{"ok":false,"error":"invalid_auth"}')).verdict).toBe('permanent');
    expect(judgeSlack(answer(200, '{"ok":false,"error":"internal_error"}')).verdict).toBe('retry');
    expect(judgeSlack(answer(429, '', { 'retry-after': '7' }))).toMatchObject({
      verdict: 'retry',
      retryAfterMs: 7000,
    });
    expect(judgeSlack(answer(503)).verdict).toBe('retry');
    expect(judgeSlack(answer(null)).verdict).toBe('retry');
  });

  it('Discord: 204 ok; 429 prefers Retry-After, then X-RateLimit-Reset-After, then retry_after; 404 is permanent', () => {
    expect(judgeDiscord(answer(204)).verdict).toBe('ok');
    const body = '{"retry_after":4.5,"global":false}';
    expect(judgeDiscord(answer(429, body, { 'retry-after': '2' })).retryAfterMs).toBe(2000);
    expect(judgeDiscord(answer(429, body, { 'x-ratelimit-reset-after': '0.25' })).retryAfterMs).toBe(250);
    expect(judgeDiscord(answer(429, body)).retryAfterMs).toBe(4500);
    expect(judgeDiscord(answer(404, '{"code":10015}'))).toMatchObject({
      verdict: 'permanent',
      error: 'discord: the webhook was deleted',
    });
    expect(judgeDiscord(answer(502)).verdict).toBe('retry');
  });
});
