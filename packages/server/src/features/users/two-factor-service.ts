import { randomUUID } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db } from '../../db/database.js';
import { conflict, TwoFactorRequiredError } from '../../domain-errors.js';
import { audited } from '../../platform/audit/index.js';
import type { LoginThrottle } from './login-throttle.js';
import { UserError } from './password.js';
import {
  isTotpCode,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  totpEnrolment,
  totpStep,
} from './totp.js';
import { createTwoFactorStore } from './two-factor-store.js';
import { normaliseEmail } from './users-service.js';
import { createUsersStore } from './users-store.js';

export const RECOVERY_CODE_COUNT = 10;
const WRONG_CODE = 'Wrong or already used two-factor code';

/** The signed-in member a two-factor change is for. */
export interface TwoFactorMember {
  userId: string;
  email: string;
  accountId: string;
}

/** What a sign-in's code came to: two-factor off, a good code, none given, or a wrong one. */
export type SignInFactor = 'off' | 'ok' | 'missing' | 'wrong';

export interface TwoFactorDeps {
  db: Db;
  clock: () => Date;
  /** Seals the TOTP secrets: the server must read them again to check a code. */
  box: SecretBox;
  /** The container's one sign-in throttle: every code checked counts in it, as a password does. */
  throttle: LoginThrottle;
}

/**
 * A member's second factor: a TOTP secret confirmed with a first code, and ten single-use recovery
 * codes. A TOTP code is accepted once (the step it matched is kept, and an earlier or equal step
 * is refused); a recovery code once. Codes checked outside sign-in (turning two-factor off, new
 * recovery codes) count in the sign-in throttle like passwords, so a stolen session cannot
 * try them all.
 */
