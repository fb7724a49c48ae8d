import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLinearPattern, UnsupportedPatternError } from './linear-pattern.js';

/** Answers that tell the engines' readings of whitespace, dots, classes and escapes apart. */
const PROBES = [
  '',
  'a',
  'abc',
  'ab1_',
  ' ',
  '\t',
  '\v',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\r',
  '\n',
  'a\nb',
  'x\u0008y',
  '[',
  ']',
  '}',
  '{',
  'a{,2}',
  'x{a}',
  '-',
  'é',
  '\u0000',
  'k<n>',
  'p{L}',
  'ada@example.org',
  '12345',
  '2024-02-29',
  'a.b',
];

describe('compileLinearPattern', () => {
  it.each([
    ['^\\s$'],
    ['^\\S+$'],
    ['^[\\s\\S]$'],
    ['^[^\\s]+$'],
    ['^.$'],
    ['^a.b$'],
    ['^[\\b]$'],
    ['x\\by'],
    ['^\\d{5}$'],
    ['^\\w+$'],
    ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'],
    ['^[[]$'],
    ['^[^]$'],
    ['^[]$'],
    ['^]$'],
    ['^}$'],
    ['^\\u00e9$'],
    ['^\\x41?$'],
    ['^\\cJ$'],
    ['^\\0$'],
    ['^(?<year>\\d{4})-(?:\\d{2})-\\d{2}$'],
    ['^[a-z\\-.]+$'],
    ['^\\/\\.\\[\\]\\(\\)\\{\\}\\|\\?\\*\\+\\^\\$\\\\$'],
    ['^(a|a)*$'],
    ['a{2,}'],
    ['^a{,2}$'],
    ['^x{a}$'],
    ['^{$'],
  ])('%s answers as RegExp does', (pattern) => {
    const re2 = compileLinearPattern(pattern);
    const js = new RegExp(pattern);
    for (const probe of PROBES) expect(re2.test(probe), JSON.stringify(probe)).toBe(js.test(probe));
  });

  it('answers as RegExp does on arbitrary text, for patterns built of the shared pieces', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '.',
      '\\s',
      '\\S',
      '\\d',
      '\\w',
      '[^a]',
      '[\\s\\d]',
      '(a|b)',
      '-',
    );
    const quantifier = fc.constantFrom('', '*', '+', '?', '{1,3}');
    const pattern = fc
      .array(fc.tuple(piece, quantifier), { minLength: 1, maxLength: 5 })
      .map((parts) => `^${parts.map(([p, q]) => p + q).join('')}$`);
    // BMP only: past it RE2 reads a code point where RegExp reads two UTF-16 units (documented).
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '1', '_', ' ', '\t', '\u00a0', '\n', '\r', '-', 'é'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(pattern, text, (source, input) => {
        expect(compileLinearPattern(source).test(input)).toBe(new RegExp(source).test(input));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['^(?=a)a$'],
    ['^(?!a).$'],
    ['(?<=a)b'],
    ['(?<!a)b'],
    ['^(a)\\1$'],
    ['(?<n>a)\\k<n>'],
    ['\\p{L}'],
    ['\\a'],
    ['\\z'],
    ['\\u{1F600}'],
    ['(?i:a)'],
  ])('refuses %s', (pattern) => {
    expect(() => new RegExp(pattern)).not.toThrow();
    expect(() => compileLinearPattern(pattern)).toThrow(UnsupportedPatternError);
  });

  it('takes time linear in the answer on patterns that backtrack catastrophically', () => {
    const re2 = compileLinearPattern('^(a|aa)+$');
    re2.test('a'.repeat(100));
    const start = performance.now();
    expect(re2.test(`${'a'.repeat(10_000)}!`)).toBe(false);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
