import { randomBytes } from 'node:crypto';

/** 12 random bytes as base64url: 16 URL-safe characters, 96 bits, unguessable. */
export function generateShareCode(): string {
  return randomBytes(12).toString('base64url');
}

/** Share codes the server ever hands out; anything else is not worth a database lookup. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function publicFormUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/f/${code}`;
}
