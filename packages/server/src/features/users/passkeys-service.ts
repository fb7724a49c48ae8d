import { randomUUID } from 'node:crypto';
import type {
  Passkey,
  PasskeyCeremony,
  PasskeyList,
  PasskeyRegistrationBody,
  PasskeySignInBody,
} from '@formloom/contract';
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  badRequest,
  conflict,
  notFound,
  SsoRequiredError,
  TwoFactorRequiredError,
  tooManyRequests,
  unauthorized,
} from '../../domain-errors.js';
import { audited, recordAsMember } from '../../platform/audit/index.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import { createPasskeysStore } from './passkeys-store.js';
import type { TwoFactor, TwoFactorMember } from './two-factor-service.js';
import { createUsersStore } from './users-store.js';

/** A challenge is good once, for this long: the browser's prompt is given the same time. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Removing a passkey without a code needs a session this fresh. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;
/**
 * Sign-in ceremonies a client may start: each keeps a challenge row for five minutes, and nobody
 * signs in that often.
 */
export const PASSKEY_SIGN_IN_LIMIT = { limit: 30, windowMs: 60_000 };
/** ES256 and RS256: what platform authenticators and security keys offer. */
const ALGORITHMS = [-7, -257];
const REFUSED = 'This passkey cannot sign in here';
const BAD_CHALLENGE = 'The passkey request is used, expired or unknown: start again';

type Purpose = 'register' | 'authenticate' | 'second_step';

export interface PasskeysDeps {
  db: Db;
  clock: () => Date;
  /**
   * The server's public URL: its host is the relying party id and its origin the one a browser's
   * answer must name, so a passkey works only for the host it was made on.
   */
  publicUrl: string;
  /** A current code removes a passkey in a session older than {@link RECENT_SIGN_IN_MS}. */
  twoFactor: TwoFactor;
  /**
   * Single sign-on's `enforce`: the account's members, owners too, sign in through the provider
   * only; a passkey is a local credential like a password and is refused with it.
   */
  passwordAllowed?: (accountId: string) => Promise<boolean>;
}

/** The signed-in member a passkey change is for, and the session they act in. */
export interface PasskeyMember extends TwoFactorMember {
  sessionId: string;
}

/**
 * Members' passkeys (WebAuthn through `@simplewebauthn/server`). Registration and sign-in ask for
 * user verification, so a passkey is two factors at once: something held and a PIN or biometric.
 * Credentials are discoverable: sign-in lists none and the browser offers those it holds. Each
 * challenge is kept server-side and deleted when used or expired.
 */
