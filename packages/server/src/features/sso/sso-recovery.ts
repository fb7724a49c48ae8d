import { type Language, SSO_RECOVERY_CODE_LENGTH } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { TwoFactorRequiredError, tooManyRequests, unauthorized } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAsMember } from '../../platform/audit/index.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import { createOneTimeCodes, takeCodeTry } from '../../platform/one-time-codes/index.js';
import { queueSignInMail } from '../../platform/sign-in-mail.js';
import type { LoginThrottle, TwoFactor } from '../users/index.js';
import { recoveryMail } from './sso-recovery-mail.js';
import { createSsoStore } from './sso-store.js';

/**
 * An owner's e-mailed code: 15 minutes, 5 tries (right or wrong); a few codes an hour per address
 * (a person asks again once or twice; more floods their mailbox) and per client (one client
 * naming many addresses).
 */
export const SSO_RECOVERY_RULES = {
  ttlMs: 15 * 60_000,
  maxTries: 5,
  perEmail: { limit: 3, windowMs: 3_600_000 },
  perClient: { limit: 10, windowMs: 3_600_000 },
};

const REFUSED = 'Wrong, used or expired code: ask for a new one';
const CODE_NEEDED = 'Enter the code of your authenticator app, or one of your recovery codes';

export interface SsoRecoveryDeps {
  db: Db;
  clock: () => Date;
  /** Derived from the server key for this purpose: codes are kept as an HMAC, so a database copy cannot test guesses. */
  codeKey: Uint8Array;
  /** The container's one sign-in throttle: a code is tried no faster than a password. */
  throttle: LoginThrottle;
  /** The members' second factor, asked for after the code as after a password. */
  twoFactor: Pick<TwoFactor, 'atSignIn'>;
  /** The outbox's mail channel, whose sender sends the code (as it sends a reset link). */
  mailChannel: string;
  outbox?: Wake | undefined;
  rules?: typeof SSO_RECOVERY_RULES;
}

/**
 * The way back in of an account's owners when its single sign-on is enforced (password and passkey
 * sign-in are off for everyone then): a one-time code by e-mail, asked for at `POST
 * /v1/auth/sso/recovery` and spent at `.../confirm`. Only an owner of such an account gets a code;
 * every address gets the same answer. The code signs in like a password does: behind the sign-in
 * throttle, then the owner's second factor, every step in the account's audit log.
 */
export function createSsoRecovery({
  db,
  clock,
  codeKey,
  throttle,
  twoFactor,
  mailChannel,
  outbox,
  rules = SSO_RECOVERY_RULES,
}: SsoRecoveryDeps) {
  const store = createSsoStore(db);
  const limiter = createLimiter({ db, clock });
  const codes = createOneTimeCodes({ key: codeKey, length: SSO_RECOVERY_CODE_LENGTH });
  const normal = (email: string) => email.trim().toLowerCase();
  const record = (
    trx: Db,
    owner: { id: string; account_id: string; email: string },
    action: 'sso.recovery_requested' | 'sign_in.succeeded' | 'sign_in.failed',
    ip: string,
  ) => recordAsMember(trx, owner, action, { type: 'member', id: owner.id }, ip, clock);

  return {
    /** Mails a code when `email` is an owner under enforced single sign-on; answers nothing either way. */
    async request(input: { email: string; language?: Language | undefined }, client: string): Promise<void> {
      const email = normal(input.email);
      // Counted for every address, so the limits tell nothing about which ones have a code.
      const taken = await limiter.consumeAll([
        { key: `sso-recovery:email:${email}`, rule: rules.perEmail },
        { key: `sso-recovery:client:${client}`, rule: rules.perClient },
      ]);
      const refused = taken.answers.find((a) => !a.allowed);
      if (!taken.allowed && refused !== undefined) {
        throw tooManyRequests(
          `Too many codes asked for: retry in ${refused.retryAfterSeconds} s`,
          rateLimitInfo(refused, 'BURST_LIMIT'),
        );
      }
      const owner = await store.ownerUnderEnforce(email);
      if (owner === undefined) return;
      const now = clock();
      const nowIso = now.toISOString();
      const issued = codes.issue();
      await db.transaction().execute(async (trx) => {
        await createSsoStore(trx).insertRecoveryCode(
          {
            id: issued.id,
            user_id: owner.id,
            code_hash: issued.codeHash,
            created_at: nowIso,
            expires_at: new Date(now.getTime() + rules.ttlMs).toISOString(),
          },
          nowIso,
        );
        await queueSignInMail(trx, {
          accountId: owner.account_id,
          mailChannel,
          type: 'MAIL_SSO_RECOVERY',
          mail: recoveryMail(owner.email, issued.code, rules.ttlMs / 60_000, input.language ?? 'en'),
          now: nowIso,
        });
        await record(trx, owner, 'sso.recovery_requested', client);
      });
      outbox?.notify();
    },

    /**
     * Signs an owner in with the newest code of their address, then their second factor when it
     * is on (the code is kept until it is given). Answers the owner's id; throws a 401 for a
     * wrong, used or expired code, a 401 TWO_FACTOR_REQUIRED, or a 429 from the throttle.
     */
    async confirm(
      input: { email: string; code: string; twoFactorCode?: string | undefined },
      client: string,
    ): Promise<string> {
      const email = normal(input.email);
      // Counted before anything is compared, as a password attempt is.
      await throttle.attempt(email, client);
      const owner = await store.ownerUnderEnforce(email);
      const row = owner && (await store.latestRecoveryCode(owner.id, clock().toISOString()));
      if (owner === undefined || row === undefined) throw unauthorized(REFUSED);
      const failed = async (error: Error): Promise<never> => {
        await record(db, owner, 'sign_in.failed', client);
        throw error;
      };
      if (!(await takeCodeTry(db, 'sso_recovery_codes', row.id, rules.maxTries))) {
        await failed(unauthorized('No tries left: ask for a new code'));
      }
      if (!codes.matches(row, input.code.trim())) {
        await failed(unauthorized(REFUSED));
      }
      const factor = await twoFactor.atSignIn(owner.id, input.twoFactorCode);
      // The attempt stays counted until the second factor is right too.
      if (factor === 'missing') throw new TwoFactorRequiredError(CODE_NEEDED);
      if (factor === 'wrong')
        await failed(new TwoFactorRequiredError('Wrong or already used two-factor code'));
      // Two sign-ins racing with the same code: one spends it, the other is refused.
      if (!(await store.spendRecoveryCode(row.id))) await failed(unauthorized(REFUSED));
      await throttle.succeeded(email, client);
      await record(db, owner, 'sign_in.succeeded', client);
      return owner.id;
    },
  };
}

export type SsoRecovery = ReturnType<typeof createSsoRecovery>;
