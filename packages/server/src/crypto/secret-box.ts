import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server must use again (webhook signing secrets, chat-app tokens and webhook URLs)
 * are sealed, not hashed: AES-256-GCM under a 32-byte server key, with the owning row's id as
 * associated data so a sealed secret copied onto another row does not open. Format:
 * `v1.<base64 iv(12) | ciphertext | tag(16)>`.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export const SECRET_KEY_FILE = 'secret.key';
export const SECRET_KEY_BYTES = 32;

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new SecretKeyError('the server key must be 32 bytes');
  const k = Buffer.from(key);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith('v1.')) throw new SecretKeyError('unknown sealed secret format');
      const bytes = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', k, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(12, bytes.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretKeyError(
          'a webhook signing secret cannot be decrypted: the server key (FORMLOOM_SECRET_KEY or secret.key) changed',
        );
      }
    },
  };
}

/** Parses FORMLOOM_SECRET_KEY: 32 bytes as base64 (`openssl rand -base64 32`) or 64 hex characters. */
export function parseSecretKey(text: string): Uint8Array {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (bytes.length !== SECRET_KEY_BYTES || (!/^[0-9a-f]{64}$/i.test(trimmed) && !isBase64(trimmed))) {
    throw new SecretKeyError(
      'FORMLOOM_SECRET_KEY must be 32 random bytes as base64 (openssl rand -base64 32) or as 64 hex characters',
    );
  }
  return new Uint8Array(bytes);
}

function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text);
}

/**
 * The server key: `key` (FORMLOOM_SECRET_KEY, parsed or not) when given, else `<dataDir>/secret.key`, made (mode 0600) on
 * first use. Losing the key makes existing endpoints unable to sign: back it up with the database.
 */
export function loadSecretKey(options: {
  key?: Uint8Array | string | undefined;
  dataDir: string;
}): Uint8Array {
  if (options.key instanceof Uint8Array) {
    if (options.key.length !== SECRET_KEY_BYTES) throw new SecretKeyError('the server key must be 32 bytes');
    return options.key;
  }
  if (options.key !== undefined && options.key.trim() !== '') return parseSecretKey(options.key);
  const file = join(options.dataDir, SECRET_KEY_FILE);
  try {
    return parseSecretKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (error instanceof SecretKeyError) throw new SecretKeyError(`${file} does not hold a valid key`);
      throw error;
    }
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(SECRET_KEY_BYTES);
  try {
    // `wx`: a second process starting at the same moment does not overwrite the first one's key.
    writeFileSync(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return new Uint8Array(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseSecretKey(readFileSync(file, 'utf8'));
    throw error;
  }
}
