import { type AppRouter, isAppRoute } from '@ts-rest/core';
import type { NextFunction, Request, Response } from 'express';
import { notFound } from '../../domain-errors.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';

export const NOT_AVAILABLE_MESSAGE = 'not available on this server yet';

function refuse(req: Request, _res: Response, next: NextFunction) {
  next(notFound(`${req.method} ${req.path} is ${NOT_AVAILABLE_MESSAGE}`));
}

function implementation() {
  return {
    // Runs before ts-rest validates the request, so any input gets the same clear answer.
    middleware: [refuse],
    handler: async () => {
      throw notFound(NOT_AVAILABLE_MESSAGE);
    },
  };
}

/**
 * Handlers for contract routes this server does not serve yet: each answers 404 NOT_FOUND with
 * "not available on this server yet" (the spec has no 501 code). Auth still runs first.
 */
export function notAvailable<T extends AppRouter>(router: T): RouterImplementation<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(router)) {
    out[key] = isAppRoute(value) ? implementation() : notAvailable(value as AppRouter);
  }
  return out as RouterImplementation<T>;
}
