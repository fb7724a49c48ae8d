import type { Field } from '../../models/field.js';
import { SCHEMA_LIMITS } from '../../models/limits.js';
import { calendarDay, longerThan, toNumber, trimmed } from '../logic/answer-values.js';
import type { FileAnswer } from '../types.js';
import type { IssueFactory } from './issue.js';

/**
 * The type check of one field: takes a non-empty answer, returns its normalised value or the
 * `Issue` that rejects it.
 */
export type AnswerCheck = (answer: unknown) => unknown;

/**
 * The engine's own cap on text answers, in code points, so one response cannot carry megabytes.
 * A `maxLength` rule that is lower (and unconditional) takes its place.
 */
export const ANSWER_LENGTH_LIMITS = {
  text: 10_000,
  email: 10_000,
  textarea: 100_000,
  hidden: 2_000,
} as const;

const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_LENGTH = 64;

/**
 * Non-ASCII code units allowed in both parts: letters of any script and most symbols; non-ASCII
 * spaces (U+1680, U+2000-U+200B, U+202F, U+205F, U+3000), the line and paragraph separators and
 * the BOM are left out. The pattern has no `u` flag, so it matches code units, not code points:
 * surrogates (in U+3001-U+FEFE) pass and an emoji is two allowed units.
 */
const WIDE =
  '\\u00a1-\\u167f\\u1681-\\u1fff\\u200c-\\u2027\\u202a-\\u202e\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\uffff';
/** The local part's characters: letters, digits, `_`, `-` and the other RFC 5322 atext symbols. */
const ATEXT = `[A-Za-z0-9_!#$%&'*+/=?^\`{|}~\\-${WIDE}]`;
/** A domain label's characters other than the hyphen. */
const HOST = `[A-Za-z0-9${WIDE}]`;
/** A domain label: hyphens only between other characters, so none at either end. */
const LABEL = `${HOST}+(?:-+${HOST}+)*`;
/**
 * Dot-separated atoms, "@", two or more dot-separated labels. No character can be taken by two
 * parts of the pattern (the classes hold neither ".", "@" nor, for labels, "-"), so each one is
 * consumed in one way only and a failing match gives each back at most once: linear time,
 * whatever the input. A pattern rather than a hand-written scan because irregexp's native code
 * reads a character for about half what a `charCodeAt` loop pays, which outweighs the call.
 */
const EMAIL = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@${LABEL}(?:\\.${LABEL})+$`);

/**
 * A pragmatic email check, the kind a browser's `type=email` does plus a dot in the domain:
 * `local@host.tld` where the local part is dot-separated atoms and the domain two or more labels
 * of letters, digits and inner hyphens (non-ASCII letters allowed in both), at most 254
 * characters and 64 before the "@". No quoted local parts, no IP literals. Linear in the input,
 * so no input is slow.
 *
 * ```ts
 * isEmailAddress('ada@example.org'); // true
 * isEmailAddress('ada@localhost');   // false
 * ```
 */
export function isEmailAddress(s: string): boolean {
  const n = s.length;
  // The domain takes at least three characters ("a.b"), so up to 68 in all the local part cannot
  // pass 64 and the "@" need not be looked for.
  return (
    n <= MAX_EMAIL_LENGTH &&
    EMAIL.test(s) &&
    (n <= MAX_EMAIL_LOCAL_LENGTH + 4 || s.indexOf('@') <= MAX_EMAIL_LOCAL_LENGTH)
  );
}

/**
 * Does a MIME type match one of the patterns (`image/png`, `image/*`, `*\/*`)? Case-insensitive;
 * parameters such as `; charset=utf-8` are ignored. No patterns: any type.
 */
export function mimeTypeAllowed(type: string, patterns: readonly string[] | undefined): boolean {
  if (!patterns || patterns.length === 0) return true;
  return compileMimeMatcher(patterns)(type);
}

