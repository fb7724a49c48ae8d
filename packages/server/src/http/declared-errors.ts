import { type ContractRoute, contractRoutes, type ErrorEnvelope } from '@formloom/contract';
import type { Request } from 'express';
import type { ZodTypeAny } from 'zod';

/** An error answer its route does not declare: the status is not among its responses, or the body does not fit. */
export interface UndeclaredErrorAnswer {
  /** The route as `METHOD path` (`POST /v1/public/forms/:code/responses`). */
  route: string;
  status: number;
  code: string;
  /** What does not fit, in a sentence. */
  problem: string;
}

/** How an error answer is checked against its route: undefined when it fits (or no route of the contract matched). */
export type ErrorAnswerCheck = (
  req: Request,
  status: number,
  body: ErrorEnvelope,
) => UndeclaredErrorAnswer | undefined;

interface RouteShape {
  method: string;
  path: string;
  responses?: Record<number, unknown>;
}

/** A contract route's path as a pattern: each `:param` stands for one segment. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The contract route a request is for: the one ts-rest matched (or a route served outside ts-rest
 * named with `routedAs`), else the first in declaration order whose method and path fit, which is
 * the one express would have run: an error of a middleware mounted before the contract's routes
 * (the CSRF rule, the public routes' CORS and limit) is still an answer of that route.
 */
function routeMatcher(routes: readonly ContractRoute[]) {
  const patterns = routes.map(({ route }) => ({
    route: route as RouteShape,
    pattern: pathPattern(route.path),
  }));
  return (req: Request): RouteShape | undefined => {
    const matched = (req as Request & { tsRestRoute?: RouteShape }).tsRestRoute;
    if (matched !== undefined) return matched;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    return patterns.find(({ route, pattern }) => route.method === method && pattern.test(req.path))?.route;
  };
}

/**
 * Checks each error answer against the responses its contract route declares for that status, so
 * that the contract (and the SDK's types and the OpenAPI document made from it) names every error
 * a client can get. The test servers turn it on; a request no route of the contract serves (an
 * unknown path, the browser pages) is not checked.
 */
export function createErrorAnswerCheck(routes: readonly ContractRoute[] = contractRoutes): ErrorAnswerCheck {
  const routeOf = routeMatcher(routes);
  return (req, status, body) => {
    const route = routeOf(req);
    // A route served outside ts-rest without a contract of its own (`POST /mcp`) declares nothing.
    if (route?.responses === undefined) return undefined;
    const named = `${route.method} ${route.path}`;
    const declared = route.responses[status] as ZodTypeAny | undefined;
    if (declared === undefined)
      return {
        route: named,
        status,
        code: body.error,
        problem: `${named} does not declare a ${status} answer`,
      };
    if (typeof declared.safeParse !== 'function') return undefined;
    const parsed = declared.safeParse(body);
    if (parsed.success) return undefined;
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return {
      route: named,
      status,
      code: body.error,
      problem: `${named} declares its ${status} answer without ${body.error} (${where})`,
    };
  };
}
