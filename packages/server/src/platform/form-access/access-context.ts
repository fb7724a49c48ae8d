import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ACCESS_TOKEN_HEADER,
  accessCookieName,
  linkCookieName,
  verifiedCookieName,
} from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { readCookie } from '../../http/cookies.js';

/** The public routes of one form and its page, with the share code they name. */
const FORM_PATH = /^\/(?:v1\/public\/forms|f)\/([^/]+)/;

interface RequestProofs {
  token: string | undefined;
  /** The page's cookies of a personal link opened and an address confirmed (`linkCookieName`...). */
  link?: string | undefined;
  verification?: string | undefined;
}

const tokens = new AsyncLocalStorage<RequestProofs>();

/**
 * Runs the rest of a request to a form's public routes or page with the unlock token it carries
 * known to the access check (`checkFormAccess`), so the one function every public route reads the
 * form through checks it without each signature carrying it. The token is the `X-Formloom-Access`
 * header, else the page's cookie `formloom_access_<code>` (the page's own script sends that along,
 * being on the same origin; another origin's calls carry no cookie). Mounted before the page
 * routes and again after the API's body parsing (a stream's callbacks would lose the context).
 */
export function formAccessTokens() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const code = FORM_PATH.exec(req.path)?.[1];
    if (code === undefined) {
      next();
      return;
    }
    const token = req.get(ACCESS_TOKEN_HEADER) ?? readCookie(req, accessCookieName(code));
    tokens.run(
      {
        token,
        link: readCookie(req, linkCookieName(code)),
        verification: readCookie(req, verifiedCookieName(code)),
      },
      next,
    );
  };
}

/** The current request's unlock token; undefined without one or outside a form's public request. */
export function currentAccessToken(): string | undefined {
  return tokens.getStore()?.token;
}

/**
 * The personal link and the confirmed address the page's cookies name (the page's own script
 * submits with them; a call from another origin carries none): a submission's proofs when its
 * body names none.
 */
export function currentRespondentCookies(): { linkToken?: string; verificationToken?: string } {
  const store = tokens.getStore();
  return {
    ...(store?.link === undefined ? {} : { linkToken: store.link }),
    ...(store?.verification === undefined ? {} : { verificationToken: store.verification }),
  };
}

/**
 * Runs `work` with `token` as the request's unlock token: for work a request hands over to be
 * done in another context (a submission stored with others of its turn, in one transaction).
 */
export function withAccessToken<T>(token: string | undefined, work: () => T): T {
  return tokens.run({ token }, work);
}
