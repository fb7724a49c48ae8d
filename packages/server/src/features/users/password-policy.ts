import { UserError } from './password.js';

/** Below this a password is refused: long enough to resist guessing when the hashes leak. */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Refuses (UserError, a 400 VALIDATION_ERROR) a password too short or too long, and one that is
 * long enough but among the first guesses of any cracker: on a list of common passwords, one short
 * unit repeated, or a straight run of letters, digits or a keyboard row (NIST SP 800-63B 3.1.1.2
 * asks for the list; length alone let `aaaaaaaaaa` through).
 */
export async function checkPassword(password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at most ${MAX_PASSWORD_LENGTH} characters`);
  }
  const reason = await weakPasswordReason(password);
  if (reason !== undefined) throw new UserError(reason);
}

/** Why a password of a good length is still refused, or undefined when it is not. */
export async function weakPasswordReason(password: string): Promise<string | undefined> {
  const text = password.normalize('NFKC').toLowerCase();
  if (isRepetitive(text)) {
    return 'The password repeats one character or a short group of characters (like "aaaa" or "abcabc"): choose one that does not';
  }
  if (isSequence(text)) {
    return 'The password is a straight sequence (like "abcdef", "123456" or "qwerty"): choose one that is not';
  }
  if ((await commonPasswords()).has(text)) {
    return 'This password is on a list of common passwords that attackers try first: choose another';
  }
  return undefined;
}

/** One unit of fewer than MIN_PASSWORD_LENGTH characters, repeated (`aaaa`, `abcabcab`), or at most two characters. */
export function isRepetitive(text: string): boolean {
  const chars = [...text];
  if (new Set(chars).size <= 2) return true;
  for (let unit = 1; unit < MIN_PASSWORD_LENGTH && unit * 2 <= chars.length; unit++) {
    if (chars.every((char, i) => char === chars[i % unit])) return true;
  }
  return false;
}

/**
 * Rings of characters people walk along; each is read forwards and backwards, and wraps
 * (`7890123456`). The keyboard's letter rows are one ring, as `qwertyuiopasdf` is typed.
 */
const RINGS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiopasdfghjklzxcvbnm', '!@#$%^&*()'];

/** Every character the next one along one ring, in one direction (`1234567890`, `zyxwv`, `qwertyuiop`). */
export function isSequence(text: string): boolean {
  const chars = [...text];
  return RINGS.some((ring) =>
    [1, -1].some((step) =>
      chars.every((char, i) => {
        if (i === 0) return ring.includes(char);
        const at = ring.indexOf(chars[i - 1]!);
        return at !== -1 && ring[(at + step + ring.length) % ring.length] === char;
      }),
    ),
  );
}

/**
 * The common passwords, lower case, from @zxcvbn-ts/language-common: zxcvbn's ranked list (about
 * 49,000 entries, from leaked password sets), maintained with zxcvbn-ts and MIT licensed. Loaded on
 * the first check, not at start (about 170 ms and a few MB), and kept as a Set. Only entries that
 * pass the length check are kept: the shorter ones are refused before the list is consulted.
 */
let common: Promise<Set<string>> | undefined;

export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((entry) => entry.length >= MIN_PASSWORD_LENGTH)),
  );
  return common;
}
