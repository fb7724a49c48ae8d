import type { Role } from '@formloom/contract';
import type { Request } from 'express';
import type { Db } from '../../db/database.js';
import { TwoFactorEnrolmentRequiredError, unauthorized } from '../../domain-errors.js';
import type { SessionContext } from '../../http/request-context.js';
import type { AccountsService } from '../accounts/index.js';
import { InvalidSessionError, type SessionTokens } from './session-token.js';
import { createUsersStore } from './users-store.js';

/**
 * The session check behind `session` routes: a good JWT of a user who still exists, in the account
 * the token names, with the role they have now. A deleted user's tokens stop working at once, and
 * a changed role counts from the next request.
 */
export function createSessionCheck({
  db,
  tokens,
  accounts,
  mustEnrol,
}: {
  db: Db;
  tokens: SessionTokens;
  /** The token's account, for its plan now. */
  accounts: AccountsService;
  /** Whether the member must turn two-factor on first (the account requires it): then every route refuses them. */
  mustEnrol?: (userId: string, accountId: string) => Promise<boolean>;
}) {
  const users = createUsersStore(db);
  return async (token: string): Promise<SessionContext> => {
    const claims = await tokens.verify(token).catch((error: unknown) => {
      throw error instanceof InvalidSessionError ? unauthorized(error.message) : error;
    });
    const user = await users.sessionUser(claims.userId);
    if (user === undefined || user.account_id !== claims.accountId) {
      throw unauthorized('Invalid session token: sign in again');
    }
    if ((await mustEnrol?.(user.id, user.account_id)) === true) {
      throw new TwoFactorEnrolmentRequiredError(
        'Your account requires two-factor: turn it on in the dashboard first',
      );
    }
    const account = await accounts.resolve(user.account_id);
    return {
      userId: user.id,
      accountId: user.account_id,
      email: user.email,
      plan: account.plan,
      role: user.role as Role,
    };
  };
}

export type SessionCheck = ReturnType<typeof createSessionCheck>;

/** The auth middleware's verifier for `session` routes. */
export function sessionVerifier(check: SessionCheck) {
  return async (token: string, req: Request) => {
    req.session = await check(token);
    return { plan: req.session.plan, role: req.session.role };
  };
}
