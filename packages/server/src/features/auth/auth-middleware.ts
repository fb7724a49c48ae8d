import {
  type AuthKind,
  hasApiAccess,
  PLAN_NAMES,
  type Plan,
  planAtLeast,
  type Role,
  routeMetadata,
  SCOPES,
  SESSION_COOKIE,
} from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { forbidden, TwoFactorEnrolmentRequiredError, unauthorized } from '../../domain-errors.js';
import { readCookie } from '../../http/cookies.js';
import type { AuthContext } from '../../http/request-context.js';
import { refuseCrossOriginSession } from '../../http/same-origin.js';
import { memberRefusal, roleRefusal } from '../../platform/member-refusal.js';
import type { Account } from '../accounts/index.js';
import { InvalidKeyError, type KeysService } from './keys-service.js';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

function tsRestRoute(req: Request) {
  return (req as Request & { tsRestRoute: Parameters<typeof routeMetadata>[0] }).tsRestRoute;
}

/**
 * Verifies a user session JWT (`session` routes) and sets `req.session`; throws an
 * UnauthenticatedError (a 401) when it is not valid. Returns the member's role and the account's
 * plan, for the route's `permission` and `minPlan`.
 */
export type SessionVerifier = (token: string, req: Request) => Promise<{ plan: Plan; role: Role }>;
/** Verifies an interview's `x-session-token` (`interviewToken` routes); throws when it is not valid. */
export type InterviewTokenVerifier = (token: string, req: Request) => Promise<void>;

/**
 * Resolves the dashboard's `formloom_session` cookie to its caller (the member and account), or
 * undefined for an unknown, ended or expired session.
 */
export type CookieSessionVerifier = (
  token: string,
) => Promise<{ caller: Required<Pick<AuthContext, 'member'>> & AuthContext; account: Account } | undefined>;

export interface CredentialVerifiers {
  session?: SessionVerifier;
  interviewToken?: InterviewTokenVerifier;
  cookie?: CookieSessionVerifier;
  /**
   * The origin a state-changing request signed in by the cookie must come from (the CSRF rule,
   * `http/same-origin.ts`), applied wherever the cookie is the credential.
   */
  cookieOrigin?: string;
}

/** The route kinds this middleware decides; `createApp` refuses to serve a contract with others. */
export const HANDLED_AUTH_KINDS: readonly AuthKind[] = [
  'apiKey',
  'session',
  'shareCode',
  'interviewToken',
  'public',
  'cookie',
];

function bearer(req: Request, missing: string, what: string): string {
  const header = req.get('authorization');
  if (header === undefined || header.trim() === '') throw unauthorized(missing);
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw unauthorized(`Malformed Authorization header: expected "Bearer <${what}>"`);
  return token;
}

/**
 * Enforces the route's metadata from the contract, deny by default: each kind of route needs its
 * own credential, checked here before ts-rest validates (and before the body is parsed), so a
 * caller without one learns nothing about the route's inputs. A `session` or `interviewToken`
 * route whose verifier this server does not have refuses every caller. A kind this middleware does
 * not know is refused too.
 * 401: no usable credential. 403: a good key that may not do this (scope, plan, Free account), or
 * a signed-in member whose role or plan may not (`memberRefusal`, cookie and session alike).
 */
