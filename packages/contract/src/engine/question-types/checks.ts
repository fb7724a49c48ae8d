import type { Field } from '../../models/field.js';
import { isBlank, longerThan, toNumber, trimmed } from '../logic/answer-values.js';
import { type AnswerCheck, compileAnswerCheck, SIGNATURE_MAX_MB } from '../validate/answer-checks.js';
import { Issue, type IssueFactory } from '../validate/issue.js';
import { phoneNumbering } from './phone-numbering.js';
import { dateTimeInstant, timeMinutes } from './times.js';

export { dateTimeInstant, timeMinutes } from './times.js';

/**
 * The answer checks of the question types and of the choice options (`other`, `exclusiveValue`,
 * `multiple`), which the table's entries name (docs/form-model.md "Question types"). Each takes a
 * non-empty answer and returns its normalised value, an `Issue`, or `EMPTY_ANSWER`.
 */

import { EMPTY_ANSWER, isMultipleChoice } from './basics.js';

export { EMPTY_ANSWER, isMultipleChoice, needsChoiceCheck } from './basics.js';

/** The longest "Other" text, in code points. */
export const OTHER_MAX_LENGTH = 1000;

/** An `{other: text}` answer (the text not yet checked). */
export function isOtherAnswer(a: unknown): a is { other: unknown } {
  return typeof a === 'object' && a !== null && !Array.isArray(a) && Object.hasOwn(a, 'other');
}

/** Does `required` hold unconditionally (the field's flag, or a `required` rule without `when`)? */
export function alwaysRequired(field: Field): boolean {
  return (
    field.required === true || (field.validation?.rules ?? []).some((r) => r.type === 'required' && !r.when)
  );
}

function valueTest(values: readonly string[]): (v: string) => boolean {
  if (values.length > 12) {
    const set = new Set(values);
    return (v) => set.has(v);
  }
  return (v) => values.includes(v);
}

/** `{other: text}` with its text trimmed, or null when the text is blank, too long or not text. */
function otherValue(a: { other: unknown }): { other: string } | null {
  const text = a.other;
  if (typeof text !== 'string' || isBlank(text)) return null;
  const t = trimmed(text);
  if (longerThan(t, OTHER_MAX_LENGTH)) return null;
  return t === text && Object.keys(a).length === 1 ? (a as { other: string }) : { other: t };
}

/**
 * A choice with options and, when the field has them, an "Other" text and an exclusive option:
 * one value (or `{other}`) for a single choice; distinct values with at most one `{other}` for a
 * multiple choice, the exclusive option alone.
 */
export function choiceCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const isOption = valueTest((field.options ?? []).map((o) => o.value));
  const takesOther = field.other !== undefined;
  const otherIssue = issue('other', 'otherText', { max: OTHER_MAX_LENGTH });
  if (!isMultipleChoice(field)) {
    const notText = issue('type', 'option');
    const notAnOption = issue('option', 'option');
    return (a) => {
      if (typeof a === 'string') return isOption(a) ? a : notAnOption;
      if (takesOther && isOtherAnswer(a)) return otherValue(a) ?? otherIssue;
      return notText;
    };
  }
  const notAList = issue('type', 'options');
  const notAnOption = issue('option', 'options');
  const duplicate = issue('option', 'duplicateOption');
  const exclusive = field.exclusiveValue;
  const exclusiveIssue = issue('exclusive', 'exclusive');
  return (a) => {
    if (!Array.isArray(a)) return notAList;
    let copy: unknown[] | null = null;
    let others = 0;
    for (let i = 0; i < a.length; i++) {
      const x: unknown = a[i];
      if (typeof x === 'string') {
        if (!isOption(x)) return notAnOption;
        for (let j = 0; j < i; j++) if (a[j] === x) return duplicate;
        continue;
      }
      if (!takesOther || !isOtherAnswer(x)) return notAnOption;
      if (++others > 1) return duplicate;
      const o = otherValue(x);
      if (o === null) return otherIssue;
      if (o !== x) {
        copy ??= [...a];
        copy[i] = o;
      }
    }
    if (exclusive !== undefined && a.length > 1 && a.includes(exclusive)) return exclusiveIssue;
    return copy ?? a;
  };
}

/** A whole number `min..max` (rating, nps, scale); a numeric string is read as its number. */
export function integerCheck(min: number, max: number, issue: IssueFactory): AnswerCheck {
  const failed = issue('range', 'scaleValue', { min, max });
  return (a) => {
    const n = toNumber(a);
    return Number.isInteger(n) && n >= min && n <= max ? n : failed;
  };
}

/** How far off the step grid a slider value may be, in steps: float steps such as 0.1 add up inexactly. */
const GRID_TOLERANCE = 1e-6;

