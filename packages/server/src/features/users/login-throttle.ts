import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../domain-errors.js';
import { createLimiter, rateLimitInfo } from '../limits/index.js';

export interface LoginLimits {
  /** Failed sign-ins allowed per email in a window: guessing one person's password. */
  perEmail: number;
  /** Failed sign-ins allowed per client address in a window: trying many emails from one place. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };

/**
 * Failed sign-ins, counted by the one limiter (`limits/`) in the database so every instance
 * shares the count. Only failures count (a person who signs in does not use up anything), and a
 * success clears its email's count. While either count is at its limit, sign-in is refused
 * before the password is checked, with the same answer whether the email exists or not.
 */
export function createLoginThrottle(db: Db, limits: LoginLimits, clock: () => Date) {
  const limiter = createLimiter({ db, clock });
  const emailKey = (email: string) => `login:email:${email}`;
  const keys = (email: string, address: string) =>
    [
      { key: emailKey(email), rule: { limit: limits.perEmail, windowMs: limits.windowMs } },
      { key: `login:ip:${address}`, rule: { limit: limits.perAddress, windowMs: limits.windowMs } },
    ] as const;

  return {
    /** Throws a 429 when the email or the address has used its failures in this window. */
    async check(email: string, address: string): Promise<void> {
      for (const { key, rule } of keys(email, address)) {
        const answer = await limiter.peek(key, rule);
        if (!answer.allowed) {
          throw tooManyRequests(
            'Too many failed sign-ins: wait before trying again',
            rateLimitInfo(answer, 'BURST_LIMIT'),
          );
        }
      }
    },

    async fail(email: string, address: string): Promise<void> {
      for (const { key, rule } of keys(email, address)) await limiter.consume(key, rule);
    },

    async succeed(email: string): Promise<void> {
      await limiter.clear(emailKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
