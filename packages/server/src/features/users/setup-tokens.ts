import type { Db } from '../../db/database.js';
import { unauthorized } from '../../domain-errors.js';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from './opaque-token.js';
import { checkPassword } from './password-policy.js';
import { createSessionsStore } from './sessions-store.js';
import { normaliseEmail, type User, type UsersService } from './users-service.js';

/** The first-run setup link works this long after `formloom serve` printed it. */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const REFUSED = 'This setup link was used already, has expired or is not valid';

/**
 * The one-time link that makes an account's owner on the first run (docs/server.md "Behaviour worth
 * knowing").
 */
export interface SetupTokensDeps {
  db: Db;
  clock: () => Date;
  /** Makes the owner a link is for, in the transaction that spends it. */
  users: UsersService;
}

export function createSetupTokens({ db, clock, users }: SetupTokensDeps) {
  return {
    /** A new link's token for `accountId`; only its hash is stored. */
    async issue(accountId: string): Promise<string> {
      const now = clock();
      const { token, id, secretHash } = newOpaqueToken();
      await createSessionsStore(db).insertSetupToken({
        id,
        account_id: accountId,
        secret_hash: secretHash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      });
      return token;
    },

    /**
     * Creates the owner the link is for. The token is spent in the same transaction as the user is
     * made, by an update only one concurrent redeemer can win; a refused password spends nothing.
     */
    async redeem(input: { token: string; email: string; password: string }): Promise<User> {
      normaliseEmail(input.email);
      await checkPassword(input.password);
      const parsed = parseOpaqueToken(input.token);
      if (parsed === undefined) throw unauthorized(REFUSED);
      return db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        const store = createSessionsStore(trx);
        const row = await store.setupToken(parsed.id);
        if (row === undefined || !secretMatches(parsed.secret, row.secret_hash)) throw unauthorized(REFUSED);
        if (!(await store.spendSetupToken(parsed.id, now))) throw unauthorized(REFUSED);
        return users.create(
          { account: row.account_id, email: input.email, password: input.password, role: 'owner' },
          trx,
        );
      });
    },
  };
}

export type SetupTokens = ReturnType<typeof createSetupTokens>;
