import { ACCESS_TOKEN_HEADER } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError, NotFoundError } from '../../domain-errors.js';
import { HONEYPOT_HEADER } from './client/page-data.js';

/** What a page on another origin may send to the public routes (the runtime's and the SDK's headers). */
const ALLOWED_HEADERS = [
  'content-type',
  'idempotency-key',
  'x-session-token',
  ACCESS_TOKEN_HEADER,
  HONEYPOT_HEADER.toLowerCase(),
];
/** What it may read of an answer: the limit's wait and the request id to quote. */
const EXPOSED_HEADERS = ['Retry-After', 'X-Request-Id'].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT';
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** `/forms/<code>` and everything under it: the routes of one form, whose settings decide. */
const FORM_PATH = /^\/forms\/([^/]+)/;

/**
 * A page on an origin the form does not name in `settings.allowedOrigins` (403
 * ORIGIN_NOT_ALLOWED): a call of its public routes, or a plain post of its page.
 */
export class OriginRefusedError extends ForbiddenError {
  override name = 'OriginRefusedError';
  override readonly caseCode = 'ORIGIN_NOT_ALLOWED' as const;
  constructor(readonly origin: string) {
    super(`This form does not take requests from ${origin}`);
  }
}

export interface PublicCorsOptions {
  /** The server's own origin: its public page calls the API from it, whatever a form allows. */
  ownOrigin: string;
  /**
   * The origins a form lets call its public routes (`settings.allowedOrigins`); undefined when it
   * names none (any origin may). Throws a NotFoundError for a code that is no public form.
   */
  allowedOriginsOf: (code: string) => Promise<readonly string[] | undefined>;
}

/**
 * CORS for `/v1/public` (docs/embedding.md "Which origins may use a form"): any origin may call a form's
 * public routes unless the form sets `settings.allowedOrigins`, and then only those. Another origin's
 * requests, reads included, are a 403 ORIGIN_NOT_ALLOWED, answered with CORS headers so that the page's
 * script can read the refusal and say so (without them a browser reports only a network error); its preflight
 * is answered, so that its POST reaches the same refusal (a plain cross-site POST sends no preflight anyway).
 * Nothing is read or stored for it. Smart-form routes and an unknown code answer any origin: the 404 is the
 * same for everyone. Without credentials: the public routes take none, so no cookie ever goes along.
 */
export function publicCors({ ownOrigin, allowedOriginsOf }: PublicCorsOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin === undefined || sameOrigin(req, origin, ownOrigin)) {
      next();
      return;
    }
    res.vary('Origin');
    try {
      const allowed = await originAllowed(origin, req.path, allowedOriginsOf);
      const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      if (preflight) {
        res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
        res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
        res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
        res.status(204).end();
        return;
      }
      next(allowed ? undefined : new OriginRefusedError(origin));
    } catch (error) {
      next(error);
    }
  };
}

/** Whether a form naming `allowed` refuses a page on `origin` (never its own page, nor a request without one). */
export function originRefused(
  req: Request,
  origin: string | undefined,
  allowed: readonly string[] | undefined,
  ownOrigin: string,
): boolean {
  return (
    origin !== undefined &&
    allowed !== undefined &&
    allowed.length > 0 &&
    !allowed.includes(origin) &&
    !sameOrigin(req, origin, ownOrigin)
  );
}

/**
 * A request of the server's own page: its configured origin, or the host the browser asked for
 * (which page scripts cannot change), or the browser saying so (`Sec-Fetch-Site`).
 */
export function sameOrigin(req: Request, origin: string, ownOrigin: string): boolean {
  if (origin === ownOrigin || req.get('sec-fetch-site') === 'same-origin') return true;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}

async function originAllowed(
  origin: string,
  path: string,
  allowedOriginsOf: PublicCorsOptions['allowedOriginsOf'],
): Promise<boolean> {
  const code = FORM_PATH.exec(path)?.[1];
  if (code === undefined) return true;
  try {
    const allowed = await allowedOriginsOf(decodeURIComponent(code));
    return allowed === undefined || allowed.length === 0 || allowed.includes(origin);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof URIError) return true;
    throw error;
  }
}

/**
 * The page's `frame-ancestors` (and whether to keep `X-Frame-Options: DENY`): no framing unless the
 * form names origins, which may then frame it (docs/embedding.md "Which origins may use a form").
 */
export function frameAncestors(allowedOrigins: readonly string[] | undefined): string {
  return allowedOrigins === undefined || allowedOrigins.length === 0
    ? "frame-ancestors 'none'"
    : `frame-ancestors ${allowedOrigins.join(' ')}`;
}
