import type { Language } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { tooManyRequests, unauthorized } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAsMember } from '../../platform/audit/index.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import { queueSignInMail } from '../../platform/sign-in-mail.js';
import type { LoginThrottle } from './login-throttle.js';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from './opaque-token.js';
import { hashPassword } from './password.js';
import { checkPassword } from './password-policy.js';
import { resetMail } from './password-reset-mail.js';
import { createPasswordResetsStore } from './password-resets-store.js';
import { createUsersStore } from './users-store.js';

/** A reset link works this long after it was asked for, once. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Reset requests per client address and per e-mail address. */
export const PASSWORD_RESET_LIMITS = {
  perClient: { limit: 5, windowMs: 15 * 60_000 },
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
} as const;
const REFUSED = 'This reset link was used already, has expired or is not valid: ask for a new one';

export interface PasswordResetsDeps {
  db: Db;
  clock: () => Date;
  /** Where the dashboard is: the link opens its reset page. */
  publicUrl: string;
  /** The container's one sign-in throttle: a reset forgets the address's failures. */
  throttle: LoginThrottle;
  /** The outbox's mail channel (the notifications feature's), whose sender sends the link. */
  mailChannel: string;
  /** The outbox wake-up: the mail goes out at once. */
  outbox?: Wake | undefined;
}

/**
 * Password reset by a one-time link sent through the outbox's mail channel (the account's sign-in
 * mail target), so a mail survives a restart and obeys the mail limits like every other. The
 * answer to a request is the same whether the address has an account or not, and requests are
 * limited per client and per address by the one limiter, whichever it is. The link's token is
 * `<id>.<secret>` with the secret's SHA-256 stored; spending it sets the password and ends every
 * session of the member.
 */
export function createPasswordResets({
  db,
  clock,
  publicUrl,
  throttle,
  mailChannel,
  outbox,
}: PasswordResetsDeps) {
  const limiter = createLimiter({ db, clock });
  const resetLink = (token: string) => `${new URL('/app/reset-password', publicUrl).href}?token=${token}`;

  async function limit(key: string, rule: { limit: number; windowMs: number }): Promise<void> {
    const answer = await limiter.consume(key, rule);
    if (!answer.allowed) {
      throw tooManyRequests(
        'Too many reset requests: wait before asking again',
        rateLimitInfo(answer, 'BURST_LIMIT'),
      );
    }
  }

  return {
    /** Mails a reset link, in `language` (English by default), when `email` has an account; answers nothing either way. */
    async request(input: { email: string; language?: Language | undefined }, address: string): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await limit(`reset:client:${address}`, PASSWORD_RESET_LIMITS.perClient);
      await limit(`reset:email:${email}`, PASSWORD_RESET_LIMITS.perEmail);
      const user = await createUsersStore(db).findByEmail(email);
      if (user === undefined) return;
      const now = clock();
      const nowIso = now.toISOString();
      const { token, id, secretHash } = newOpaqueToken();
      const link = resetLink(token);
      await db.transaction().execute(async (trx) => {
        await createPasswordResetsStore(trx).insert(
          {
            id,
            user_id: user.id,
            secret_hash: secretHash,
            created_at: nowIso,
            expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
            used_at: null,
          },
          nowIso,
        );
        await queueSignInMail(trx, {
          accountId: user.account_id,
          mailChannel,
          type: 'MAIL_PASSWORD_RESET',
          mail: resetMail(email, link, PASSWORD_RESET_TTL_MS / 60_000, input.language ?? 'en'),
          now: nowIso,
        });
      });
      outbox?.notify();
    },

    /** Sets the member's password with a link's token, spent once; ends every session of theirs. */
    async confirm(input: { token: string; password: string }, ip: string | null): Promise<void> {
      const parsed = parseOpaqueToken(input.token);
      if (parsed === undefined) throw unauthorized(REFUSED);
      await checkPassword(input.password);
      const hash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        const nowIso = clock().toISOString();
        const resets = createPasswordResetsStore(trx);
        const row = await resets.withUser(parsed.id);
        if (row === undefined || !secretMatches(parsed.secret, row.secret_hash)) throw unauthorized(REFUSED);
        if (!(await resets.spend(parsed.id, nowIso))) throw unauthorized(REFUSED);
        const users = createUsersStore(trx);
        await users.setPassword(row.id, hash, nowIso);
        // Whoever knew the old password, or holds a session, is signed out.
        await users.endSessionsOf(row.id);
        await recordAsMember(trx, row, 'password.reset_confirmed', { type: 'member', id: row.id }, ip, clock);
        return row;
      });
      // The member proved who they are by their mailbox: their failed sign-ins are forgotten.
      await throttle.forget(user.email);
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
