/**
 * How the engine reads one raw answer: emptiness, numbers, calendar dates, text length, a
 * repeating section's entries. Shared by the condition evaluator, response validation, the
 * repeating sections' code and the texts, so "empty", "a date" or "an entry" means one thing.
 * Every function takes `unknown` and never throws.
 */

/** True for a character `String.prototype.trim` would keep, checked without allocating. */
function isVisibleAscii(code: number): boolean {
  return code > 32 && code < 127;
}

/** A string of only whitespace (or nothing). */
export function isBlank(s: string): boolean {
  if (s.length === 0) return true;
  if (isVisibleAscii(s.charCodeAt(0))) return false;
  return s.trim().length === 0;
}

/**
 * Empty: `undefined`, `null`, a string of only whitespace, or an empty array. An empty answer
 * fails `required`, skips every other rule, is left out of the validated value, and is what a
 * condition sees for a hidden field.
 */
export function isEmptyAnswer(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return isBlank(v);
  return Array.isArray(v) && v.length === 0;
}

/** `s` without surrounding whitespace; returns `s` itself when there is none. */
export function trimmed(s: string): string {
  const n = s.length;
  if (n === 0 || (isVisibleAscii(s.charCodeAt(0)) && isVisibleAscii(s.charCodeAt(n - 1)))) return s;
  return s.trim();
}

// Linear: each part is entered at most once from a single anchored start.
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Longer numeric strings are refused rather than scanned. */
const MAX_NUMERIC_LENGTH = 400;
/** Any integer of this many decimal digits is below 2^53, so exact as a double. */
const MAX_EXACT_DIGITS = 15;

/**
 * A finite number from a number or a decimal string (`"10"`, `" -1.5 "`, `"2e3"`), else NaN.
 * No hex, no `Infinity`, no thousands separators, no decimal comma, and `""` is not 0.
 */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : Number.NaN;
  if (typeof v !== 'string' || v.length > MAX_NUMERIC_LENGTH) return Number.NaN;
  // Fast path for the common plain integer ("42"): up to 15 digits are exact in a double, so
  // summing them gives what `Number` would, without the pattern and the parse (about 3x cheaper).
  const len = v.length;
  if (len <= MAX_EXACT_DIGITS) {
    let n = 0;
    let i = 0;
    for (; i < len; i++) {
      const d = v.charCodeAt(i) - 48;
      if (d >>> 0 > 9) break;
      n = n * 10 + d;
    }
    if (i === len && len > 0) return n;
  }
  const s = trimmed(v);
  if (!NUMERIC.test(s)) return Number.NaN;
  const n = Number(s);
  return Number.isFinite(n) ? n : Number.NaN;
}

// The time part of an ISO 8601 extended date-time, matched from index 10 (sticky).
const TIME =
  /T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/y;

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Is `s` (already trimmed) an ISO 8601 date or extended date-time on a day that exists? The
 * validity half of `calendarDay`, without computing the day number.
 */
export function isCalendarDate(s: string): boolean {
  const n = s.length;
  if (n < 10 || n > 40) return false;
  // The date part read straight off the string, with no loop or call: each `charCodeAt` is most
  // of the cost here. A code unit minus 48 is a digit's value only when it lies in 0-9, and
  // `>>> 0` turns anything below "0" into a huge number, so one comparison rejects a non-digit.
  const y0 = s.charCodeAt(0) - 48;
  const y1 = s.charCodeAt(1) - 48;
  const y2 = s.charCodeAt(2) - 48;
  const y3 = s.charCodeAt(3) - 48;
  const m0 = s.charCodeAt(5) - 48;
  const m1 = s.charCodeAt(6) - 48;
  const d0 = s.charCodeAt(8) - 48;
  const d1 = s.charCodeAt(9) - 48;
  if (
    y0 >>> 0 > 9 ||
    y1 >>> 0 > 9 ||
    y2 >>> 0 > 9 ||
    y3 >>> 0 > 9 ||
    m0 >>> 0 > 9 ||
    m1 >>> 0 > 9 ||
    d0 >>> 0 > 9 ||
    d1 >>> 0 > 9 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45
  ) {
    return false;
  }
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (month < 1 || month > 12 || day < 1) return false;
  // Every month has 28 days, so only a later day needs the month's length (and the year).
  if (day > 28) {
    const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
    const monthDays = month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
    if (day > monthDays) return false;
  }
  if (n > 10) {
    TIME.lastIndex = 10;
    if (!TIME.test(s)) return false;
  }
  return true;
}

/**
 * The calendar day of an ISO 8601 date (`2024-02-29`) or extended date-time
 * (`2024-02-29T23:30`, `2024-02-29T23:30:00.5+05:30`), as a day number, else NaN. The date part is
 * taken as written: the offset does not move the day. The date must exist (`2023-02-29` does not).
 */
export function calendarDay(v: unknown): number {
  if (typeof v !== 'string') return Number.NaN;
  const s = trimmed(v);
  if (!isCalendarDate(s)) return Number.NaN;
  return daysFromCivil(digits(s, 0, 4), digits(s, 5, 2), digits(s, 8, 2));
}

/** Length in Unicode code points (an emoji counts once), as minLength and maxLength count. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** More than `max` code points; counts only when the UTF-16 length leaves it open. */
export function longerThan(s: string, max: number): boolean {
  return s.length > max && codePointLength(s) > max;
}

/** Fewer than `min` code points; counts only when the UTF-16 length leaves it open. */
export function shorterThan(s: string, min: number): boolean {
  if (s.length < min) return true;
  return s.length < 2 * min && codePointLength(s) < min;
}

/** A number as a person writes it: `0.1 + 0.2` shows as `0.3`, not `0.30000000000000004`. */
export function numberText(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : '';
}

/**
 * Whether a value is one entry of a repeating section (`answers[sectionId] = [{fieldId: value},
 * …]`): a plain object, not null and not a list.
 *
 * ```ts
 * isEntry({ name: 'Ada' }); // true
 * isEntry(['Ada']); // false
 * ```
 */
export function isEntry(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
