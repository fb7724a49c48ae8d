import { describe, expect, it } from 'vitest';
import { UserError } from './password.js';
import { checkPassword, commonPasswords, isRepetitive, isSequence } from './password-policy.js';

describe('checkPassword', () => {
  it.each([
    ['aaaaaaaaaa', /repeats one character/],
    ['AAAAAAAAAAAA', /repeats one character/],
    ['abcabcabcabc', /short group/],
    ['12121212121', /short group/],
    ['ab1!ab1!ab1!a', /short group/],
    ['aaaaabbbbb', /short group/],
    ['1234567890', /straight sequence/],
    ['0987654321', /straight sequence/],
    ['7890123456', /straight sequence/],
    ['abcdefghij', /straight sequence/],
    ['KJIHGFEDCBA', /straight sequence/],
    ['qwertyuiop', /straight sequence/],
    ['QwErTyUiOpAsD', /straight sequence/],
    ['!@#$%^&*()', /straight sequence/],
    ['password123', /list of common passwords/],
    ['PASSWORD123', /list of common passwords/],
    ['1q2w3e4r5t', /list of common passwords/],
    ['basketball', /list of common passwords/],
    ['iloveyou12', /list of common passwords/],
  ])('refuses %s with the reason', async (password, reason) => {
    const refused = checkPassword(password);
    await expect(refused).rejects.toBeInstanceOf(UserError);
    await expect(refused).rejects.toThrow(reason);
  });

  it.each([
    'a long enough password',
    'correct horse battery staple',
    'Tr0ub4dor&3x',
    'xk9#mQ2vLp',
    'correcthorsecorrecthorse',
    'abcdefghik',
    'ééééüüüüçç1',
  ])('accepts %s', async (password) => {
    await expect(checkPassword(password)).resolves.toBeUndefined();
  });

  it('still checks the length first', async () => {
    await expect(checkPassword('aaaa')).rejects.toThrow('at least 10 characters');
    await expect(checkPassword('x'.repeat(1025))).rejects.toThrow('at most 1024 characters');
  });
});

describe('the rules', () => {
  it('a repeated unit as long as a valid password is not "short"', () => {
    expect(isRepetitive('abcdefghi'.repeat(2))).toBe(true);
    expect(isRepetitive('abcdefghij'.repeat(2))).toBe(false);
  });

  it('a sequence must be straight all the way', () => {
    expect(isSequence('1234567890')).toBe(true);
    expect(isSequence('1234567899')).toBe(false);
    expect(isSequence('abcdefghjk')).toBe(false);
  });

  it('the list is loaded once, holds only entries of a valid length, and answers from a Set', async () => {
    const first = commonPasswords();
    expect(commonPasswords()).toBe(first);
    const list = await first;
    expect(list.size).toBeGreaterThan(1000);
    for (const entry of list) expect(entry.length).toBeGreaterThanOrEqual(10);
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) list.has(`candidate${i}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
