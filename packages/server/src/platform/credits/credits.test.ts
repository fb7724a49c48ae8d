import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { PaymentRequiredError } from '../../domain-errors.js';
import { createServices } from '../../services.js';
import { CREDIT_COSTS, CreditsError, chatCost } from './credits-service.js';

describeEachDialect('credits', (t) => {
  const credits = () => createServices({ db: t.db, clock: t.clock.now }).credits;

  /** The balance must always equal the sum of the ledger. */
  async function expectLedgerMatches(accountId: string) {
    const rows = await t.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('account_id', '=', accountId)
      .execute();
    const sum = rows.reduce((total, r) => total + Number(r.delta), 0);
    expect(await credits().balance(accountId)).toBe(sum);
  }

  it('grant, reserve and refund, each with a ledger row', async () => {
    const { accountId } = await t.account('PRO');
    const service = credits();
    expect(await service.balance(accountId)).toBe(0);
    const granted = await service.grant(accountId, 20, 'welcome');
    expect(granted.account.creditBalance).toBe(20);

    const held = await service.reserve(accountId, CREDIT_COSTS.generateForm, 'ai.generateForm');
    expect(held).toMatchObject({ accountId, amount: 5, balance: 15 });
    expect(await service.refund(held.id)).toEqual({ balance: 20, refunded: 5 });
    // Refunding again gives nothing more.
    expect(await service.refund(held.id)).toEqual({ balance: 20, refunded: 0 });
    await expect(service.refund(held.id, 1)).rejects.toThrow(CreditsError);

    const ledger = await service.ledger(accountId);
    expect(ledger.map((e) => [e.kind, e.delta, e.balance_after, e.reason])).toEqual(
      expect.arrayContaining([
        ['grant', 20, 20, 'welcome'],
        ['reserve', -5, 15, 'ai.generateForm'],
        ['refund', 5, 20, 'ai.generateForm'],
      ]),
    );
    expect(ledger.find((e) => e.kind === 'refund')?.reservation_id).toBe(held.id);
    await expectLedgerMatches(accountId);
  });

  it('not enough credits: PaymentRequiredError (a 402) and nothing changes', async () => {
    const { accountId } = await t.account('PRO');
    const service = credits();
    await service.grant(accountId, 4);
    const refused = await service.reserve(accountId, 5, 'ai.generateForm').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentRequiredError);
    expect((refused as Error).message).toBe('Not enough credits: this call costs 5 and the balance is 4');
    expect(await service.balance(accountId)).toBe(4);
    expect(await service.ledger(accountId)).toHaveLength(1);
  });

  it('never goes negative when many calls spend at once', async () => {
    const { accountId } = await t.account('MAX');
    const service = credits();
    await service.grant(accountId, 100);
    const attempts = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => service.reserve(accountId, 3, `spender ${i}`)),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    expect(won).toHaveLength(33);
    for (const lost of attempts.filter((a) => a.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(PaymentRequiredError);
    }
    expect(await service.balance(accountId)).toBe(1);
    const balances = won.map((a) => (a as PromiseFulfilledResult<{ balance: number }>).value.balance);
    expect(new Set(balances).size).toBe(33);
    expect(Math.min(...balances)).toBe(1);
    await expectLedgerMatches(accountId);
  });

  it('concurrent refunds never give back more than was reserved', async () => {
    const { accountId } = await t.account('MAX');
    const service = credits();
    await service.grant(accountId, 10);
    const held = await service.reserve(accountId, 10, 'ai.smartAnalytics');
    const refunds = await Promise.allSettled(Array.from({ length: 25 }, () => service.refund(held.id, 1)));
    expect(refunds.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await service.balance(accountId)).toBe(10);
    await expectLedgerMatches(accountId);
  });

  it('settle charges what a call really cost and refunds the rest', async () => {
    const { accountId } = await t.account('PRO');
    const service = credits();
    await service.grant(accountId, 10);
    const held = await service.reserve(accountId, chatCost(4_500), 'ai.analyticsChat');
    expect(held.amount).toBe(5);
    expect(await service.settle(held.id, chatCost(1_200))).toEqual({ balance: 8, refunded: 3 });
    await expect(service.settle(held.id, 6)).rejects.toThrow(/between 0 and the 5 credits/);
    expect([chatCost(0), chatCost(999), chatCost(1_000), chatCost(2_500)]).toEqual([1, 1, 2, 3]);
    await expectLedgerMatches(accountId);
  });

  it('refuses nonsense amounts and unknown accounts or reservations', async () => {
    const { accountId } = await t.account('PRO');
    const service = credits();
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(service.grant(accountId, amount)).rejects.toThrow(CreditsError);
      await expect(service.reserve(accountId, amount, 'x')).rejects.toThrow(CreditsError);
    }
    await expect(service.grant('nobody', 5)).rejects.toThrow(/no account/);
    await expect(service.reserve('00000000-0000-4000-8000-000000000000', 1, 'x')).rejects.toThrow(
      /no account/,
    );
    await expect(service.refund('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/no reservation/);
  });
});
