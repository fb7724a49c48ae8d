import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../crypto/derive-key.js';

/** A session lasts this long; a person signs in again after it (no refresh tokens). */
export const SESSION_TTL_SECONDS = 60 * 60;
/** Clock difference tolerated between the instance that signed a token and the one checking it. */
export const CLOCK_SKEW_SECONDS = 30;
const ISSUER = 'formloom';
const SESSION_AUDIENCE = 'formloom:integrations';

export interface SessionClaims {
  userId: string;
  accountId: string;
  email: string;
  /** The token's id (`jti`). */
  tokenId: string;
  expiresAt: Date;
}

export class InvalidSessionError extends Error {
  override name = 'InvalidSessionError';
}

/** Issues and checks session JWTs (HS256 via `jose`), for the integrations API. */
export interface SessionTokensDeps {
  /** The server's secret key; the signing key is derived from it. */
  serverKey: Uint8Array;
  clock?: () => Date;
}

export function createSessionTokens({ serverKey, clock = () => new Date() }: SessionTokensDeps) {
  const key = deriveKey(serverKey, 'session jwt');
  const now = () => Math.floor(clock().getTime() / 1000);
  return {
    async issue(user: { id: string; accountId: string; email: string }, tokenId: string) {
      const issuedAt = now();
      const expiresAt = new Date((issuedAt + SESSION_TTL_SECONDS) * 1000);
      const token = await new SignJWT({ acct: user.accountId, email: user.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(SESSION_AUDIENCE)
        .setSubject(user.id)
        .setJti(tokenId)
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt)
        .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
        .sign(key);
      return { token, expiresAt };
    },

    /** The claims of a good token; throws InvalidSessionError with a reason a person can act on. */
    async verify(token: string): Promise<SessionClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: SESSION_AUDIENCE,
          clockTolerance: CLOCK_SKEW_SECONDS,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (typeof payload.acct !== 'string' || typeof payload.email !== 'string') {
          throw new InvalidSessionError('Malformed session token');
        }
        return {
          userId: payload.sub!,
          accountId: payload.acct,
          email: payload.email,
          tokenId: payload.jti!,
          expiresAt: new Date(payload.exp! * 1000),
        };
      } catch (error) {
        if (error instanceof InvalidSessionError) throw error;
        if (error instanceof errors.JWTExpired)
          throw new InvalidSessionError('Session expired: sign in again');
        throw new InvalidSessionError('Invalid session token: sign in again');
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
