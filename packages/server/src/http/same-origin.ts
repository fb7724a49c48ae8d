import { SESSION_COOKIE } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../domain-errors.js';
import { readCookie } from './cookies.js';

/** A state-changing request with the dashboard's session cookie from another origin: 403 CROSS_ORIGIN_REFUSED. */
export class CrossOriginError extends ForbiddenError {
  override name = 'CrossOriginError';
  override readonly caseCode = 'CROSS_ORIGIN_REFUSED' as const;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Throws CROSS_ORIGIN_REFUSED for a state-changing request that does not show it comes from
 * `ownOrigin` (`Origin` equal to it, or `Sec-Fetch-Site: same-origin`): for a request the
 * dashboard's session cookie signs in, whatever other headers it carries.
 */
export function refuseCrossOriginSession(req: Request, ownOrigin: string): void {
  if (SAFE_METHODS.has(req.method) || isSameOrigin(req, ownOrigin)) return;
  throw new CrossOriginError(
    `A request signed in with the dashboard session must come from ${ownOrigin} (Origin or Sec-Fetch-Site: same-origin)`,
  );
}

function isSameOrigin(req: Request, ownOrigin: string): boolean {
  return req.get('origin') === ownOrigin || req.get('sec-fetch-site') === 'same-origin';
}

/**
 * The dashboard's CSRF rule (docs/server.md "Behaviour worth knowing"): a state-changing request carrying the
 * session cookie (and no API key) must show it comes from this server's origin (`refuseCrossOriginSession`).
 * Where the cookie is the credential although an `Authorization` header is there too (the cookie-only
 * routes), the auth middleware applies the same rule. The sign-in routes (`/v1/auth/...`) are also refused
 * when the browser says the request is cross-origin, so no other site can sign a visitor in to an account of
 * its choosing; a client that is not a browser (no `Origin`, no `Sec-Fetch-Site`) may still sign in there.
 */
export function sameOriginSessions(publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    try {
      if (req.get('authorization') === undefined && readCookie(req, SESSION_COOKIE) !== undefined)
        refuseCrossOriginSession(req, ownOrigin);
    } catch (error) {
      return next(error);
    }
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const crossOriginBrowser =
      (origin !== undefined && origin !== ownOrigin) ||
      (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none');
    if (req.path.startsWith('/v1/auth/') && !isSameOrigin(req, ownOrigin) && crossOriginBrowser) {
      return next(new CrossOriginError(`Sign-in is only accepted from ${ownOrigin}`));
    }
    next();
  };
}
