import { randomUUID } from 'node:crypto';
import { type LoginResult, ROLES } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { SsoRequiredError, TwoFactorRequiredError, unauthorized } from '../../domain-errors.js';
import { audited, recordAsMember } from '../../platform/audit/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, UserError, verifyPassword } from './password.js';
import { checkPassword } from './password-policy.js';
import type { SessionTokens } from './session-token.js';
import type { TwoFactor } from './two-factor-service.js';
import { createUsersStore } from './users-store.js';

export interface User {
  id: string;
  accountId: string;
  email: string;
  createdAt: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (!EMAIL.test(normal) || normal.length > 320) throw new UserError(`"${email}" is not an email address`);
  return normal;
}

/** The same answer for an unknown email and a wrong password: nobody learns who has an account. */
const WRONG_CREDENTIALS = 'Wrong email or password';
const CODE_NEEDED = 'Enter the code of your authenticator app, or one of your recovery codes';

/** People who sign in: created by the CLI, signed in to the dashboard and the integrations API. */
export interface UsersServiceDeps {
  db: Db;
  clock?: () => Date;
  /** Finds the account a new user joins. */
  accounts: AccountsService;
  /** The container's one sign-in throttle: a password reset forgets the email's failures. */
  throttle: LoginThrottle;
}

export function createUsersService({ db, clock = () => new Date(), accounts, throttle }: UsersServiceDeps) {
  const store = createUsersStore(db);
  const toUser = (r: { id: string; account_id: string; email: string; created_at: string }): User => ({
    id: r.id,
    accountId: r.account_id,
    email: r.email,
    createdAt: r.created_at,
  });

  return {
    /**
     * `role` defaults to owner; each route's permission is checked against it (ROLE_PERMISSIONS).
     * `trx`: made inside the caller's transaction (a setup link or invitation spent with it).
     */
    async create(
      input: { account: string; email: string; password: string; role?: string },
      trx?: Db,
    ): Promise<User> {
      const account = await accounts.resolve(input.account, trx);
      const email = normaliseEmail(input.email);
      const role = input.role ?? 'owner';
      if (!(ROLES as readonly string[]).includes(role)) {
        throw new UserError(`"${role}" is not a role: use one of ${ROLES.join(', ')}`);
      }
      await checkPassword(input.password);
      const now = clock().toISOString();
      const row = {
        id: randomUUID(),
        account_id: account.id,
        email,
        password_hash: await hashPassword(input.password),
        role,
        created_at: now,
        updated_at: now,
      };
      try {
        await (trx === undefined ? store : createUsersStore(trx)).insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new UserError(`a user with the email ${email} exists already`);
        throw error;
      }
      return toUser(row);
    },

    /** Ends every dashboard session of these members, in `trx` when the change that ends them has one. */
    async endSessionsOf(userIds: readonly string[], trx?: Db): Promise<void> {
      await (trx === undefined ? store : createUsersStore(trx)).endSessionsOf(userIds);
    },

    async list(account?: string): Promise<User[]> {
      const accountId = account === undefined ? undefined : (await accounts.resolve(account)).id;
      const rows = await store.list(accountId);
      return rows.map(toUser);
    },

    async resetPassword(emailText: string, password: string): Promise<User> {
      const email = normaliseEmail(emailText);
      await checkPassword(password);
      const row = await store.findByEmail(email);
      if (row === undefined) throw new UserError(`no user with the email ${email}`);
      await store.setPassword(row.id, await hashPassword(password), clock().toISOString());
      // The dashboard's sessions of that person end: whoever knew the old password is signed out.
      await store.endSessionsOf(row.id);
      // A reset lifts a lockout: the person proved who they are to the operator.
      await throttle.forget(email);
      return toUser(row);
    },

    /**
     * A signed-in member's new password, with the current one (tried behind the sign-in throttle):
     * every other session of theirs ends, `keepSessionId` goes on. Answers how many ended.
     */
    async changePassword(
      member: { userId: string; accountId: string; email: string; sessionId: string },
      input: { current: string; new: string },
      address: string,
    ): Promise<number> {
      await throttle.attempt(member.email, address);
      const row = await store.credentialsOf(member.email);
      if (
        row === undefined ||
        row.id !== member.userId ||
        !(await verifyPassword(input.current, row.password_hash))
      ) {
        throw new UserError('The current password is wrong', [
          { path: 'body.current', code: 'wrong_password', message: 'The current password is wrong' },
        ]);
      }
      await throttle.succeeded(member.email, address);
      await checkPassword(input.new);
      const hash = await hashPassword(input.new);
      return audited(
        db,
        member.accountId,
        'password.changed',
        { type: 'member', id: member.userId },
        async (trx) => {
          await createUsersStore(trx).setPassword(member.userId, hash, clock().toISOString());
          return createUsersStore(trx).endOtherSessions(member.userId, member.sessionId);
        },
        clock,
      );
    },

    async byId(id: string): Promise<User | undefined> {
      const row = await store.findById(id);
      return row && toUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The one sign-in check of the integrations JWT and the dashboard's cookie: the password behind
 * the throttle, which counts the attempt before the password is checked, then the member's second
 * factor when it is on. Returns the user, or throws a 401 (wrong email or password; 401
 * TWO_FACTOR_REQUIRED without a code or with a wrong one) or a 429 (throttled). A wrong code
 * is a failed attempt like a wrong password: codes cannot be tried faster than passwords. Every
 * sign-in of a member and every failure on one is recorded in their account's audit log.
 */
export interface CredentialCheckDeps {
  db: Db;
  /** The container's one sign-in throttle. */
  throttle: LoginThrottle;
  /** The members' second factor. */
  twoFactor: TwoFactor;
  clock?: () => Date;
  /**
   * Whether the account lets its members sign in with a password: not under single sign-on's
   * `enforce`, owners included (they get back in with an e-mailed code instead).
   */
  passwordAllowed?: (accountId: string) => Promise<boolean>;
}

export function createCredentialCheck({
  db,
  throttle,
  twoFactor,
  clock = () => new Date(),
  passwordAllowed,
}: CredentialCheckDeps) {
  const store = createUsersStore(db);
  const record = (
    row: { id: string; account_id: string; email: string },
    action: 'sign_in.succeeded' | 'sign_in.failed',
    ip: string,
  ) => recordAsMember(db, row, action, { type: 'member', id: row.id }, ip, clock);

  return async (input: { email: string; password: string; code?: string | undefined }, address: string) => {
    const email = input.email.trim().toLowerCase();
    await throttle.attempt(email, address);
    const row = await store.credentialsOf(email);
    // An unknown email spends the same scrypt time as a wrong password.
    const ok = await verifyPassword(input.password, row?.password_hash);
    if (row === undefined) throw unauthorized(WRONG_CREDENTIALS);
    if (!ok) {
      await record(row, 'sign_in.failed', address);
      throw unauthorized(WRONG_CREDENTIALS);
    }
    // Said only to whoever knows the password: an account's sign-in rule is not told to guessers.
    if (passwordAllowed !== undefined && !(await passwordAllowed(row.account_id))) {
      await throttle.succeeded(email, address);
      throw new SsoRequiredError(
        `This account signs its members in through single sign-on: start at /v1/auth/sso/start?account=${row.account_id}`,
      );
    }
    const factor = await twoFactor.atSignIn(row.id, input.code);
    // The attempt stays counted until the code is right: asking again without one is no way around it.
    if (factor === 'missing') throw new TwoFactorRequiredError(CODE_NEEDED);
    if (factor === 'wrong') {
      await record(row, 'sign_in.failed', address);
      throw new TwoFactorRequiredError('Wrong or already used two-factor code');
    }
    await throttle.succeeded(email, address);
    await record(row, 'sign_in.succeeded', address);
    return { id: row.id, accountId: row.account_id, email: row.email };
  };
}

export type CredentialCheck = ReturnType<typeof createCredentialCheck>;

/** Integrations sign-in: the app's one credential check (shared with the dashboard), then a session JWT. */
export interface LoginDeps {
  check: CredentialCheck;
  tokens: SessionTokens;
}

export function createLogin({ check, tokens }: LoginDeps) {
  return async (
    input: { email: string; password: string; code?: string | undefined },
    address: string,
  ): Promise<LoginResult> => {
    const user = await check(input, address);
    const { token, expiresAt } = await tokens.issue(user, randomUUID());
    return { token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString(), user };
  };
}

export type Login = ReturnType<typeof createLogin>;
