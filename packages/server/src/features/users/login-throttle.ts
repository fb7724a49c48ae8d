import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../domain-errors.js';
import { createLimiter, type LimitAnswer, rateLimitInfo } from '../../platform/limits/index.js';

export interface LoginLimits {
  /**
   * Sign-in attempts per client address in `windowMs`, on any email: trying many emails (or one)
   * from one place. A successful attempt gives its point back.
   */
  perAddress: number;
  windowMs: number;
  /** Failed sign-ins of one email after which each further attempt waits (the backoff). */
  perEmail: number;
  /** The first wait of the backoff; it doubles with each failure after that, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long an email's failures are remembered, from the first; a success forgets them. */
  failuresKeptMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: 20,
  windowMs: 15 * 60_000,
  perEmail: 5,
  backoffMs: 1000,
  maxBackoffMs: 5 * 60_000,
  failuresKeptMs: 24 * 60 * 60_000,
};

/** More attempts than any email has in its window: the email's count only measures, never refuses. */
const UNCOUNTED = 1_000_000;

/**
 * Sign-in throttling after OWASP's advice (Authentication Cheat Sheet, "Protect against automated
 * attacks"), counted by the one limiter (`limits/`) in the database, so every instance on it shares
 * the counts. Every attempt is counted before its password is checked, by the atomic take of the
 * limiter (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`): concurrent attempts each see their own
 * place, so a burst cannot all pass a check made before any of them failed.
 *
 * - Per address: at most `perAddress` attempts in `windowMs`, whatever the email.
 * - Per email: an exponential backoff instead of a lockout. Past `perEmail` failures, one attempt
 *   per wait is checked (the wait doubles per failure, capped at `maxBackoffMs`); the others are
 *   refused unchecked.
 * - The backoff does not apply to an address that has not failed (its first attempt in its window):
 *   the owner signing in from home is not held up by someone guessing elsewhere.
 *
 * Refused attempts get the same answer whether the email exists or not.
 */
export interface LoginThrottleDeps {
  db: Db;
  limits: LoginLimits;
  clock: () => Date;
}

export function createLoginThrottle({ db, limits, clock }: LoginThrottleDeps) {
  const limiter = createLimiter({ db, clock });
  const addressKey = (address: string) => `login:ip:${address}`;
  const emailKey = (email: string) => `login:email:${email}`;
  const turnKey = (email: string) => `login:turn:${email}`;
  const refuse = (answer: LimitAnswer) =>
    tooManyRequests(
      'Too many failed sign-ins: wait before trying again',
      rateLimitInfo(answer, 'BURST_LIMIT'),
    );

  /** The wait before the next checked attempt, once an email has `failures` failures. */
  const backoff = (failures: number) =>
    Math.min(limits.maxBackoffMs, limits.backoffMs * 2 ** Math.min(30, failures - limits.perEmail - 1));

  /** Starts the email over (a success, or a password reset by the operator). */
  async function forget(email: string): Promise<void> {
    await limiter.clear(emailKey(email));
    await limiter.clear(turnKey(email));
  }

  return {
    forget,

    /**
     * Counts an attempt before its password is checked; throws a 429 when it may not be checked.
     * Until `succeeded`, the attempt counts as a failure of the address and of the email.
     */
    async attempt(email: string, address: string): Promise<void> {
      const byAddress = await limiter.consume(addressKey(address), {
        limit: limits.perAddress,
        windowMs: limits.windowMs,
      });
      if (!byAddress.allowed) throw refuse(byAddress);
      const failures = (
        await limiter.consume(emailKey(email), { limit: UNCOUNTED, windowMs: limits.failuresKeptMs })
      ).used;
      const fresh = byAddress.used === 1;
      if (fresh || failures <= limits.perEmail) return;
      // One checked attempt per wait: the first to take the turn; the wait starts with it.
      const turn = await limiter.consume(turnKey(email), { limit: 1, windowMs: backoff(failures) });
      if (turn.allowed) return;
      // Not checked, so not a failure of the email (the address keeps it: it did try).
      await limiter.refund(emailKey(email));
      throw refuse(turn);
    },

    /** The password was right: the address gets its attempt back and the email starts over. */
    async succeeded(email: string, address: string): Promise<void> {
      await limiter.refund(addressKey(address));
      await forget(email);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
