import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  codePointLength,
  isEmptyAnswer,
  isEntry,
  longerThan,
  shorterThan,
  toNumber,
} from './answer-values.js';

const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;

describe('answer values', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [' \t\n\u00a0', true],
    [[], true],
    ['0', false],
    [0, false],
    [false, false],
    [{}, false],
    [['a'], false],
  ])('isEmptyAnswer(%j) is %s', (v, empty) => {
    expect(isEmptyAnswer(v)).toBe(empty);
  });

  it.each([
    [10, 10],
    ['10', 10],
    [' -1.5 ', -1.5],
    ['2e3', 2000],
    ['.5', 0.5],
    ['5.', 5],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['0x10', Number.NaN],
    ['Infinity', Number.NaN],
    ['1e400', Number.NaN],
    ['1,5', Number.NaN],
    [Number.POSITIVE_INFINITY, Number.NaN],
    [true, Number.NaN],
    [null, Number.NaN],
    ['1'.repeat(401), Number.NaN],
  ])('toNumber(%j) is %s', (v, n) => {
    expect(toNumber(v)).toBe(n);
  });

  it.each([
    ['2024-02-29', day('2024-02-29')],
    ['2000-02-29', day('2000-02-29')],
    ['1970-01-01', 0],
    ['0001-01-01', day('0001-01-01')],
    ['2024-02-29T23:59', day('2024-02-29')],
    ['2024-02-29T23:59:59.123456789Z', day('2024-02-29')],
    ['2024-03-01T00:30:00+14:00', day('2024-03-01')],
    ['2024-03-01T00:30:00-0530', day('2024-03-01')],
    [' 2024-03-01 ', day('2024-03-01')],
  ])('calendarDay(%j) is the day as written', (v, expected) => {
    expect(calendarDay(v)).toBe(expected);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-1-01',
    '24-01-01',
    '2024/01/01',
    '2024-01-01T24:00',
    '2024-01-01T12',
    '2024-01-01T12:00:60',
    '2024-01-01 12:00',
    '2024-01-01Z',
    '2024-01-01T12:00+25:00',
    '',
  ])('calendarDay(%j) is NaN', (v) => {
    expect(calendarDay(v)).toBeNaN();
  });

  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('\ud83d')).toBe(1); // a lone surrogate counts once
    expect(longerThan('😀😀', 2)).toBe(false);
    expect(longerThan('😀😀😀', 2)).toBe(true);
    expect(shorterThan('😀😀', 3)).toBe(true);
    expect(shorterThan('😀😀😀', 3)).toBe(false);
    expect(shorterThan('abc', 3)).toBe(false);
  });
});

describe("a repeating section's entry", () => {
  it.each([
    [{ name: 'Ada' }, true],
    [{}, true],
    [Object.create(null) as object, true],
    [null, false],
    [undefined, false],
    [['Ada'], false],
    ['Ada', false],
    [3, false],
  ])('isEntry(%j) is %s', (value, expected) => {
    expect(isEntry(value)).toBe(expected);
  });
});