/** A number on the grid `min + k × step` within `min..max`, normalised to the grid point. */
export function sliderCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const { min, max, step } = field.slider ?? { min: 0, max: 0, step: 1 };
  const failed = issue('range', 'sliderValue', { min, max, step });
  return (a) => {
    const n = toNumber(a);
    if (!(n >= min - step * GRID_TOLERANCE && n <= max + step * GRID_TOLERANCE)) return failed;
    const k = Math.round((n - min) / step);
    if (Math.abs((n - min) / step - k) > GRID_TOLERANCE) return failed;
    const point = Math.min(max, Number((min + k * step).toPrecision(12)));
    return point === a ? a : point;
  };
}

/**
 * `{rowId: column}` (or `column[]` when multiple, no repeats) over known rows and columns; a
 * blank or empty row is left out. With `required` (unconditional) every row must be answered.
 */
export function matrixCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const config = field.matrix;
  const rows = new Set((config?.rows ?? []).map((r) => r.id));
  const isColumn = valueTest((config?.columns ?? []).map((c) => c.value));
  const multiple = config?.multiple === true;
  const failed = issue('option', 'matrix');
  const rowsMissing = alwaysRequired(field) ? issue('required', 'matrixRows') : null;
  const unanswered = (v: unknown) =>
    v === undefined ||
    v === null ||
    (typeof v === 'string' && isBlank(v)) ||
    (Array.isArray(v) && v.length === 0);
  return (a) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a)) return failed;
    let answered = 0;
    let dropped = false;
    for (const key of Object.keys(a)) {
      const v: unknown = (a as Record<string, unknown>)[key];
      if (!rows.has(key)) return failed;
      if (unanswered(v)) {
        dropped = true;
        continue;
      }
      if (multiple) {
        if (!Array.isArray(v)) return failed;
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (typeof x !== 'string' || !isColumn(x)) return failed;
          for (let j = 0; j < i; j++) if (v[j] === x) return failed;
        }
      } else if (typeof v !== 'string' || !isColumn(v)) return failed;
      answered++;
    }
    if (answered === 0) return EMPTY_ANSWER;
    if (rowsMissing !== null && answered < rows.size) return rowsMissing;
    if (!dropped && Object.getPrototypeOf(a) === Object.prototype) return a;
    const value: Record<string, unknown> = {};
    for (const key of Object.keys(a)) {
      const v: unknown = (a as Record<string, unknown>)[key];
      if (!unanswered(v))
        Object.defineProperty(value, key, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return value;
  };
}

/**
 * Distinct option values (and at most one `{other}` when the field has it), best first: every
 * option, or exactly `ranking.top`.
 */
export function rankingCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const options = (field.options ?? []).map((o) => o.value);
  const top = field.ranking?.top;
  const choices = choiceCheck({ ...field, type: 'checkbox', exclusiveValue: undefined }, issue);
  const notAList = issue('type', 'options');
  const notRanked = issue('option', 'ranking');
  const count = top ?? options.length;
  const wrongCount = issue('rank_count', 'rankCount', { max: count });
  return (a) => {
    if (!Array.isArray(a)) return notAList;
    const value = choices(a);
    if (value instanceof Issue) return value.rule === 'other' ? value : notRanked;
    if (!Array.isArray(value)) return notRanked;
    const ranked = value.length - (value.some((x) => typeof x !== 'string') ? 1 : 0);
    if (top !== undefined ? value.length !== top : ranked !== count) return wrongCount;
    return value;
  };
}

/** The longest URL answer, in characters. */
export const URL_MAX_LENGTH = 2000;
/** The longest part of an address or typed signature name, in characters. */
export const ADDRESS_PART_MAX_LENGTH = 200;

/**
 * A phone number as E.164 (`+4915112345678`), read with libphonenumber-js's `min` metadata (the
 * same set the browsers load): `+` and a country code, or a national number of
 * `phone.defaultCountry`. Spaces, dashes and brackets are allowed in what is typed.
 */
export function phoneCheck(field: Field, issue: IssueFactory): AnswerCheck {
  if (phoneNumbering() === undefined) {
    throw new Error('The phone numbering is not loaded: await loadQuestionTypes({ phone: true }) first.');
  }
  const e164 = phoneE164(field);
  const failed = issue('phone', 'phone');
  return (a) => e164(a) ?? failed;
}

/**
 * A phone answer, or a condition's value, as `phoneCheck` stores an answer: E.164, a national
 * number read in `phone.defaultCountry` ("030 1234567" with DE: `+49301234567`); undefined when it
 * is no valid number. Before a browser has loaded the numbering: trimmed, as written.
 */
export function phoneE164(field: Field): (value: unknown) => string | undefined {
  const defaultCountry = field.phone?.defaultCountry;
  return (value) => {
    if (typeof value !== 'string' || longerThan(value, 64)) return undefined;
    const numbering = phoneNumbering();
    return numbering === undefined ? trimmed(value) : numbering.e164(trimmed(value), defaultCountry);
  };
}