export function authenticate(keys: KeysService, hooks: AuthHooks = {}, verifiers: CredentialVerifiers = {}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const metadata = routeMetadata(tsRestRoute(req));
      switch (metadata.auth) {
        case 'apiKey': {
          // No API key but the dashboard's cookie: the member acts as a full-scope key of the account.
          const cookie = req.get('authorization') === undefined ? readCookie(req, SESSION_COOKIE) : undefined;
          if (cookie === undefined) break;
          const { caller, account } = await signedIn(req, cookie, verifiers);
          refuseUnenrolled(caller.member);
          const refusal =
            forbiddenReason(account, SCOPES, metadata) ??
            roleRefusal(caller.member.role, metadata.permission);
          if (refusal !== undefined) {
            await hooks.onForbidden?.(res, { accountId: account.id, plan: account.plan });
            throw forbidden(refusal);
          }
          req.auth = caller;
          next();
          return;
        }
        case 'cookie': {
          const cookie = readCookie(req, SESSION_COOKIE);
          if (
            cookie === undefined &&
            metadata.refusesKeys === true &&
            req.get('authorization') !== undefined
          ) {
            // A good key is known but may not do this: a key never manages keys or members.
            const token = bearer(req, '', 'API key');
            await keys.authenticate(token).catch((error: unknown) => {
              throw error instanceof InvalidKeyError ? unauthorized(error.message) : error;
            });
            throw forbidden('An API key cannot do this: sign in to the dashboard as an owner or admin');
          }
          if (cookie === undefined) throw unauthorized('Not signed in: sign in with POST /v1/auth/login');
          const { caller, account } = await signedIn(req, cookie, verifiers);
          if (metadata.duringEnrolment !== true) refuseUnenrolled(caller.member);
          const refusal = memberRefusal({ role: caller.member.role, plan: account.plan }, metadata);
          if (refusal !== undefined) throw forbidden(refusal);
          req.auth = caller;
          next();
          return;
        }
        // The share code in the path is the credential: the handler answers 404 for a wrong one.
        case 'shareCode':
        case 'public':
          next();
          return;
        case 'session': {
          const token = bearer(
            req,
            'Missing session token: sign in with POST /integrations/v1/auth/login and send "Authorization: Bearer <token>"',
            'session token',
          );
          if (verifiers.session === undefined)
            throw unauthorized('Session tokens cannot be verified by this server');
          const refusal = memberRefusal(await verifiers.session(token, req), metadata);
          if (refusal !== undefined) throw forbidden(refusal);
          next();
          return;
        }
        case 'interviewToken': {
          const token = req.get('x-session-token')?.trim();
          if (token === undefined || token === '') {
            throw unauthorized('Missing x-session-token: send the sessionToken the interview started with');
          }
          if (verifiers.interviewToken === undefined) {
            throw unauthorized('Interview session tokens cannot be verified by this server');
          }
          await verifiers.interviewToken(token, req);
          next();
          return;
        }
        default:
          throw forbidden('This route needs a kind of credential this server does not know');
      }
      const token = bearer(req, 'Missing API key: send "Authorization: Bearer formloom_..."', 'API key');
      const { key, account } = await keys.authenticate(token).catch((error: unknown) => {
        throw error instanceof InvalidKeyError ? unauthorized(error.message) : error;
      });
      const refusal = forbiddenReason(account, key.scopes, metadata);
      if (refusal !== undefined) {
        await hooks.onForbidden?.(res, { accountId: account.id, plan: account.plan });
        throw forbidden(refusal);
      }
      req.auth = { accountId: account.id, plan: account.plan, key };
      next();
    } catch (error) {
      next(error);
    }
  };
}

async function signedIn(req: Request, cookie: string, verifiers: CredentialVerifiers) {
  if (verifiers.cookieOrigin !== undefined) refuseCrossOriginSession(req, verifiers.cookieOrigin);
  const found = verifiers.cookie === undefined ? undefined : await verifiers.cookie(cookie);
  if (found === undefined) throw unauthorized('The dashboard session has ended or expired: sign in again');
  return found;
}

/**
 * A member whose account requires two-factor and who has not turned it on is served its set-up
 * only (the routes marked `duringEnrolment`), whatever their role.
 */
function refuseUnenrolled(member: { mustEnrol?: boolean }): void {
  if (member.mustEnrol === true) {
    throw new TwoFactorEnrolmentRequiredError(
      'Your account requires two-factor: turn it on (POST /v1/auth/2fa/setup, then /v1/auth/2fa/confirm) first',
    );
  }
}

/** Throws unless every route of `routes` has a kind of credential this middleware decides. */
export function assertAuthKindsHandled(
  routes: readonly { name: string; metadata: { auth: string } }[],
): void {
  const unknown = routes.filter((r) => !(HANDLED_AUTH_KINDS as readonly string[]).includes(r.metadata.auth));
  if (unknown.length > 0) {
    throw new Error(
      `No authentication for ${unknown.map((r) => `${r.name} (${r.metadata.auth})`).join(', ')}`,
    );
  }
}

export interface AuthHooks {
  /** Runs before a valid key's 403 is answered (the rate-limit headers are set there). */
  onForbidden?: (res: Response, caller: { accountId: string; plan: Account['plan'] }) => Promise<void>;
}

function forbiddenReason(
  account: Account,
  scopes: readonly string[],
  metadata: Extract<ReturnType<typeof routeMetadata>, { auth: 'apiKey' }>,
): string | undefined {
  if (!hasApiAccess(account.plan)) {
    return `The ${PLAN_NAMES[account.plan]} plan has no API access; upgrade the account to use API keys`;
  }
  if (metadata.scope !== null && !scopes.includes(metadata.scope)) {
    return `This API key lacks the ${metadata.scope} scope`;
  }
  if (!planAtLeast(account.plan, metadata.minPlan)) {
    return `This endpoint needs the ${metadata.minPlan} plan or higher (the account is on ${account.plan})`;
  }
  return undefined;
}

/** Benchmarks only (`AppDeps.fixedCaller`): every API-key route runs as `caller`, unchecked. */
export function fixedCaller(caller: AuthContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (routeMetadata(tsRestRoute(req)).auth === 'apiKey') req.auth = caller;
    next();
  };
}
