import { describe, expect, it } from 'vitest';
import { generateApiKey, hashSecret, maskApiKey, parseApiKey, secretMatches } from './api-key.js';

describe('API keys', () => {
  it('have the documented format (docs/decisions.md "Contract"): formloom_ + 12 hex + . + 64 hex', () => {
    const { token, keyId, secretHash } = generateApiKey();
    expect(token).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
    expect(token.slice(0, 9)).toBe('formloom_');
    expect(token.slice(9, 21)).toBe(keyId);
    expect(secretHash).toBe(hashSecret(token.slice(22)));
    expect(secretHash).not.toContain(token.slice(22));
  });

  it('are random', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateApiKey().token));
    expect(tokens.size).toBe(100);
  });

  it('parse only in the exact format', () => {
    const { token, keyId } = generateApiKey();
    expect(parseApiKey(token)?.keyId).toBe(keyId);
    for (const bad of [
      '',
      token.toUpperCase(),
      token.replace('formloom_', 'formlom_'),
      `${token}0`,
      token.slice(0, -1),
      token.replace('.', '-'),
      ` ${token}`,
    ]) {
      expect(parseApiKey(bad), bad).toBeUndefined();
    }
  });

  it('compare the secret against the stored hash', () => {
    const { token, secretHash } = generateApiKey();
    const { secret } = parseApiKey(token)!;
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(
      secretMatches(
        secret.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        secretHash,
      ),
    ).toBe(false);
    expect(secretMatches(secret, 'not hex')).toBe(false);
  });

  it('mask to the key id', () => {
    expect(maskApiKey('0123456789ab')).toBe('formloom_0123456789ab.…');
  });
});
