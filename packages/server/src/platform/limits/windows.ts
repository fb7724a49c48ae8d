/**
 * Fixed windows (docs/decisions.md "Server"): a minute and an hour start on the clock's minute and hour, a
 * month on the first of the calendar month, all in UTC. Every process computes the same window
 * for the same instant, so counters keyed by window start are shared without coordination.
 */
export type WindowKind = 'minute' | 'hour' | 'month';

export interface FixedWindow {
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export function windowOf(kind: WindowKind, now: Date): FixedWindow {
  const t = now.getTime();
  switch (kind) {
    case 'minute': {
      const start = t - mod(t, MINUTE_MS);
      return { start: new Date(start), end: new Date(start + MINUTE_MS) };
    }
    case 'hour': {
      const start = t - mod(t, HOUR_MS);
      return { start: new Date(start), end: new Date(start + HOUR_MS) };
    }
    case 'month':
      return {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      };
  }
}

/** Whole seconds until `end`, at least 1: what `Retry-After` and `retry_after` say. */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** Unix seconds, as the `X-*-Reset` headers and `rate_limit.reset` carry them. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

// `%` keeps the sign of the dividend; instants before 1970 still round down.
function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}
