import { randomUUID } from 'node:crypto';
import type { Plan, Role } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '../domain-errors.js';
import type { Logger } from '../logger.js';
import type { ApiKeyInfo } from '../platform/api-key-info.js';
import { AppError } from './app-error.js';

/** What authentication established about the caller; absent on public routes. */
export interface AuthContext {
  accountId: string;
  plan: Plan;
  /** The API key used; absent when the caller is signed in to the dashboard. */
  key?: ApiKeyInfo;
  /**
   * The dashboard member (session cookie): a full-scope key of the account, limited by the
   * member's role (each route's `permission`, `ROLE_PERMISSIONS`).
   */
  member?: {
    userId: string;
    email: string;
    role: Role;
    sessionId: string;
    expiresAt: string;
    /** The account requires two-factor and the member has not turned it on: only its set-up is served. */
    mustEnrol?: boolean;
  };
}

/**
 * The caller of an API-key route; the auth middleware (features/auth) guarantees it is set. Here,
 * beside the request's context, so every feature's router reads it without importing auth.
 */
export function authOf(req: { auth?: AuthContext | undefined }): AuthContext {
  if (req.auth === undefined) throw unauthorized('Missing API key');
  return req.auth;
}

/** A signed-in user (session JWT): the integrations API. */
export interface SessionContext {
  userId: string;
  accountId: string;
  email: string;
  plan: Plan;
  /** The member's role now (read at each request, not from the token): each route's `permission` is checked against it. */
  role: Role;
}

declare global {
  namespace Express {
    interface Request {
      /** The request id, echoed in `X-Request-Id`. */
      id: string;
      auth?: AuthContext;
      session?: SessionContext;
    }
  }
}

/** Incoming ids are kept when they are short and plain, so a proxy's id follows the request. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}

/**
 * One log line per request: id, route pattern (never the raw path, which may hold a share code),
 * status and duration. Headers, query strings and bodies are never logged.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const route = (req as { tsRestRoute?: { path: string } }).tsRestRoute?.path ?? null;
      const fields = {
        reqId: req.id,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        accountId: req.auth?.accountId,
        // The client as `trust proxy` resolves it (the peer when no proxy is trusted).
        ip: req.ip,
        aborted: !res.writableFinished,
      };
      if (res.statusCode >= 500) logger.error(fields, 'request');
      else logger.info(fields, 'request');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

/**
 * Headers every API answer carries: `X-Content-Type-Options: nosniff`; `Cache-Control: no-store`
 * on the authenticated API (an account's data must not sit in a shared cache); HSTS when the
 * request came over HTTPS or the operator's public origin is HTTPS.
 */
export function securityHeaders(options: { httpsOrigin: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (
      !req.path.startsWith('/v1/public/') &&
      (req.path.startsWith('/v1/') || req.path.startsWith('/integrations/'))
    ) {
      res.setHeader('Cache-Control', 'no-store');
    }
    if (options.httpsOrigin || req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    next();
  };
}

const UUID_UPPER = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/**
 * Query strings carry one plain value per name: `limit[]=1` or `limit=1&limit=2` is a 400 that
 * says so, not a value silently ignored or picked. Ids are lower case: an upper-case UUID in the
 * path finds the same resource.
 */
export function normaliseRequest() {
  return (req: Request, _res: Response, next: NextFunction) => {
    for (const [name, value] of Object.entries(req.query)) {
      if (name.includes('[') || typeof value !== 'string') {
        const plain = name.replace(/\[.*$/, '');
        next(
          new AppError('BAD_REQUEST', `Query parameter "${name}" must be given once, as ${plain}=<value>`, [
            { path: `query.${plain}`, code: 'invalid_type', message: 'Expected one plain value' },
          ]),
        );
        return;
      }
    }
    for (const [name, value] of Object.entries(req.params ?? {})) {
      // express 5 types a parameter as string | string[] (a `*name` wildcard gives segments); ours are strings.
      if (typeof value === 'string' && UUID_UPPER.test(value) && value !== value.toLowerCase()) {
        req.params[name] = value.toLowerCase();
      }
    }
    next();
  };
}

/**
 * For a route served outside ts-rest (a file download, `POST /mcp`): sets the contract route whose
 * metadata the app's authentication and rate-limit middleware then apply, as on that route.
 */
export function routedAs(route: { method: string; path: string; metadata: unknown }) {
  return (req: Request, _res: Response, next: NextFunction) => {
    (req as Request & { tsRestRoute?: unknown }).tsRestRoute = route;
    next();
  };
}