export function createPasskeys({ db, clock, publicUrl, twoFactor, passwordAllowed }: PasskeysDeps) {
  const store = createPasskeysStore(db);
  const limiter = createLimiter({ db, clock });
  const url = new URL(publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;
  const now = () => clock().toISOString();

  async function issue(challenge: string, purpose: Purpose, userId: string | null): Promise<string> {
    const id = randomUUID();
    const at = clock();
    await store.putChallenge({
      id,
      challenge,
      purpose,
      user_id: userId,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
    return id;
  }

  const transportsOf = (text: string | null): AuthenticatorTransportFuture[] | undefined =>
    text === null ? undefined : (JSON.parse(text) as AuthenticatorTransportFuture[]);

  /** The WebAuthn user handle of a member: their id's bytes, so an assertion names whose it is. */
  const userHandleOf = (userId: string) => isoBase64URL.fromBuffer(isoUint8Array.fromUTF8String(userId));

  return {
    async list(userId: string): Promise<PasskeyList> {
      const rows = await store.listOf(userId);
      return {
        passkeys: rows.map((r) => ({
          id: r.id,
          name: r.name,
          createdAt: r.created_at,
          lastUsedAt: r.last_used_at,
        })),
      };
    },

    async registrationOptions(member: TwoFactorMember): Promise<PasskeyCeremony> {
      const existing = await store.listOf(member.userId);
      const options = await generateRegistrationOptions({
        rpName: 'Formloom',
        rpID,
        userName: member.email,
        userDisplayName: member.email,
        userID: isoUint8Array.fromUTF8String(member.userId),
        attestationType: 'none',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: transportsOf(p.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      return {
        challengeId: await issue(options.challenge, 'register', member.userId),
        options: { ...options },
      };
    },

    async register(member: TwoFactorMember, body: PasskeyRegistrationBody): Promise<Passkey> {
      const challenge = await store.takeChallenge(body.challengeId, now());
      if (
        challenge === undefined ||
        challenge.purpose !== 'register' ||
        challenge.user_id !== member.userId
      ) {
        throw badRequest(BAD_CHALLENGE);
      }
      const verification = await verifyRegistrationResponse({
        response: body.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => undefined);
      if (verification === undefined || !verification.verified) {
        throw badRequest('The passkey could not be verified');
      }
      const { credential } = verification.registrationInfo;
      const row = {
        id: randomUUID(),
        user_id: member.userId,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports === undefined ? null : JSON.stringify(credential.transports),
        name: body.name,
        created_at: now(),
        last_used_at: null,
      };
      try {
        await audited(
          db,
          member.accountId,
          'passkey.added',
          { type: 'passkey', id: row.id },
          (trx) => createPasskeysStore(trx).insert(row),
          clock,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('This passkey is added already');
        throw error;
      }
      return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: null };
    },

    /**
     * A sign-in's options. With `email` (the second step after a password), the assertion must be
     * a passkey of that member; the answer is the same whether the address has an account or not.
     */
    async signInOptions(email: string | undefined, address: string): Promise<PasskeyCeremony> {
      const answer = await limiter.consume(`passkey:client:${address}`, PASSKEY_SIGN_IN_LIMIT);
      if (!answer.allowed) {
        throw tooManyRequests(
          'Too many passkey sign-ins started: wait a moment',
          rateLimitInfo(answer, 'BURST_LIMIT'),
        );
      }
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      if (email === undefined) {
        return { challengeId: await issue(options.challenge, 'authenticate', null), options: { ...options } };
      }
      const user = await createUsersStore(db).credentialsOf(email.trim().toLowerCase());
      // An unknown address keeps no member: no passkey can answer the challenge.
      return {
        challengeId: await issue(options.challenge, 'second_step', user?.id ?? null),
        options: { ...options },
      };
    },

    /**
     * Verifies an assertion and answers the member it signs in. Every refusal after the passkey is
     * known is recorded in its member's audit log.
     */
    async signIn(body: PasskeySignInBody, ip: string): Promise<{ userId: string }> {
      const challenge = await store.takeChallenge(body.challengeId, now());
      if (challenge === undefined || challenge.purpose === 'register') throw unauthorized(BAD_CHALLENGE);
      const passkey = await store.byCredentialId(body.response.id);
      if (passkey === undefined) throw unauthorized(REFUSED);
      const member = { id: passkey.user_id, account_id: passkey.account_id, email: passkey.email };
      const target = { type: 'passkey' as const, id: passkey.id };
      const refuse = async (): Promise<never> => {
        await recordAsMember(db, member, 'passkey.sign_in_failed', target, ip, clock);
        throw unauthorized(REFUSED);
      };
      if (challenge.purpose === 'second_step' && challenge.user_id !== passkey.user_id) return refuse();
      const handle = body.response.response.userHandle;
      if (handle !== undefined && handle !== userHandleOf(passkey.user_id)) return refuse();
      const counter = Number(passkey.counter);
      const verification = await verifyAuthenticationResponse({
        response: body.response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          // A counter that does not move on (or goes back) means a cloned authenticator: refused.
          counter,
          transports: transportsOf(passkey.transports),
        },
      }).catch(() => undefined);
      if (verification === undefined || !verification.verified) return refuse();
      if (passwordAllowed !== undefined && !(await passwordAllowed(passkey.account_id))) {
        throw new SsoRequiredError(
          `This account signs its members in through single sign-on: start at /v1/auth/sso/start?account=${passkey.account_id}`,
        );
      }
      if (!(await store.used(passkey.id, counter, verification.authenticationInfo.newCounter, now()))) {
        return refuse();
      }
      await recordAsMember(db, member, 'passkey.sign_in_succeeded', target, ip, clock);
      return { userId: passkey.user_id };
    },

    /**
     * Removes one of the member's passkeys, with a current two-factor code or in a session that
     * signed in within {@link RECENT_SIGN_IN_MS}: a session left open is not enough.
     */
    async remove(member: PasskeyMember, passkeyId: string, code: string | undefined, address: string) {
      const mine = (await store.listOf(member.userId)).some((p) => p.id === passkeyId);
      if (!mine) throw notFound('No such passkey of yours');
      if (code !== undefined) {
        await twoFactor.checkCurrent(member, code, address);
      } else {
        const startedAt = await store.sessionStartedAt(member.sessionId);
        const recentSince = new Date(clock().getTime() - RECENT_SIGN_IN_MS).toISOString();
        if (startedAt === undefined || startedAt < recentSince) {
          throw new TwoFactorRequiredError(
            'Enter a current two-factor code, or sign in again, to remove a passkey',
          );
        }
      }
      const removed = await audited(
        db,
        member.accountId,
        'passkey.removed',
        { type: 'passkey', id: passkeyId },
        (trx) => createPasskeysStore(trx).removeOf(member.userId, passkeyId),
        clock,
      );
      if (!removed) throw notFound('No such passkey of yours');
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
