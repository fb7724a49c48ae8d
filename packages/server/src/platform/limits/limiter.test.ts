import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createDatabaseLimitStore } from './limit-store.js';
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

  for (const store of ['database', 'memory'] as const) {
    it(`${store}: a fixed window starts on the calendar (UTC), not at the first point`, async () => {
      const limiter = createLimiter({ db: t.db, clock, store });
      const k = key();
      const minute = { limit: 2, window: 'minute' as const };
      now = Date.parse('2031-03-03T10:00:50.000Z');
      const first = await limiter.consume(k, minute);
      expect(first).toMatchObject({ allowed: true, used: 1, remaining: 1, retryAfterSeconds: 10 });
      expect(first.resetAt.toISOString()).toBe('2031-03-03T10:01:00.000Z');
      await limiter.consume(k, minute);
      expect(await limiter.consume(k, minute)).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
      now = Date.parse('2031-03-03T10:01:00.000Z');
      expect(await limiter.consume(k, minute)).toMatchObject({
        allowed: true,
        used: 1,
        retryAfterSeconds: 60,
      });
      const month = await limiter.consume(key(), { limit: 5, window: 'month' });
      expect(month.resetAt.toISOString()).toBe('2031-04-01T00:00:00.000Z');
    });

    it(`${store}: consumeAll takes from every key or from none`, async () => {
      const limiter = createLimiter({ db: t.db, clock, store });
      const [wide, narrow] = [key(), key()];
      const parts = [
        { key: wide, rule: { limit: 3, window: 'hour' as const } },
        { key: narrow, rule: { limit: 1, windowMs: 60_000 } },
      ];
      const first = await limiter.consumeAll(parts);
      expect(first.allowed).toBe(true);
      expect(first.answers.map((a) => a.used)).toEqual([1, 1]);
      const refused = await limiter.consumeAll(parts);
      expect(refused.allowed).toBe(false);
      // The narrow key is the one without room; the wide one had room but gave nothing.
      expect(refused.answers.map((a) => [a.allowed, a.remaining])).toEqual([
        [true, 2],
        [false, 0],
      ]);
      expect((await limiter.peek(wide, parts[0]!.rule)).used).toBe(1);
      expect((await limiter.consume(wide, parts[0]!.rule)).used).toBe(2);
    });
  }

  it('database: concurrent consumeAll from two limiters admit exactly the room of the fullest key', async () => {
    const a = createLimiter({ db: t.db, clock });
    const b = createLimiter({ db: t.db, clock });
    const [month, minute] = [key(), key()];
    const parts = [
      { key: month, rule: { limit: 100, window: 'month' as const } },
      { key: minute, rule: { limit: 7, window: 'minute' as const } },
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).consumeAll(parts)),
    );
    const allowed = answers.filter((x) => x.allowed);
    expect(allowed).toHaveLength(7);
    // Each admitted take saw the counts as if they had come one by one.
    expect(allowed.map((x) => x.answers[1]!.used).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await a.peek(month, parts[0]!.rule)).used).toBe(7);
    expect((await a.peek(minute, parts[1]!.rule)).used).toBe(7);
  });

  it('database: two limiters on one database share the count (two instances)', async () => {
    const a = createLimiter({ db: t.db, clock });
    const b = createLimiter({ db: t.db, clock });
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).consume(k, rule)),
    );
    expect(answers.filter((x) => x.allowed)).toHaveLength(rule.limit);
  });

  it('database: once the rows exist, 200 parallel consumeAll from two limiters admit exactly the limit', async () => {
    const a = createLimiter({ db: t.db, clock });
    const b = createLimiter({ db: t.db, clock });
    const [month, hour, minute] = [key(), key(), key()];
    const parts = [
      { key: month, rule: { limit: 1000, window: 'month' as const } },
      { key: hour, rule: { limit: 51, window: 'hour' as const } },
      { key: minute, rule: { limit: 500, window: 'minute' as const } },
    ];
    // The first take makes the rows, so the 200 go through the one-statement take.
    expect((await a.consumeAll(parts)).allowed).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).consumeAll(parts)),
    );
    expect(answers.filter((x) => x.allowed)).toHaveLength(50);
    const used = answers.filter((x) => x.allowed).map((x) => x.answers[1]!.used);
    expect(used.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(answers.filter((x) => !x.allowed).every((x) => x.answers[1]!.remaining === 0)).toBe(true);
    for (const part of parts) expect((await a.peek(part.key, part.rule)).used).toBe(51);
  });

  it('database: 200 parallel store takes of existing rows, each its own statement, never overshoot', async () => {
    const store = createDatabaseLimitStore(t.db);
    const [x, y] = [key(), key()];
    const resetAt = now + 60_000;
    const keys = [
      { key: y, limit: 50, resetAt },
      { key: x, limit: 80, resetAt },
    ];
    await store.takeEach(keys, 0, now);
    const results = await Promise.all(Array.from({ length: 200 }, () => store.takeEach(keys, 1, now)));
    expect(results.reduce((sum, r) => sum + r.granted, 0)).toBe(50);
    expect(
      results
        .filter((r) => r.granted === 1)
        .map((r) => r.counts[0]!.points)
        .sort((p, q) => p - q),
    ).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.read(x)).toEqual({ points: 50, resetAt });
    expect(await store.read(y)).toEqual({ points: 50, resetAt });
  });

  it('database: a take of existing rows whose window ended counts from 0 in a new window; a swept row is made again', async () => {
    const store = createDatabaseLimitStore(t.db);
    const [x, y] = [key(), key()];
    const keys = (at: number) => [
      { key: x, limit: 3, resetAt: at + 60_000 },
      { key: y, limit: 5, resetAt: at + 1_000 },
    ];
    expect((await store.takeEach(keys(now), 4, now)).granted).toBe(3);
    // y's window ended, x's did not: x has no room, so nothing is taken, but y starts over.
    const later = now + 2_000;
    const refused = await store.takeEach(keys(later), 1, later);
    expect(refused).toEqual({
      granted: 0,
      counts: [
        { points: 3, resetAt: now + 60_000 },
        { points: 0, resetAt: later + 1_000 },
      ],
    });
    const after = now + 61_000;
    expect(await store.takeEach(keys(after), 2, after)).toEqual({
      granted: 2,
      counts: [
        { points: 2, resetAt: after + 60_000 },
        { points: 2, resetAt: after + 1_000 },
      ],
    });
    await store.sweep(after + 1_000);
    expect(await store.read(y)).toBeUndefined();
    const swept = after + 1_500;
    expect(await store.takeEach(keys(swept), 1, swept)).toEqual({
      granted: 1,
      counts: [
        { points: 3, resetAt: after + 60_000 },
        { points: 1, resetAt: swept + 1_000 },
      ],
    });
  });

  const FUTURE_MS = 20 * 365 * 24 * 60 * 60 * 1000;
  for (const store of ['database', 'memory'] as const) {
    it(`${store}: consumeWithin waits out a window that ends within its wait, and not a longer one`, async () => {
      // A clock that runs in real time, years after every other test's: last in the file, so a sweep
      // of ended windows (each limiter's own clock decides) neither touches its counts nor others'.
      const limiter = createLimiter({ db: t.db, clock: () => new Date(Date.now() + FUTURE_MS), store });
      const short = { limit: 1, windowMs: 150 };
      const k = key();
      expect((await limiter.consume(k, short)).allowed).toBe(true);
      const started = Date.now();
      const waited = await limiter.consumeWithin(k, short, 1000);
      expect(waited.allowed).toBe(true);
      // Taken in the next window: not before this one ended.
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);

      const long = { limit: 1, windowMs: 60_000 };
      const l = key();
      await limiter.consume(l, long);
      const refused = await limiter.consumeWithin(l, long, 500);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    });
  }
});
