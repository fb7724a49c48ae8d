import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, parseSecretKey, SECRET_KEY_FILE } from './secret-box.js';

describe('sealed signing secrets', () => {
  const box = createSecretBox(new Uint8Array(32).fill(1));

  it('opens what it sealed, only for the same endpoint and key', () => {
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('abc');
    expect(box.seal('whsec_abc', 'endpoint-1')).not.toBe(sealed);
    expect(box.open(sealed, 'endpoint-1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'endpoint-2')).toThrow(/server key/);
    expect(() => createSecretBox(new Uint8Array(32).fill(2)).open(sealed, 'endpoint-1')).toThrow(
      /server key/,
    );
  });

  it('parses FORMLOOM_SECRET_KEY as base64 or hex of 32 bytes', () => {
    expect(parseSecretKey(Buffer.alloc(32, 3).toString('base64'))).toEqual(new Uint8Array(32).fill(3));
    expect(parseSecretKey('ab'.repeat(32))).toEqual(new Uint8Array(32).fill(0xab));
    expect(() => parseSecretKey('too short')).toThrow(/32 random bytes/);
  });

  describe('key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formloom-key-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is made once, mode 0600, and reused; FORMLOOM_SECRET_KEY wins', () => {
      const first = loadSecretKey({ dataDir: dir });
      const file = join(dir, SECRET_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSecretKey({ dataDir: dir })).toEqual(first);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(Buffer.from(first));
      const fromEnv = Buffer.alloc(32, 9).toString('base64');
      expect(loadSecretKey({ key: fromEnv, dataDir: dir })).toEqual(new Uint8Array(32).fill(9));
    });
  });
});
