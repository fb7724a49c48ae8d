import { contract, SESSION_COOKIE, type SignedIn, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Request, Response } from 'express';
import { unauthorized } from '../../domain-errors.js';
import { clientKey } from '../../http/client-key.js';
import { readCookie, setCookie } from '../../http/cookies.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { Account } from '../accounts/index.js';
import { type CookieSessions, DASHBOARD_SESSION_TTL_MS } from './cookie-sessions.js';
import type { MembersService } from './members-service.js';
import type { SetupTokens } from './setup-tokens.js';
import type { CredentialCheck } from './users-service.js';

const s = initServer();

export interface DashboardAuthDeps {
  checkCredentials: CredentialCheck;
  sessions: CookieSessions;
  setupTokens: SetupTokens;
  /** Redeems invitation links (`POST /v1/auth/accept-invitation`). */
  members: MembersService;
  /** The cookie is `Secure` when the public origin is https. */
  secureCookie: boolean;
}

/**
 * The one way a dashboard sign-in ends, whatever proved who it is (password, setup link,
 * invitation, passkey): starts a session for `userId` from `req`'s client, sets its cookie and
 * answers who is signed in.
 */
export function createSessionSignIn(sessions: CookieSessions, secureCookie: boolean) {
  return async (req: Request, res: Response, userId: string): Promise<SignedIn> => {
    const { token } = await sessions.start(userId, {
      ip: req.ip ?? null,
      userAgent: req.get('user-agent') ?? null,
    });
    const found = await sessions.resolve(token);
    if (found === undefined) throw new Error('a session just started cannot be found');
    setCookie(res, SESSION_COOKIE, token, { maxAge: DASHBOARD_SESSION_TTL_MS / 1000, secure: secureCookie });
    return signedIn(found.session, found.account);
  };
}

export type SessionSignIn = ReturnType<typeof createSessionSignIn>;

/** `POST /v1/auth/login|logout|setup`, `GET /v1/auth/me`: the dashboard's cookie session. */
export function createDashboardAuthRouter(
  deps: DashboardAuthDeps,
): RouterImplementation<typeof contract.auth> {
  const { sessions, secureCookie } = deps;
  const signIn = createSessionSignIn(sessions, secureCookie);

  return s.router(contract.auth, {
    signIn: async ({ body, req, res }) => {
      const user = await deps.checkCredentials(body, clientKey(req));
      return { status: 200, body: successBody(await signIn(req, res, user.id), 'Signed in') };
    },
    setup: async ({ body, req, res }) => {
      const user = await deps.setupTokens.redeem(body);
      return {
        status: 200,
        body: successBody(await signIn(req, res, user.id), 'Owner created and signed in'),
      };
    },
    acceptInvitation: async ({ body, req, res }) => {
      const user = await deps.members.accept(body, req.ip ?? null);
      return {
        status: 200,
        body: successBody(await signIn(req, res, user.id), 'Member created and signed in'),
      };
    },
    signOut: async ({ req, res }) => {
      const token = readCookie(req, SESSION_COOKIE);
      if (token !== undefined) await sessions.end(token, req.ip ?? null);
      setCookie(res, SESSION_COOKIE, '', { maxAge: 0, secure: secureCookie });
      return { status: 200, body: successBody({ signedOut: true as const }, 'Signed out') };
    },
    signedIn: async ({ req }) => {
      const token = readCookie(req, SESSION_COOKIE);
      const found = token === undefined ? undefined : await sessions.resolve(token);
      if (found === undefined || authOf(req).member === undefined) throw unauthorized('Not signed in');
      return { status: 200, body: successBody(signedIn(found.session, found.account), 'Signed in') };
    },
  });
}

function signedIn(
  session: { userId: string; email: string; role: SignedIn['role']; expiresAt: string },
  account: Account,
): SignedIn {
  return {
    user: { id: session.userId, email: session.email },
    account: { id: account.id, name: account.name, plan: account.plan },
    role: session.role,
    expiresAt: session.expiresAt,
  };
}
