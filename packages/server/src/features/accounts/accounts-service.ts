import { randomUUID } from 'node:crypto';
import type { AccountRow, Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { InvalidInputError, notFound } from '../../domain-errors.js';
import { PLANS, type Plan, parsePlan } from '../../platform/plans.js';
import { type AccountsStore, createAccountsStore } from './accounts-store.js';

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  creditBalance: number;
  createdAt: string;
}

/** An account request that cannot be done as asked (unknown plan, empty or ambiguous name). */
export class AccountError extends InvalidInputError {
  override name = 'AccountError';
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    creditBalance: Number(row.credit_balance),
    createdAt: row.created_at,
  };
}

export interface AccountsServiceDeps {
  db: Db;
  clock?: () => Date;
}

export function createAccountsService({ db, clock = () => new Date() }: AccountsServiceDeps) {
  const store: AccountsStore = createAccountsStore(db);

  function requirePlan(plan: string): Plan {
    const parsed = parsePlan(plan);
    if (parsed === undefined) {
      throw new AccountError(
        `unknown plan "${plan}"; use one of ${PLANS.map((p) => p.toLowerCase()).join(', ')}`,
      );
    }
    return parsed;
  }

  /** An account by id, or by name when the name is unique; `trx`: inside the caller's transaction. */
  async function resolve(idOrName: string, trx?: Db): Promise<Account> {
    const on = trx === undefined ? store : createAccountsStore(trx);
    const byId = await on.findById(idOrName);
    if (byId) return toAccount(byId);
    const byName = await on.findByName(idOrName);
    if (byName.length === 1) return toAccount(byName[0]!);
    if (byName.length > 1) {
      throw new AccountError(
        `${byName.length} accounts are named "${idOrName}"; pass the account id instead`,
      );
    }
    throw notFound(`no account with id or name "${idOrName}"`);
  }

  return {
    resolve,

    /** A row of `accounts` read with another table (a key's lookup joins it) as an Account. */
    fromRow: toAccount,

    async create(input: { name: string; plan: string }): Promise<Account> {
      const name = input.name.trim();
      if (name === '') throw new AccountError('account name must not be empty');
      const row = { id: randomUUID(), name, plan: requirePlan(input.plan), created_at: isoNow(clock()) };
      await store.insert(row);
      return toAccount({ ...row, credit_balance: 0 });
    },

    async get(id: string): Promise<Account | undefined> {
      const row = await store.findById(id);
      return row && toAccount(row);
    },

    async list(): Promise<Account[]> {
      return (await store.list()).map(toAccount);
    },

    count: () => store.count(),

    async setPlan(idOrName: string, plan: string): Promise<Account> {
      const parsed = requirePlan(plan);
      const account = await resolve(idOrName);
      await store.setPlan(account.id, parsed);
      return { ...account, plan: parsed };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
