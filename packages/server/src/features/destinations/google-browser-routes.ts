import { SESSION_COOKIE } from '@formloom/contract';
import { type Request, Router } from 'express';
import { readCookie } from '../../http/cookies.js';
import type { Logger } from '../../logger.js';
import type { CookieSessionVerifier } from '../auth/index.js';
import { GOOGLE_CALLBACK_PATH, type GoogleConnect, GoogleConnectRefused } from './google-connect.js';

export interface GoogleBrowserRoutesDeps {
  google: GoogleConnect;
  /** The dashboard's session cookie, resolved as the auth middleware resolves it. */
  dashboardSession: CookieSessionVerifier;
  logger: Logger;
}

/** The dashboard's page of a form's destinations, with the outcome of a Google connection. */
const destinationsPage = (formId: string | undefined, outcome: 'connected' | 'denied' | 'error') =>
  formId === undefined
    ? `/app?google=${outcome}`
    : `/app/forms/${encodeURIComponent(formId)}/destinations?google=${outcome}`;

/**
 * Google's OAuth callback (a browser's, not the JSON API's): connects the spreadsheet for the
 * member who started the flow and opens the form's destinations page with the outcome
 * (`?google=connected|denied|error`).
 */
export function createGoogleBrowserRoutes(deps: GoogleBrowserRoutesDeps): Router {
  const router = Router();

  async function memberOf(req: Request) {
    const token = readCookie(req, SESSION_COOKIE);
    const found = token === undefined || token === '' ? undefined : await deps.dashboardSession(token);
    return found === undefined
      ? undefined
      : { userId: found.caller.member.userId, accountId: found.account.id };
  }

  router.get(GOOGLE_CALLBACK_PATH, async (req, res, next) => {
    try {
      const query = new URLSearchParams(
        req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
      );
      const { formId, destinationId } = await deps.google.finish(query, await memberOf(req));
      deps.logger.info({ formId, destinationId }, 'google sheets connected');
      res.redirect(303, destinationsPage(formId, 'connected'));
    } catch (error) {
      if (!(error instanceof GoogleConnectRefused)) return next(error);
      deps.logger.info({ outcome: error.outcome, reason: error.message }, 'google sheets not connected');
      res.redirect(303, destinationsPage(error.formId, error.outcome));
    }
  });

  return router;
}