/** An absolute `http`/`https` URL of at most `URL_MAX_LENGTH` characters, trimmed. */
export function urlCheck(_field: Field, issue: IssueFactory): AnswerCheck {
  const failed = issue('url', 'url');
  const noScheme = issue('url', 'urlScheme');
  const tooLong = issue('too_long', 'tooLong', { max: URL_MAX_LENGTH });
  return (a) => {
    if (typeof a !== 'string') return failed;
    const s = trimmed(a);
    if (s.length > URL_MAX_LENGTH) return tooLong;
    if (!/^[a-z][a-z\d+.-]*:/i.test(s) || /^[^/:]+\.[^/:]+:\d/.test(s)) return noScheme;
    if (!/^https?:\/\/[^/?#\s]/i.test(s) || /\s/.test(s)) return failed;
    try {
      const url = new URL(s);
      return url.hostname !== '' ? s : failed;
    } catch {
      return failed;
    }
  };
}

/** A time of day `HH:MM` (24 h); `9:05` is normalised to `09:05`. */
export function timeCheck(_field: Field, issue: IssueFactory): AnswerCheck {
  const failed = issue('time', 'time');
  return (a) => {
    const minutes = timeMinutes(a);
    if (Number.isNaN(minutes)) return failed;
    const s = trimmed(a as string);
    return s.length === 5 ? s : `0${s}`;
  };
}

/** An ISO 8601 date and time with an offset, kept as written (trimmed): the offset is the respondent's. */
export function dateTimeCheck(_field: Field, issue: IssueFactory): AnswerCheck {
  const failed = issue('datetime', 'datetime');
  return (a) => (Number.isNaN(dateTimeInstant(a)) ? failed : trimmed(a as string));
}

/** The parts of an address answer, in the order the one-line display shows them. */
export const ADDRESS_PARTS = ['line1', 'line2', 'postalCode', 'city', 'region', 'country'] as const;
const DEFAULT_REQUIRED_PARTS = ['line1', 'city', 'country'] as const;

/**
 * `{line1, line2?, city, region?, postalCode?, country}` of trimmed text, the country a two-letter
 * code (upper-cased); blank parts are left out, and the parts `address.required` names (default
 * line1, city, country) must be there. No part filled in: empty.
 */
export function addressCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const required = field.address?.required ?? DEFAULT_REQUIRED_PARTS;
  const failed = issue('address', 'address');
  const missing = issue('address_part', 'addressPart');
  return (a) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a)) return failed;
    const value: Record<string, string> = {};
    for (const key of Object.keys(a)) {
      const v: unknown = (a as Record<string, unknown>)[key];
      if (!(ADDRESS_PARTS as readonly string[]).includes(key)) return failed;
      if (v === undefined || v === null || (typeof v === 'string' && isBlank(v))) continue;
      if (typeof v !== 'string' || longerThan(trimmed(v), ADDRESS_PART_MAX_LENGTH)) return failed;
      value[key] = trimmed(v);
    }
    if (Object.keys(value).length === 0) return EMPTY_ANSWER;
    if (value.country !== undefined) {
      value.country = value.country.toUpperCase();
      if (!/^[A-Z]{2}$/.test(value.country)) return failed;
    }
    return required.every((part) => value[part] !== undefined) ? value : missing;
  };
}

/** A PNG upload, checked as a file answer, with `signedName` when the signature was typed. */
export function signatureCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const file = compileAnswerCheck(
    { ...field, type: 'file', fileConfig: { allowedTypes: ['image/png'], maxSizeMB: SIGNATURE_MAX_MB } },
    issue,
    null,
  );
  const badName = issue('signed_name', 'signedName');
  return (a) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a) || !Object.hasOwn(a, 'signedName'))
      return file(a);
    const { signedName, ...upload } = a as Record<string, unknown>;
    const checked = file(upload);
    if (checked instanceof Issue || signedName === undefined) return checked;
    if (typeof signedName !== 'string' || longerThan(trimmed(signedName), ADDRESS_PART_MAX_LENGTH))
      return badName;
    return isBlank(signedName) ? checked : { ...(checked as object), signedName: trimmed(signedName) };
  };
}

/** `true` when given (`"true"` from a form post too); `false` is consent not given: empty. */
export function consentCheck(_field: Field, issue: IssueFactory): AnswerCheck {
  const failed = issue('consent', 'consent');
  return (a) => (a === true || a === 'true' ? true : a === false || a === 'false' ? EMPTY_ANSWER : failed);
}

/** A statement is never answered: whatever arrives for it is dropped. */
export function statementCheck(): AnswerCheck {
  return () => EMPTY_ANSWER;
}
