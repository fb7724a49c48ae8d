import { trimmed } from '../logic/answer-values.js';

// Apart from checks.ts: the integrity checks read these too, and a module they share with the
// question types' checks would carry those into every page that checks conditions.

/** `HH:MM` (or `H:MM`) as minutes since midnight; NaN for anything else. */
export function timeMinutes(a: unknown): number {
  const m = typeof a === 'string' ? /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(a) : null;
  return m === null ? Number.NaN : Number(m[1]) * 60 + Number(m[2]);
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 date and time with its offset (`2026-12-01T09:30:00+01:00`, or `Z`) as the
 * milliseconds of its instant; NaN for anything else, a day that does not exist included.
 */
export function dateTimeInstant(a: unknown): number {
  const m = typeof a === 'string' ? DATETIME.exec(trimmed(a)) : null;
  if (m === null) return Number.NaN;
  const [, y, mo, d, h, mi, sec, , oh, om] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCDate() !== Number(d) || day.getUTCMonth() !== Number(mo) - 1) return Number.NaN;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) > 59) return Number.NaN;
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return Number.NaN;
  return Date.parse(trimmed(a as string));
}
