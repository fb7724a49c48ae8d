import { randomUUID } from 'node:crypto';
import type { AiLimit, CreditLedgerEntry, CreditLedgerPage, Plan } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { InvalidInputError, paymentRequired } from '../../domain-errors.js';
import { createCreditsStore, type LedgerEntry, type LedgerKind } from './credits-store.js';

/**
 * What an AI call costs (docs/ai.md): generate-form 5, smart analytics 10, analytics chat and
 * smart-form chat 1 plus 1 per full 1,000 tokens (see `chatCost`).
 */
export const CREDIT_COSTS: Readonly<Record<AiLimit, number>> = {
  generateForm: 5,
  smartAnalytics: 10,
  analyticsChat: 1,
  smartFormChat: 1,
};

/** A chat call: 1 credit, plus 1 per full 1,000 tokens. */
export function chatCost(tokens: number): number {
  return 1 + Math.floor(Math.max(0, tokens) / 1000);
}

/** The token counts a chat's cost is made of (an AiUsage). */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A mistake in a credits operation (bad amount, unknown account or reservation). */
export class CreditsError extends InvalidInputError {
  override name = 'CreditsError';
}

export interface Reservation {
  /** The ledger row of the reservation; pass it to `refund` or `settle`. */
  id: string;
  accountId: string;
  amount: number;
  /** The balance after the reservation. */
  balance: number;
}

/** An account as credits shows it (the accounts feature's `Account`). */
export interface CreditedAccount {
  id: string;
  name: string;
  plan: Plan;
  creditBalance: number;
  createdAt: string;
}

export interface CreditsServiceOptions {
  db: Db;
  clock?: () => Date;
  /** Finds the account a grant names, by id or unique name (the accounts service). */
  accounts: { resolve(idOrName: string): Promise<CreditedAccount> };
}

function requireAmount(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new CreditsError(`amount must be a whole number of credits, at least 1 (got ${amount})`);
  }
  return amount;
}

/**
 * Account credit balances. Every change runs in one transaction with its ledger row, and a
 * balance never goes below zero, however many calls spend at once.
 *
 * ```ts
 * const held = await credits.reserve(accountId, CREDIT_COSTS.generateForm, 'ai.generateForm');
 * try { await generate(); } catch (e) { await credits.refund(held.id); throw e; }
 * ```
 */
