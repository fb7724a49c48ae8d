import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as authenticator apps know it (RFC 6238 with the common settings: SHA-1, six digits, 30
 * seconds), through `otpauth`. A code is accepted one step either side of now, for clocks a little
 * apart; the step it matched is returned, so the caller can refuse a code of a step it has seen.
 */
const PERIOD = 30;
const ISSUER = 'Formloom';
/** Steps accepted either side of the current one. */
const WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI of `secret` for `email`, and its QR code as an SVG document. */
export async function totpEnrolment(
  secret: string,
  email: string,
): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg };
}

/** Whether `code` looks like a TOTP code (six digits, spaces ignored) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** The time step `code` is good for at `now`, or undefined when it is good for none near it. */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, '');
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token, timestamp, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** Recovery codes: ten characters of an alphabet without look-alikes (l, o, 0, 1), shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  // 32 letters: each byte's low five bits pick one without bias.
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as stored (hashed): lower case, without the dash or spaces a person may type. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
