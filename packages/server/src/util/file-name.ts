/**
 * Characters a file name never keeps: control characters (C0, DEL, C1), the bidirectional
 * controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) that make `invoice‮fdp.exe`
 * show as `invoiceexe.pdf`, and the line and paragraph separators.
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/** `name` without control, bidi-control or line-separator characters, trimmed. */
export function withoutControlCharacters(name: string): string {
  return name.replace(UNSAFE, '').trim();
}
