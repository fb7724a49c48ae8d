import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../domain-errors.js';

export interface LoginLimits {
  /** Failed sign-ins allowed per email in a window: guessing one person's password. */
  perEmail: number;
  /** Failed sign-ins allowed per client address in a window: trying many emails from one place. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };

/**
 * Counts failed sign-ins in fixed windows, in the database so every instance shares the count.
 * Only failures count (a person who signs in does not use up anything), and a success clears its
 * email's count. While either count is at its limit, sign-in is refused before the password is
 * checked, with the same answer whether the email exists or not.
 */
export function createLoginThrottle(db: Db, limits: LoginLimits, clock: () => Date) {
  const windowStart = () => {
    const now = clock().getTime();
    return new Date(now - (now % limits.windowMs)).toISOString();
  };
  const keys = (email: string, address: string) =>
    [
      { key: `email:${email}`, limit: limits.perEmail },
      { key: `ip:${address}`, limit: limits.perAddress },
    ] as const;

  return {
    /** Throws a 429 when the email or the address has used its failures in this window. */
    async check(email: string, address: string): Promise<void> {
      const start = windowStart();
      const all = keys(email, address);
      const rows = await db
        .selectFrom('login_failures')
        .select(['key', 'failures'])
        .where(
          'key',
          'in',
          all.map((k) => k.key),
        )
        .where('window_start', '=', start)
        .execute();
      for (const { key, limit } of all) {
        if (Number(rows.find((r) => r.key === key)?.failures ?? 0) >= limit) {
          const reset = new Date(start).getTime() + limits.windowMs;
          throw tooManyRequests('Too many failed sign-ins: wait before trying again', {
            type: 'BURST_LIMIT',
            retry_after: Math.max(1, Math.ceil((reset - clock().getTime()) / 1000)),
            limit,
            remaining: 0,
            reset: Math.ceil(reset / 1000),
          });
        }
      }
    },

    async fail(email: string, address: string): Promise<void> {
      const start = windowStart();
      for (const { key } of keys(email, address)) {
        await db
          .insertInto('login_failures')
          .values({ key, window_start: start, failures: 1 })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              // A new window starts the count again.
              failures: sql`case when login_failures.window_start = ${start} then login_failures.failures + 1 else 1 end`,
              window_start: start,
            }),
          )
          .execute();
      }
    },

    async succeed(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', `email:${email}`).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
