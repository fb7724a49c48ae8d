import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createLimiter } from './limiter.js';

describeEachDialect('the one limiter', (t) => {
  let now = Date.parse('2031-03-03T10:00:00.000Z');
  const clock = () => new Date(now);
  const rule = { limit: 5, windowMs: 60_000 };
  let n = 0;
  const key = () => `test:${++n}`;

  for (const store of ['database', 'memory'] as const) {
    it(`${store}: 50 parallel consumes of one key admit exactly the limit`, async () => {
      const limiter = createLimiter({ db: t.db, clock, store });
      const k = key();
      const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(k, rule)));
      expect(answers.filter((a) => a.allowed)).toHaveLength(rule.limit);
      expect(answers.filter((a) => !a.allowed).every((a) => a.remaining === 0)).toBe(true);
      expect((await limiter.peek(k, rule)).allowed).toBe(false);
    });

    it(`${store}: the window starts at the first point; Retry-After counts down to its end`, async () => {
      const limiter = createLimiter({ db: t.db, clock, store });
      const k = key();
      const start = now;
      const first = await limiter.consume(k, rule);
      expect(first).toMatchObject({ allowed: true, limit: 5, remaining: 4, retryAfterSeconds: 60 });
      expect(first.resetAt.getTime()).toBe(start + 60_000);
      for (let i = 0; i < 4; i++) await limiter.consume(k, rule);
      now += 20_500;
      const refused = await limiter.consume(k, rule);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 40 });
      expect(refused.resetAt.getTime()).toBe(start + 60_000);
      now = start + 60_000;
      const again = await limiter.consume(k, rule);
      expect(again).toMatchObject({ allowed: true, remaining: 4, retryAfterSeconds: 60 });
    });

    it(`${store}: several points at once are all or none; refund and clear give room back`, async () => {
      const limiter = createLimiter({ db: t.db, clock, store });
      const k = key();
      expect((await limiter.consume(k, rule, 3)).remaining).toBe(2);
      const tooMany = await limiter.consume(k, rule, 3);
      expect(tooMany).toMatchObject({ allowed: false, remaining: 2 });
      await limiter.refund(k, 2);
      expect((await limiter.peek(k, rule)).remaining).toBe(4);
      await limiter.clear(k);
      expect(await limiter.peek(k, rule)).toMatchObject({ allowed: true, remaining: 5 });
      // More than the limit never fits, not even in a new window.
      expect((await limiter.consume(key(), rule, 6)).allowed).toBe(false);
    });
  }

  it('database: two limiters on one database share the count (two instances)', async () => {
    const a = createLimiter({ db: t.db, clock });
    const b = createLimiter({ db: t.db, clock });
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).consume(k, rule)),
    );
    expect(answers.filter((x) => x.allowed)).toHaveLength(rule.limit);
  });
});