export function createCreditsService({ db, clock = () => new Date(), accounts }: CreditsServiceOptions) {
  async function write(
    accountId: string,
    kind: LedgerKind,
    delta: number,
    reason: string,
    trx: Db,
    reservationId: string | null = null,
  ): Promise<{ id: string; balance: number } | undefined> {
    const store = createCreditsStore(trx);
    const balance = await store.change(accountId, delta);
    if (balance === undefined) return undefined;
    const id = randomUUID();
    await store.append({
      id,
      account_id: accountId,
      kind,
      delta,
      balance_after: balance,
      reason,
      reservation_id: reservationId,
      created_at: isoNow(clock()),
    });
    return { id, balance };
  }

  async function refundLeftIn(
    trx: Db,
    reservation: LedgerEntry,
    amount: number,
  ): Promise<{ balance: number }> {
    if (!(await createCreditsStore(trx).markRefunded(reservation.id, amount))) {
      throw new CreditsError(`reservation ${reservation.id} has less than ${amount} credits left to refund`);
    }
    const done = await write(
      reservation.account_id,
      'refund',
      amount,
      reservation.reason,
      trx,
      reservation.id,
    );
    if (done === undefined) throw new CreditsError(`account ${reservation.account_id} is gone`);
    return { balance: done.balance };
  }

  function refundLeft(reservation: LedgerEntry, amount: number): Promise<{ balance: number }> {
    return db.transaction().execute((trx) => refundLeftIn(trx, reservation, amount));
  }

  async function reserveIn(trx: Db, accountId: string, amount: number, reason: string): Promise<Reservation> {
    requireAmount(amount);
    const done = await write(accountId, 'reserve', -amount, reason, trx);
    if (done === undefined) {
      const balance = await createCreditsStore(trx).balance(accountId);
      if (balance === undefined) throw new CreditsError(`no account ${accountId}`);
      throw paymentRequired(`Not enough credits: this call costs ${amount} and the balance is ${balance}`);
    }
    return { id: done.id, accountId, amount, balance: done.balance };
  }

  async function reserveUpToIn(
    trx: Db,
    accountId: string,
    max: number,
    reason: string,
  ): Promise<Reservation> {
    const balance = await createCreditsStore(trx).balance(accountId);
    if (balance === undefined) throw new CreditsError(`no account ${accountId}`);
    if (balance < 1) {
      throw paymentRequired('Not enough credits: this call costs at least 1 and the balance is 0');
    }
    return reserveIn(trx, accountId, Math.min(requireAmount(max), balance), reason);
  }

  async function balance(accountId: string): Promise<number> {
    const current = await createCreditsStore(db).balance(accountId);
    if (current === undefined) throw new CreditsError(`no account ${accountId}`);
    return current;
  }

  async function findReservation(id: string): Promise<LedgerEntry> {
    const entry = await createCreditsStore(db).findEntry(id);
    if (entry === undefined || entry.kind !== 'reserve') throw new CreditsError(`no reservation ${id}`);
    return entry;
  }

  /** Ends a reservation at what the call really cost (at most what was reserved); refunds the rest. */
  async function settle(reservationId: string, cost: number): Promise<{ balance: number; refunded: number }> {
    const reservation = await findReservation(reservationId);
    if (!Number.isSafeInteger(cost) || cost < 0 || cost > -reservation.delta) {
      throw new CreditsError(`cost must be between 0 and the ${-reservation.delta} credits reserved`);
    }
    const give = -reservation.delta - reservation.refunded - cost;
    if (give <= 0) return { balance: await balance(reservation.account_id), refunded: 0 };
    return { ...(await refundLeft(reservation, give)), refunded: give };
  }

  /**
   * Ends a chat-priced reservation (1 + 1 per 1,000 tokens, at most what was reserved) in the
   * caller's transaction: an AI job's, whose end commits with it. Returns the cost.
   */
  async function settleChatIn(trx: Db, reservationId: string, usage: ChatUsage): Promise<number> {
    const reservation = await createCreditsStore(trx).findEntry(reservationId);
    if (reservation === undefined || reservation.kind !== 'reserve') {
      throw new CreditsError(`no reservation ${reservationId}`);
    }
    const cost = Math.min(chatCost(usage.promptTokens + usage.completionTokens), -reservation.delta);
    const give = -reservation.delta - reservation.refunded - cost;
    if (give > 0) await refundLeftIn(trx, reservation, give);
    return cost;
  }

  return {
    balance,

    /**
     * Takes `amount` credits before an AI call does any work. Not enough credits: a 402
     * PaymentRequiredError, and nothing changes.
     */
    reserve(accountId: string, amount: number, reason: string): Promise<Reservation> {
      return db.transaction().execute((trx) => reserveIn(trx, accountId, amount, reason));
    },

    /** `reserve` in the caller's transaction: the reservation commits with what it pays for. */
    reserveIn,

    /**
     * For a call whose cost is known only afterwards (chat: 1 + 1 per 1,000 tokens): reserves
     * what it can cost at most, or the whole balance when that is less; `settle` then keeps the
     * real cost. 402 when the balance is below 1.
     */
    reserveUpTo(accountId: string, max: number, reason: string): Promise<Reservation> {
      return db.transaction().execute((trx) => reserveUpToIn(trx, accountId, max, reason));
    },

    /** `reserveUpTo` in the caller's transaction (an AI job's, queued in the same one). */
    reserveUpToIn,

    /**
     * Gives back all that is left of a reservation, in the caller's transaction (a failed job's,
     * so the job's end and the refund commit together). Returns the credits given back.
     */
    async refundIn(trx: Db, reservationId: string): Promise<number> {
      const reservation = await createCreditsStore(trx).findEntry(reservationId);
      if (reservation === undefined || reservation.kind !== 'reserve') {
        throw new CreditsError(`no reservation ${reservationId}`);
      }
      const left = -reservation.delta - reservation.refunded;
      if (left > 0) await refundLeftIn(trx, reservation, left);
      return left;
    },

    /**
     * Gives back credits of a reservation whose call failed: all that is left of it by default,
     * or `amount`. Never more than it took in total.
     */
    async refund(reservationId: string, amount?: number): Promise<{ balance: number; refunded: number }> {
      const reservation = await findReservation(reservationId);
      const left = -reservation.delta - reservation.refunded;
      const give = amount === undefined ? left : requireAmount(amount);
      if (give === 0) return { balance: await balance(reservation.account_id), refunded: 0 };
      return { ...(await refundLeft(reservation, give)), refunded: give };
    },

    settle,

    settleChatIn,

    /**
     * Ends a chat call's reservation at its cost from the provider's usage (1 + 1 per 1,000
     * tokens, at most what was reserved), or at 0 when it used nothing; returns the cost.
     */
    async settleChat(reservation: Reservation, usage?: ChatUsage): Promise<number> {
      const cost =
        usage === undefined
          ? 0
          : Math.min(chatCost(usage.promptTokens + usage.completionTokens), reservation.amount);
      await settle(reservation.id, cost);
      return cost;
    },

    /** Adds credits to an account (operator CLI). `account` is an id or a unique name. */
    async grant(account: string, amount: number, reason = 'granted by operator') {
      requireAmount(amount);
      const found = await accounts.resolve(account);
      const done = await db.transaction().execute((trx) => write(found.id, 'grant', amount, reason, trx));
      if (done === undefined) throw new CreditsError(`account ${found.id} is gone`);
      return { account: { ...found, creditBalance: done.balance }, entryId: done.id };
    },

    /** The account's newest ledger rows first. */
    ledger: (accountId: string, limit = 20) => createCreditsStore(db).list(accountId, limit),

    /** A page of the ledger as the API answers it (`GET /v1/me/credits`). */
    async ledgerPage(accountId: string, query: { page: number; limit: number }): Promise<CreditLedgerPage> {
      const { rows, total } = await createCreditsStore(db).page(accountId, query.page, query.limit);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          kind: row.kind as CreditLedgerEntry['kind'],
          delta: Number(row.delta),
          balanceAfter: Number(row.balance_after),
          reason: row.reason,
          createdAt: row.created_at,
        })),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: query.page * query.limit < total,
      };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
