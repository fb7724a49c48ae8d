import { SESSION_COOKIE } from '@formloom/contract';
import { Router } from 'express';
import { readCookie, setCookie } from '../../http/cookies.js';
import type { Logger } from '../../logger.js';
import type { CookieSessions } from '../users/index.js';
import { SSO_FLOW_TTL_MS, SsoRefused, type SsoService } from './sso-service.js';

/** The sealed state of a sign-in in progress, HttpOnly, for the callback of the same browser. */
export const SSO_FLOW_COOKIE = 'formloom_sso';
const SIGN_IN_PAGE = '/app/sign-in';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SsoBrowserRoutesDeps {
  sso: SsoService;
  sessions: CookieSessions;
  /** The dashboard session cookie's lifetime, as the password sign-in sets it. */
  sessionMaxAgeSeconds: number;
  secureCookie: boolean;
  logger: Logger;
}

/**
 * A browser's round trip through the provider: `GET /v1/auth/sso/start?account=<id>` sends it
 * there (303) with the flow sealed in a cookie; `GET /v1/auth/sso/callback` signs the person in and
 * opens the dashboard, or opens the sign-in page with the reason (`?sso=<reason>`).
 */
export function createSsoBrowserRoutes({
  sso,
  sessions,
  sessionMaxAgeSeconds,
  secureCookie,
  logger,
}: SsoBrowserRoutesDeps): Router {
  const router = Router();
  const refused = (res: import('express').Response, error: SsoRefused) => {
    logger.info({ reason: error.reason, detail: error.message }, 'single sign-on refused');
    setCookie(res, SSO_FLOW_COOKIE, '', { maxAge: 0, secure: secureCookie });
    res.redirect(303, `${SIGN_IN_PAGE}?sso=${error.reason}`);
  };

  router.get('/v1/auth/sso/start', async (req, res, next) => {
    try {
      const account = typeof req.query.account === 'string' ? req.query.account : '';
      if (!UUID.test(account)) throw new SsoRefused('not_configured', 'no account named');
      const { location, flow } = await sso.start(account.toLowerCase());
      setCookie(res, SSO_FLOW_COOKIE, flow, { maxAge: SSO_FLOW_TTL_MS / 1000, secure: secureCookie });
      res.redirect(303, location);
    } catch (error) {
      if (error instanceof SsoRefused) return refused(res, error);
      next(error);
    }
  });

  router.get('/v1/auth/sso/callback', async (req, res, next) => {
    try {
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
        : '';
      const { userId } = await sso.finish(query, readCookie(req, SSO_FLOW_COOKIE), req.ip ?? null);
      const { token } = await sessions.start(userId);
      setCookie(res, SSO_FLOW_COOKIE, '', { maxAge: 0, secure: secureCookie });
      setCookie(res, SESSION_COOKIE, token, {
        maxAge: sessionMaxAgeSeconds,
        secure: secureCookie,
      });
      res.redirect(303, '/app');
    } catch (error) {
      if (error instanceof SsoRefused) return refused(res, error);
      next(error);
    }
  });

  return router;
}
