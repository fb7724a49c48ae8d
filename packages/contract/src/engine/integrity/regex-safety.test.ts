import { describe, expect, it } from 'vitest';
import { SCHEMA_LIMITS } from '../../models/limits.js';
import { checkPatternSafety } from './regex-safety.js';
import { analysePatternStructure } from './regex-structure.js';

describe('checkPatternSafety', () => {
  it.each([
    ['(a+)+$'],
    ['(a|a)*$'],
    ['(\\w+\\s?)*$'],
    ['^(a|aa)+$'],
    ['(.*a){12}'],
    // Counted repetitions that recheck's automaton alone calls safe, yet V8 backtracks on.
    ['(a{1,10}){1,10}$'],
    ['(a{1,100})+$'],
    // Cubic: overlapping unbounded repetitions in sequence.
    ['.*.*=.*'],
  ])('flags %s as unsafe', (pattern) => {
    const result = checkPatternSafety(pattern);
    expect(result).toMatchObject({ ok: false, reason: 'unsafe' });
    expect(!result.ok && result.message).toContain(`/${pattern}/`);
  });

  it.each([
    ['^\\d{5}$'],
    ['^[A-Z]{2}-\\d+$'],
    ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'],
    ['^\\+?[0-9 ()-]{7,20}$'],
    ['^(\\d{1,3}\\.){3}\\d{1,3}$'],
    ['^[a-z]+(-[a-z]+)*$'],
    ['^(?<year>\\d{4})-\\d{2}$'],
    ['^[\\s\\S]{1,3}$'],
    ['^[A-Za-z0-9_]{3,12}$'],
    ['^\\d{4}-\\d{2}-\\d{2}$'],
  ])('accepts %s', (pattern) => {
    expect(checkPatternSafety(pattern)).toEqual({ ok: true });
  });

  it.each([['([a-z]'], ['a{2,1}'], ['*a'], ['\\'], ['(?<n>a)\\k<m>']])('reports %s as invalid', (pattern) => {
    const result = checkPatternSafety(pattern);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!result.ok && result.message).toMatch(/not a valid regular expression/);
  });

  it.each([
    ['^(?=.*\\d)(?=.*[a-z]).{8,}$', 'look-arounds'],
    ['^(?<!x)a$', 'look-arounds'],
    ['^(\\w)\\1+$', 'back-references'],
    ['^(a+)+\\1$', 'back-references'],
    ['(?<n>a)\\k<n>', 'back-references'],
    ['^\\p{L}+$', 'escape \\p'],
    ['^(?i:abc)$', 'inline modifiers'],
  ])('refuses %s, which the linear-time engine cannot run as a browser would (%s)', (pattern, why) => {
    const result = checkPatternSafety(pattern);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!result.ok && result.message).toContain(`/${pattern}/ cannot be used`);
    expect(!result.ok && result.message).toContain(why);
  });

  it('refuses patterns over the length limit without analysing them', () => {
    const result = checkPatternSafety('a'.repeat(SCHEMA_LIMITS.maxPatternLength + 1));
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('caches verdicts per pattern, and forgets the least recently used past its bound', () => {
    // Invalid patterns get a fresh verdict object each time they are judged, so identity shows a hit.
    const probe = (i: number) => checkPatternSafety(`(cache-probe-${i}`);
    const held = Array.from({ length: 500 }, (_, i) => probe(i)); // exactly fills the cache
    expect(probe(0)).toBe(held[0]); // a hit, and 0 becomes the most recently used
    probe(500); // evicts the least recently used: 1
    expect(probe(2)).toBe(held[2]);
    expect(probe(0)).toBe(held[0]);
    expect(probe(1)).not.toBe(held[1]);
    expect(probe(1)).toEqual(held[1]);
  });

  it('answers a fresh pattern quickly once warm', () => {
    checkPatternSafety('^warm-up-[a-z]+$');
    const start = performance.now();
    checkPatternSafety('^[a-z]{2,8}-[0-9]{1,4}$');
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('analysePatternStructure', () => {
  it.each([
    ['^\\d{5}$', '^\\d+$', false],
    ['(.*a){12}', '(.*a)+', true],
    ['(a{0,3})?b{1}', '(a*)?b{1}', false],
    ['(?:x+){0,}?', '(?:x+)*?', true],
    ['[a{2}(]+\\{3}', '[a{2}(]+\\{3}', false],
    ['(?<name>a)+b{2,}', '(?<name>a)+b+', false],
    ['x{a}(y+)+', 'x{a}(y+)+', true],
    ['((a)+)', '((a)+)', false],
  ])('%s widens to %s (nested: %s)', (source, widened, nested) => {
    expect(analysePatternStructure(source)).toEqual({ widened, nestedRepetition: nested });
  });
});