function compileMimeMatcher(patterns: readonly string[]): (type: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let any = false;
  for (const raw of patterns) {
    const p = raw.trim().toLowerCase();
    if (p === '*' || p === '*/*') any = true;
    else if (p.endsWith('/*')) prefixes.push(p.slice(0, -1));
    else exact.add(p);
  }
  if (any) return () => true;
  return (type) => {
    const semicolon = type.indexOf(';');
    const t = (semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase();
    if (exact.has(t)) return true;
    for (const prefix of prefixes) if (t.startsWith(prefix) && t.length > prefix.length) return true;
    return false;
  };
}

/** Limits on the strings of a file answer; the upload route hands out far shorter ones. */
const MAX_UPLOAD_ID_LENGTH = 200;
const MAX_FILE_NAME_LENGTH = 1000;

/**
 * The largest file, in MB, a `file` field takes: its `fileConfig.maxSizeMB`, never above the
 * service-wide cap (`SCHEMA_LIMITS.maxUploadMB`). The upload route and the page use it too.
 *
 * ```ts
 * effectiveMaxUploadMB({ fileConfig: { maxSizeMB: 2 } }); // 2
 * effectiveMaxUploadMB(undefined); // 10
 * ```
 */
export function effectiveMaxUploadMB(field: UploadTarget | undefined): number {
  if (field?.type === 'signature') return SIGNATURE_MAX_MB;
  return Math.min(field?.fileConfig?.maxSizeMB ?? SCHEMA_LIMITS.maxUploadMB, SCHEMA_LIMITS.maxUploadMB);
}

/** What a field's upload limits are read from: its type and `fileConfig`. */
export type UploadTarget = { readonly type?: string; readonly fileConfig?: Field['fileConfig'] };

/** The largest signature PNG, in MB (512 KB; docs/form-model.md "signature"). */
export const SIGNATURE_MAX_MB = 0.5;

/** The MIME types a field's upload may be (`undefined`: any): a signature's is a PNG. */
export function uploadTypes(field: UploadTarget | undefined): readonly string[] | undefined {
  return field?.type === 'signature' ? ['image/png'] : field?.fileConfig?.allowedTypes;
}

/** A field that takes an upload: `file`, and `signature` (its PNG). */
export const takesUpload = (field: { readonly type: string }): boolean =>
  field.type === 'file' || field.type === 'signature';

function fileCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const config = field.fileConfig;
  const maxMB = effectiveMaxUploadMB(field);
  const maxBytes = maxMB * 1024 * 1024;
  const patterns = config?.allowedTypes ?? [];
  const allowed = patterns.length > 0 ? compileMimeMatcher(patterns) : () => true;
  const notAFile = issue('type', 'file');
  const typeIssue = issue('file_type', 'fileType', { types: patterns });
  const sizeIssue = issue('file_size', 'fileSize', { maxMB });
  return (a) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a)) return notAFile;
    const { uploadId, name, size, type } = a as Record<string, unknown>;
    if (
      typeof uploadId !== 'string' ||
      uploadId.length === 0 ||
      uploadId.length > MAX_UPLOAD_ID_LENGTH ||
      typeof name !== 'string' ||
      name.length > MAX_FILE_NAME_LENGTH ||
      typeof type !== 'string' ||
      type.length > 255 ||
      typeof size !== 'number' ||
      !Number.isSafeInteger(size) ||
      size < 0
    ) {
      return notAFile;
    }
    if (!allowed(type)) return typeIssue;
    if (size > maxBytes) return sizeIssue;
    // Keep the answer itself when it has nothing else in it, so a clean response is not copied.
    let keys = 0;
    for (const _key in a) keys++;
    if (keys === 4 && Object.getPrototypeOf(a) === Object.prototype) return a;
    const value: FileAnswer = { uploadId, name, size, type };
    return value;
  };
}

/** Membership in the option values: a scan for short lists (cheaper than hashing), a Set beyond. */
export function optionTest(field: Field): (value: string) => boolean {
  const values = (field.options ?? []).map((o) => o.value);
  if (values.length > 12) {
    const set = new Set(values);
    return (v) => set.has(v);
  }
  return (v) => values.includes(v);
}

function checkboxCheck(field: Field, issue: IssueFactory): AnswerCheck {
  const isOption = optionTest(field);
  const notAList = issue('type', 'options');
  const notAnOption = issue('option', 'options');
  const duplicate = issue('option', 'duplicateOption');
  return (a) => {
    if (!Array.isArray(a)) return notAList;
    // Distinct options bound the quadratic duplicate scan to options² / 2 steps.
    for (let i = 0; i < a.length; i++) {
      const x: unknown = a[i];
      if (typeof x !== 'string' || !isOption(x)) return notAnOption;
      for (let j = 0; j < i; j++) if (a[j] === x) return duplicate;
    }
    return a;
  };
}

function textCheck(field: Field, issue: IssueFactory, cap: number | null): AnswerCheck {
  const notText = issue('type', 'text');
  const tooLong = cap === null ? null : issue('too_long', 'tooLong', { max: cap });
  if (field.type === 'email') {
    const notEmail = issue('email', 'email');
    return (a) => {
      if (typeof a !== 'string') return notText;
      const s = trimmed(a);
      if (tooLong && cap !== null && longerThan(s, cap)) return tooLong;
      return isEmailAddress(s) ? s : notEmail;
    };
  }
  if (tooLong === null || cap === null) return (a) => (typeof a === 'string' ? a : notText);
  return (a) => {
    if (typeof a !== 'string') return notText;
    return longerThan(a, cap) ? tooLong : a;
  };
}

/**
 * Compiles the type check of a field. `lengthCap` is the engine's cap for text types, or null when
 * an unconditional maxLength rule is already at or below it.
 */
export function compileAnswerCheck(field: Field, issue: IssueFactory, lengthCap: number | null): AnswerCheck {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
      return textCheck(field, issue, lengthCap);
    case 'number': {
      const notANumber = issue('type', 'number');
      return (a) => {
        const n = toNumber(a);
        return Number.isNaN(n) ? notANumber : n;
      };
    }
    case 'select':
    case 'radio': {
      const isOption = optionTest(field);
      const notText = issue('type', 'option');
      const notAnOption = issue('option', 'option');
      return (a) => (typeof a !== 'string' ? notText : isOption(a) ? a : notAnOption);
    }
    case 'checkbox':
      return checkboxCheck(field, issue);
    case 'date': {
      const notADate = issue('date', 'date');
      return (a) => (typeof a === 'string' && !Number.isNaN(calendarDay(a)) ? trimmed(a) : notADate);
    }
    case 'file':
      return fileCheck(field, issue);
    default: {
      const unknownType = issue('type', 'text');
      return () => unknownType;
    }
  }
}