export function createTwoFactor({ db, clock, box, throttle }: TwoFactorDeps) {
  const store = createTwoFactorStore(db);
  const sealContext = (userId: string) => `totp:${userId}`;
  const now = () => clock().toISOString();

  /** Whether `code` is good for the member now, spending it (its TOTP step, or the recovery code). */
  async function spend(
    userId: string,
    secretSealed: string,
    code: string,
    recovery: boolean,
  ): Promise<boolean> {
    if (isTotpCode(code)) {
      const step = totpStep(box.open(secretSealed, sealContext(userId)), code, clock());
      return step !== undefined && (await store.takeStep(userId, step));
    }
    if (!recovery) return false;
    return store.spendRecoveryCode(userId, hashSecret(normaliseRecoveryCode(code)), now());
  }

  /** The member's factor when it is on; a 409 when it is not. */
  async function enabledFactor(userId: string) {
    const factor = await store.factor(userId);
    if (factor === undefined || factor.enabled_at === null) throw conflict('Two-factor is off');
    return factor;
  }

  /** Checks a code of a signed-in member behind the throttle; throws 401 TWO_FACTOR_REQUIRED when wrong. */
  async function checkCode(
    member: TwoFactorMember,
    secretSealed: string,
    code: string,
    address: string,
    recovery: boolean,
  ): Promise<void> {
    await throttle.attempt(member.email, address);
    if (!(await spend(member.userId, secretSealed, code, recovery)))
      throw new TwoFactorRequiredError(WRONG_CODE);
    await throttle.succeeded(member.email, address);
  }

  /** Ten new codes in place of the old ones, in `trx`; answers them in clear, this once. */
  async function newRecoveryCodes(trx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const createdAt = now();
    await createTwoFactorStore(trx).replaceRecoveryCodes(
      userId,
      codes.map((code) => ({
        id: randomUUID(),
        user_id: userId,
        code_hash: hashSecret(normaliseRecoveryCode(code)),
        created_at: createdAt,
        used_at: null,
      })),
    );
    return codes;
  }

  return {
    async status(member: TwoFactorMember): Promise<TwoFactorStatus> {
      const factor = await store.factor(member.userId);
      return {
        enabled: factor?.enabled_at != null,
        recoveryCodesLeft: await store.recoveryCodesLeft(member.userId),
        required: await store.required(member.accountId),
        passkeys: await store.passkeyCount(member.userId),
      };
    },

    /** A new secret to confirm; replaces an unconfirmed one, never one that is on. */
    async setup(member: TwoFactorMember): Promise<TwoFactorSetup> {
      if ((await store.factor(member.userId))?.enabled_at != null) throw conflict('Two-factor is on already');
      const secret = newTotpSecret();
      await store.putPending(member.userId, box.seal(secret, sealContext(member.userId)), now());
      return { ...(await totpEnrolment(secret, member.email)), secret };
    },

    /** Turns two-factor on with a first code of the app; answers the ten recovery codes. */
    async confirm(member: TwoFactorMember, code: string, address: string): Promise<RecoveryCodes> {
      const factor = await store.factor(member.userId);
      if (factor === undefined) throw conflict('Start the two-factor set-up first');
      if (factor.enabled_at !== null) throw conflict('Two-factor is on already');
      await checkCode(member, factor.secret_sealed, code, address, false);
      const target = { type: 'member' as const, id: member.userId };
      const recoveryCodes = await audited(
        db,
        member.accountId,
        'two_factor.enabled',
        target,
        async (trx) => {
          if (!(await createTwoFactorStore(trx).enable(member.userId, now()))) {
            throw conflict('Two-factor is on already');
          }
          return newRecoveryCodes(trx, member.userId);
        },
        clock,
      );
      return { recoveryCodes };
    },

    /** Turns two-factor off with a current code (or a recovery code). */
    async disable(member: TwoFactorMember, code: string, address: string): Promise<void> {
      const factor = await enabledFactor(member.userId);
      await checkCode(member, factor.secret_sealed, code, address, true);
      await audited(
        db,
        member.accountId,
        'two_factor.disabled',
        { type: 'member', id: member.userId },
        (trx) => createTwoFactorStore(trx).remove(member.userId),
        clock,
      );
    },

    /**
     * Checks and spends a current code (or a recovery code) of a member whose two-factor is on,
     * for a change that needs one: 401 TWO_FACTOR_REQUIRED when wrong, 409 when two-factor is off.
     */
    async checkCurrent(member: TwoFactorMember, code: string, address: string): Promise<void> {
      const factor = await enabledFactor(member.userId);
      await checkCode(member, factor.secret_sealed, code, address, true);
    },

    /** Ten new recovery codes with a current code; every old one stops working. */
    async renewRecoveryCodes(member: TwoFactorMember, code: string, address: string): Promise<RecoveryCodes> {
      const factor = await enabledFactor(member.userId);
      await checkCode(member, factor.secret_sealed, code, address, true);
      const recoveryCodes = await audited(
        db,
        member.accountId,
        'two_factor.recovery_codes_renewed',
        { type: 'member', id: member.userId },
        (trx) => newRecoveryCodes(trx, member.userId),
        clock,
      );
      return { recoveryCodes };
    },

    /**
     * The second step of a sign-in whose password was right (the throttle already counted the
     * attempt): a good code is spent, so it signs in once.
     */
    async atSignIn(userId: string, code: string | undefined): Promise<SignInFactor> {
      const factor = await store.factor(userId);
      if (factor === undefined || factor.enabled_at === null) return 'off';
      if (code === undefined || code.trim() === '') return 'missing';
      return (await spend(userId, factor.secret_sealed, code, true)) ? 'ok' : 'wrong';
    },

    /**
     * The operator's reset of a lost factor (`formloom users reset-2fa`): the member signs in with
     * the password alone until they turn two-factor on again. `removed` is false when it was off.
     */
    async reset(emailText: string): Promise<{ email: string; removed: boolean }> {
      const email = normaliseEmail(emailText);
      const user = await createUsersStore(db).findByEmail(email);
      if (user === undefined) throw new UserError(`no user with the email ${email}`);
      return { email, removed: await store.remove(user.id) };
    },

    /** Whether the member must turn two-factor on before anything else. */
    mustEnrol(userId: string, accountId: string): Promise<boolean> {
      return store.mustEnrol(userId, accountId);
    },

    async setRequired(accountId: string, required: boolean): Promise<{ require2fa: boolean }> {
      await audited(
        db,
        accountId,
        'account.security_changed',
        { type: 'account', id: accountId },
        (trx) => createTwoFactorStore(trx).setRequired(accountId, required, now()),
        clock,
      );
      return { require2fa: required };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
