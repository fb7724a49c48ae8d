import { AI_LIMITS, type AiLimit, PLAN_LIMITS, type Plan } from '@formloom/contract';
import { expect, it } from 'vitest';
import { planCounts } from '../../../test/support/plan-counts.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';
import { createRateLimiter } from './rate-limiter.js';

/** The AI limits per plan, written out (the smart form chat follows analytics chat, as PLAN_LIMITS says). */
const AI_FIGURES: Record<Exclude<Plan, 'FREE'>, Record<AiLimit, number>> = {
  STARTER: { generateForm: 10, smartAnalytics: 0, analyticsChat: 0, smartFormChat: 0 },
  PRO: { generateForm: 30, smartAnalytics: 5, analyticsChat: 30, smartFormChat: 30 },
  MAX: { generateForm: 100, smartAnalytics: 20, analyticsChat: 100, smartFormChat: 100 },
};

describeEachDialect('plan figures and the rate limiter', (t) => {
  it('the plan figures are the documented AI limits per hour', () => {
    for (const [plan, figures] of Object.entries(AI_FIGURES)) {
      expect(PLAN_LIMITS[plan as Plan].aiPerHour, plan).toEqual(figures);
    }
    expect(PLAN_LIMITS.FREE).toMatchObject({ maxApiKeys: 0, requestsPerMinute: 0, monthlyQuota: 0 });
  });

  it('keys per plan: Starter 3, Pro 10, Max 25, Free none', async () => {
    const keys = createServices({ db: t.db }).keys;
    for (const [plan, max] of [
      ['STARTER', 3],
      ['PRO', 10],
      ['MAX', 25],
    ] as const) {
      const account = await createServices({ db: t.db }).accounts.create({ name: `keys-${plan}`, plan });
      for (let i = 0; i < max; i++) await keys.create({ account: account.id, scopes: ['FORMS_READ'] });
      await expect(keys.create({ account: account.id, scopes: ['FORMS_READ'] })).rejects.toThrow(
        `${max} active keys`,
      );
    }
    const free = await createServices({ db: t.db }).accounts.create({ name: 'keys-free', plan: 'FREE' });
    await expect(keys.create({ account: free.id, scopes: ['all'] })).rejects.toThrow(/Free plan/);
  });

  // Each test's clock is later than every test's before it: a limiter sweeps the windows that ended
  // by its own clock, in the background, so a sweep left running by an earlier test could otherwise
  // delete the counts of a test whose clock is behind it.
  for (const [index, [plan, figures]] of (
    Object.entries(AI_FIGURES) as [Exclude<Plan, 'FREE'>, Record<AiLimit, number>][]
  ).entries()) {
    const day = `2031-09-0${index + 1}`;
    it(`${plan}: each AI endpoint has its own hourly bucket, apart from the general limits`, async () => {
      const { accountId } = await t.account(plan);
      // A clock of its own that moves a minute at a time, so the burst limit never gets in the way.
      let now = Date.parse(`${day}T09:00:00.000Z`);
      const limiter = createRateLimiter({ db: t.db, clock: () => new Date(now) });
      const caller = { accountId, plan };
      let general = 0;
      for (const ai of AI_LIMITS) {
        const limit = figures[ai];
        for (let i = 0; i < limit; i++) {
          if (general > 0 && general % 10 === 0) now += 60_000;
          const decision = await limiter.consume(caller, ai);
          expect(decision.allowed, `${ai} call ${i + 1}`).toBe(true);
          general += 1;
        }
        const refused = await limiter.consume(caller, ai);
        expect(refused.allowed, `${ai} call ${limit + 1}`).toBe(false);
        if (!refused.allowed) {
          expect(refused.refusal).toMatchObject({ type: 'AI_ENDPOINT_LIMIT', limit, remaining: 0 });
        }
      }
      // Every AI call also counted as a general request; a plain request still passes.
      const plain = await limiter.consume(caller);
      expect(plain.allowed).toBe(true);
      expect(plain.usage.hour.used).toBe(general + 1);
      expect(plain.usage.month.used).toBe(general + 1);
      // A new hour opens the AI buckets again.
      now = Date.parse(`${day}T10:00:00.000Z`);
      expect((await limiter.consume(caller, 'generateForm')).allowed).toBe(true);
    });
  }

  it('a full general limit refuses AI calls too, naming the general limit', async () => {
    const { accountId } = await t.account('PRO');
    const limiter = createRateLimiter({ db: t.db, clock: () => new Date('2031-09-10T09:00:30.000Z') });
    for (let i = 0; i < 60; i++)
      expect((await limiter.consume({ accountId, plan: 'PRO' })).allowed).toBe(true);
    const refused = await limiter.consume({ accountId, plan: 'PRO' }, 'generateForm');
    expect(refused.allowed || refused.refusal).toMatchObject({ type: 'BURST_LIMIT', retry_after: 30 });
    // Nothing was counted for the refused call, in the AI count either.
    const row = await planCounts(t.db, accountId);
    expect(row).toMatchObject({ minute_points: 60, hour_points: 60, month_points: 60, ai_generate_form: 0 });
  });

  it('windows only move forward: a process whose clock lags counts into the newer window', async () => {
    const { accountId } = await t.account('STARTER');
    const caller = { accountId, plan: 'STARTER' as const };
    const ahead = createRateLimiter({ db: t.db, clock: () => new Date('2031-09-12T09:01:00.100Z') });
    const behind = createRateLimiter({ db: t.db, clock: () => new Date('2031-09-12T09:00:59.900Z') });
    for (let i = 0; i < 10; i++) {
      expect((await ahead.consume(caller)).allowed).toBe(true);
      expect((await behind.consume(caller)).allowed).toBe(true);
    }
    // Twenty in the 09:01 minute: neither process gets a fresh count by flipping the window back.
    const refused = await behind.consume(caller);
    expect(refused.allowed || refused.refusal.type).toBe('BURST_LIMIT');
    expect((await ahead.consume(caller)).allowed).toBe(false);
  });

  it('usage() counts nothing', async () => {
    const { accountId } = await t.account('MAX');
    const limiter = createRateLimiter({ db: t.db, clock: () => new Date('2031-09-13T09:00:00.000Z') });
    await limiter.consume({ accountId, plan: 'MAX' });
    for (let i = 0; i < 3; i++) {
      expect((await limiter.usage({ accountId, plan: 'MAX' })).month).toMatchObject({
        used: 1,
        limit: 200_000,
      });
    }
  });

  it('requests of one turn are counted together, exactly: as many allowed as the limit has room for', async () => {
    const { accountId } = await t.account('STARTER');
    const at = new Date('2031-10-10T10:00:30.000Z');
    const limits = { ...PLAN_LIMITS, STARTER: { ...PLAN_LIMITS.STARTER, requestsPerMinute: 7 } };
    const limiter = createRateLimiter({ db: t.db, clock: () => at, limits });
    const caller = { accountId, plan: 'STARTER' as const };
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.consume(caller)));
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(7);
    // Each allowed request reports the count as if they had come one by one.
    expect(allowed.map((d) => d.usage.hour.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const refused of decisions.filter((d) => !d.allowed)) {
      expect(refused).toMatchObject({ refusal: { type: 'BURST_LIMIT', limit: 7, retry_after: 30 } });
    }
    // Refused requests counted nowhere.
    expect((await limiter.usage(caller, at)).hour.used).toBe(7);
  });

  it('two instances counting one account at once never overshoot, and mixed AI batches each keep their bucket', async () => {
    const { accountId } = await t.account('STARTER');
    const at = new Date('2031-10-11T10:00:30.000Z');
    const limits = { ...PLAN_LIMITS, STARTER: { ...PLAN_LIMITS.STARTER, requestsPerMinute: 25 } };
    const one = createRateLimiter({ db: t.db, clock: () => at, limits });
    const two = createRateLimiter({ db: t.db, clock: () => at, limits });
    const caller = { accountId, plan: 'STARTER' as const };
    const calls = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? one : two).consume(caller, i % 4 === 1 ? 'generateForm' : undefined),
    );
    const decisions = await Promise.all(calls);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    const counts = await planCounts(t.db, accountId);
    expect(Number(counts.minute_points)).toBe(25);
    // Starter has 10 generateForm calls an hour; 10 of the 40 were AI calls.
    const aiAllowed = decisions.filter((d, i) => d.allowed && i % 4 === 1).length;
    expect(Number(counts.ai_generate_form)).toBe(aiAllowed);
    expect(aiAllowed).toBeLessThanOrEqual(10);
  });
});
