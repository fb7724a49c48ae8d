import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { describeEachDialect } from '../../test/support/test-server.js';
import { createLogger } from '../logger.js';

describe('the logger', () => {
  it('redacts authorization, secrets, tokens and answers wherever a careless call puts them', () => {
    const lines: string[] = [];
    const logger = createLogger({
      destination: new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    logger.info(
      {
        authorization: 'Bearer formloom_aaaaaaaaaaaa.sekrit1',
        req: { headers: { authorization: 'Bearer sekrit2' } },
        answers: { name: 'sekrit3' },
        response: { answers: { name: 'sekrit4' }, secret: 'sekrit5' },
        token: 'sekrit6',
      },
      'oops',
    );
    expect(lines.join('')).not.toMatch(/sekrit/);
    expect(lines.join('')).toContain('[redacted]');
  });
});

describeEachDialect('request logs', (t) => {
  it('one line per request: id, route, status, duration; never a key, secret or answer', async () => {
    const { key } = await t.account();
    const form = (
      await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Logged', schema: contactSchema() },
      })
    ).body.data;
    const code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data
      .shareUrl;
    const answer = 'Zebulon-Answer-7731';
    const sub = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name: answer } },
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(sub.status).toBe(201);
    await t.request(`/v1/forms/${form.id}/responses`, { key });
    await t.request('/v1/forms', { headers: { authorization: `Bearer ${key}x` } });

    const all = t.logs.join('\n');
    expect(all).not.toContain(key.slice(22));
    expect(all).not.toContain(`${key.slice(9, 21)}.`);
    expect(all).not.toContain(answer);
    expect(all).not.toContain(code);

    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.reqId === 'trace-me-1');
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      route: '/v1/public/forms/:code/responses',
      status: 201,
    });
    expect(line.durationMs).toBeGreaterThan(0);
  });
});
