import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './answer-checks.js';

// The oracle: the first, straightforward definition (a pattern plus a hyphen check). The
// single-pattern form in answer-checks.ts must accept exactly the strings this accepts.
const W =
  "\\w!#$%&'*+/=?^`{|}~\\u00a1-\\u167f\\u1681-\\u1fff\\u200c-\\u2027\\u202a-\\u202e\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\uffff-";
const H =
  'A-Za-z0-9\\u00a1-\\u167f\\u1681-\\u1fff\\u200c-\\u2027\\u202a-\\u202e\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\uffff-';
const EMAIL = new RegExp(`^[${W}]+(?:\\.[${W}]+)*@[${H}]+(?:\\.[${H}]+)+$`);
const BAD_HYPHEN = /^@-|-\.|\.-|-$/;

function oracle(s: string): boolean {
  if (s.length > 254) return false;
  const at = s.indexOf('@');
  if (at < 1 || at > 64 || !EMAIL.test(s)) return false;
  return s.indexOf('-', at) < 0 || !BAD_HYPHEN.test(s.slice(at));
}

/** Code units at and around every boundary of the classes, plus the structural characters. */
const EDGES = [
  0x00, 0x09, 0x20, 0x21, 0x22, 0x28, 0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x39, 0x3a, 0x3d, 0x3f, 0x40, 0x41, 0x5a,
  0x5b, 0x5c, 0x5e, 0x5f, 0x60, 0x61, 0x7a, 0x7b, 0x7e, 0x7f, 0x80, 0xa0, 0xa1, 0xe9, 0x167f, 0x1680, 0x1681,
  0x1fff, 0x2000, 0x200b, 0x200c, 0x2027, 0x2028, 0x2029, 0x202a, 0x202e, 0x202f, 0x2030, 0x205e, 0x205f,
  0x2060, 0x2fff, 0x3000, 0x3001, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfefe, 0xfeff, 0xff00, 0xffff,
];
const edgeUnit = fc.constantFrom(...EDGES.map((c) => String.fromCharCode(c)));
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'Z', '0', '-', '.', '@', '_', '+', 'é', 'ü', '例') },
  { weight: 3, arbitrary: edgeUnit },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2 }) },
);
const label = fc
  .array(
    fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom('a', 'b', '1', 'é') },
      { weight: 3, arbitrary: fc.constant('-') },
      { weight: 2, arbitrary: piece },
    ),
    { minLength: 0, maxLength: 6 },
  )
  .map((xs) => xs.join(''));
/** Strings shaped like addresses (atoms, one or two "@", labels), with edge units mixed in. */
const emailLike = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.oneof(
      { weight: 12, arbitrary: fc.constant('@') },
      { weight: 1, arbitrary: fc.constantFrom('', '@@', '.@', '@.') },
    ),
    fc.array(label, { minLength: 1, maxLength: 4 }).map((ls) => (ls.length === 1 ? [...ls, 'org'] : ls)),
    fc.oneof(
      { weight: 12, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(' ', '-', '.') },
    ),
  )
  .map(([local, at, domain, end]) => `${local.join('.')}${at}${domain.join('.')}${end}`);

describe('isEmailAddress', () => {
  it('agrees with the regular-expression definition on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(isEmailAddress(s)).toBe(oracle(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the regular-expression definition on address-like strings', () => {
    fc.assert(
      fc.property(emailLike, (s) => {
        expect(isEmailAddress(s)).toBe(oracle(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees on every single code unit in every position of a valid address', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const u = String.fromCharCode(c);
      for (const s of [`a${u}b@x.y`, `${u}@x.y`, `a@x${u}y.z`, `a@${u}.y`, `a@x.${u}`, `a@x.y${u}`]) {
        if (isEmailAddress(s) !== oracle(s)) expect(`${s} (U+${c.toString(16)})`).toBe('in agreement');
      }
    }
  });

  it('agrees on the length limits', () => {
    for (const local of [1, 63, 64, 65]) {
      for (const total of [253, 254, 255]) {
        const domain = `${'d'.repeat(Math.max(1, total - local - 5))}.com`;
        const s = `${'l'.repeat(local)}@${domain}`;
        expect(isEmailAddress(s)).toBe(oracle(s));
      }
    }
    expect(isEmailAddress(`${'l'.repeat(64)}@example.org`)).toBe(true);
    expect(isEmailAddress(`${'l'.repeat(65)}@example.org`)).toBe(false);
  });
});
