import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

describeEachDialect('GET /v1/me/credits: the credit ledger', (t) => {
  it('pages the account ledger newest first, each entry as the balance moved; another account sees only its own', async () => {
    const { accountId, key } = await t.account('PRO');
    const { accountId: otherId, key: otherKey } = await t.account('PRO');
    const credits = createServices({ db: t.db, clock: t.clock.now }).credits;
    await credits.grant(accountId, 30, 'welcome');
    t.clock.advance(1_000);
    const held = await credits.reserve(accountId, 5, 'ai.generateForm');
    t.clock.advance(1_000);
    await credits.refund(held.id, 2);
    t.clock.advance(1_000);
    await credits.grant(otherId, 7, 'other account');

    const first = await t.request('/v1/me/credits?limit=2', { key });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true });
    expect(
      first.body.data.entries.map(
        (e: { kind: string; delta: number; balanceAfter: number; reason: string }) => [
          e.kind,
          e.delta,
          e.balanceAfter,
          e.reason,
        ],
      ),
    ).toEqual([
      ['refund', 2, 27, 'ai.generateForm'],
      ['reserve', -5, 25, 'ai.generateForm'],
    ]);
    const second = await t.request('/v1/me/credits?limit=2&page=2', { key });
    expect(second.body.data.entries).toHaveLength(1);
    expect(second.body.data.entries[0]).toMatchObject({
      kind: 'grant',
      delta: 30,
      balanceAfter: 30,
      reason: 'welcome',
    });
    expect(second.body.data.hasMore).toBe(false);
    expect(new Date(second.body.data.entries[0].createdAt).toISOString()).toBe(
      second.body.data.entries[0].createdAt,
    );

    const other = await t.request('/v1/me/credits', { key: otherKey });
    expect(other.body.data.entries.map((e: { reason: string }) => e.reason)).toEqual(['other account']);
    expect((await t.request('/v1/me', { key })).body.data.credits.balance).toBe(27);
  });

  it('refuses bad paging and a missing key', async () => {
    const { key } = await t.account('PRO');
    expect((await t.request('/v1/me/credits?limit=1000', { key })).status).toBe(400);
    expect((await t.request('/v1/me/credits?page=0', { key })).status).toBe(400);
    expect((await t.request('/v1/me/credits')).status).toBe(401);
  });
});
