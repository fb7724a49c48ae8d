import { describe, expect, it, vi } from 'vitest';

// recheck as the built server once had it: every call failing (there, a stack overflow), or
// answering without a verdict. A plain function rather than a spy, so that what it throws reaches
// the code under test and nothing else.
const checker = vi.hoisted(() => ({
  calls: 0,
  timeouts: [] as number[],
  answer: (_timeout: number): unknown => undefined,
}));
vi.mock('recheck/lib/browser.js', () => {
  const checkSync = (_source: string, _flags: string, params: { timeout: number }) => {
    checker.calls += 1;
    checker.timeouts.push(params.timeout);
    return checker.answer(params.timeout);
  };
  return { checkSync, default: { checkSync } };
});

const { checkPatternSafety } = await import('./regex-safety.js');

const overflow = () => {
  throw new RangeError('Maximum call stack size exceeded');
};

describe('checkPatternSafety when the checker cannot judge', () => {
  it.each([['^(a|a)*$'], ['^(\\w|\\d)+$'], ['^\\d{5}$']])('refuses %s when the checker throws', (pattern) => {
    checker.answer = overflow;
    const result = checkPatternSafety(pattern);
    expect(result).toMatchObject({ ok: false, reason: 'unsafe' });
    expect(!result.ok && result.message).toContain(`The pattern /${pattern}/ could not be checked`);
    expect(!result.ok && result.message).toContain('Maximum call stack size exceeded');
    expect(!result.ok && result.message).toContain('refused rather than assumed safe');
  });

  it('refuses a pattern the checker gives no verdict for (a timeout)', () => {
    checker.answer = () => ({ status: 'unknown', error: { kind: 'timeout' } });
    const result = checkPatternSafety('^[a-z]+-x$');
    expect(result).toMatchObject({ ok: false, reason: 'unsafe' });
    expect(!result.ok && result.message).toContain('no verdict came within the time allowed');
  });

  it('asks once more, for longer, after a timeout, and takes the verdict that comes then', () => {
    // A busy machine: no verdict within the first ask's time, one within the second's.
    checker.answer = (timeout) =>
      timeout > 500 ? { status: 'safe' } : { status: 'unknown', error: { kind: 'timeout' } };
    checker.timeouts = [];
    expect(checkPatternSafety('^\\+?[0-9 ]{6,20}$')).toEqual({ ok: true });
    expect(checker.timeouts).toEqual([500, 2000]);
  });

  it('does not keep such a refusal: the pattern is judged again once the checker answers', () => {
    checker.answer = overflow;
    checker.calls = 0;
    expect(checkPatternSafety('^[0-9]{3}-later$').ok).toBe(false);
    checker.answer = () => ({ status: 'safe' });
    expect(checkPatternSafety('^[0-9]{3}-later$')).toEqual({ ok: true });
    expect(checker.calls).toBe(2);
  });
});
