import { sqlDialectOf } from './db/dialect.js';
import type { Account } from './features/accounts/index.js';
import type { Services } from './services.js';

/** The advisory lock key of the first start ("fl-boot" in ASCII). */
const BOOTSTRAP_LOCK = 0x666c2d626f6f74;

/**
 * On a database without accounts: the account `default` on the Max plan, an all-scopes key and
 * the token of the one-time setup link that makes its owner (24 hours), returned once so
 * `formloom serve` can print them. Undefined when any account exists. Several
 * instances may start together on one new PostgreSQL database: a lock (`SqlDialect.withLock`) lets one
 * of them look and make the account while the others wait, then find it made.
 */
export async function ensureDefaultAccount(
  services: Services,
  options: BootstrapOptions = {},
): Promise<FirstRun | undefined> {
  return sqlDialectOf(services.db).withLock(services.db, BOOTSTRAP_LOCK, (conn) =>
    ensureOn(services.on(conn), options),
  );
}

export interface FirstRun {
  account: Account;
  /** The API key, shown once. */
  token: string;
  /** The setup link's token: `<origin>/app/setup?token=<setupToken>`. */
  setupToken: string;
}

export interface BootstrapOptions {
  /**
   * The new `default` account's starting credits (FORMLOOM_DEFAULT_CREDITS), granted with a ledger
   * row, so a newcomer's first AI call works. 0: none.
   */
  credits?: number;
}

async function ensureOn(services: Services, options: BootstrapOptions): Promise<FirstRun | undefined> {
  const { accounts, keys, setupTokens, credits } = services;
  if ((await accounts.count()) > 0) return undefined;
  const account = await accounts.create({ name: 'default', plan: 'MAX' });
  const { token } = await keys.create({
    account: account.id,
    scopes: ['all'],
    name: 'created by formloom serve',
  });
  const setupToken = await setupTokens.issue(account.id);
  const amount = options.credits ?? 0;
  if (amount > 0) {
    const granted = await credits.grant(account.id, amount, 'starting balance');
    return { account: granted.account, token, setupToken };
  }
  return { account, token, setupToken };
}
