import { planAtLeast, routeMetadata } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { forbidden, unauthorized } from '../../http/app-error.js';
import type { AuthContext } from '../../http/request-context.js';
import type { Account } from '../accounts/accounts-service.js';
import { InvalidKeyError, type KeysService } from './keys-service.js';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

function tsRestRoute(req: Request) {
  return (req as Request & { tsRestRoute: Parameters<typeof routeMetadata>[0] }).tsRestRoute;
}

/**
 * Enforces the route's metadata from the contract. Runs before ts-rest validates (and before the
 * body is parsed), so a caller without a valid key learns nothing about the route's inputs.
 * 401: no usable key. 403: a good key that may not do this (scope, plan, Free account).
 */
export function authenticate(keys: KeysService, hooks: AuthHooks = {}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const metadata = routeMetadata(tsRestRoute(req));
      // Session routes (integrations) are answered by their not-yet-available handlers.
      if (metadata.auth !== 'apiKey') {
        next();
        return;
      }
      const header = req.get('authorization');
      if (header === undefined || header.trim() === '') {
        throw unauthorized('Missing API key: send "Authorization: Bearer formloom_..."');
      }
      const token = BEARER.exec(header)?.[1];
      if (token === undefined)
        throw unauthorized('Malformed Authorization header: expected "Bearer <API key>"');
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

export interface AuthHooks {
  /** Runs before a valid key's 403 is answered (the rate-limit headers are set there). */
  onForbidden?: (res: Response, caller: { accountId: string; plan: Account['plan'] }) => Promise<void>;
}

function forbiddenReason(
  account: Account,
  scopes: readonly string[],
  metadata: Extract<ReturnType<typeof routeMetadata>, { auth: 'apiKey' }>,
): string | undefined {
  if (account.plan === 'FREE') return 'The Free plan has no API access; upgrade the account to use API keys';
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

/** The caller of an API-key route; the middleware above guarantees it is set. */
export function authOf(req: { auth?: AuthContext | undefined }): AuthContext {
  if (req.auth === undefined) throw unauthorized('Missing API key');
  return req.auth;
}
