import type { AppRoute, AppRouter } from '@ts-rest/core';
import type { AiLimit, Plan } from '../models/plan.js';
import type { Scope } from '../models/scope.js';

export type AuthKind = 'apiKey' | 'public' | 'session';

/**
 * An API route: `Authorization: Bearer <API key>`. `scope: null` means any valid key
 * (GET /me only). Keys of a FREE account are refused everywhere (403), so `minPlan` is at
 * least STARTER.
 */
export interface ApiKeyRouteMetadata {
  auth: 'apiKey';
  scope: Scope | null;
  minPlan: Plan;
  /** The per-hour AI endpoint limit (spec 8.2) this route counts against. */
  aiLimit?: AiLimit;
  /** Costs credits: 402 PAYMENT_REQUIRED when the balance is too low. */
  consumesCredits?: boolean;
}

/** An integrations route: `Authorization: Bearer <session JWT>` from the login route. */
export interface SessionRouteMetadata {
  auth: 'session';
  minPlan?: Plan;
}

/** No credentials: public form and interview routes, and the login route. */
export interface PublicRouteMetadata {
  auth: 'public';
}

export type RouteMetadata = ApiKeyRouteMetadata | SessionRouteMetadata | PublicRouteMetadata;

/** Types a route's metadata in place: `metadata: meta({ auth: 'apiKey', ... })`. */
export function meta<const M extends RouteMetadata>(metadata: M): M {
  return metadata;
}

/**
 * The metadata of a route of the contract; throws for a route without it, which the contract's
 * tests rule out. Works on `req.tsRestRoute` in an express middleware.
 */
export function routeMetadata(route: Pick<AppRoute, 'metadata' | 'method' | 'path'>): RouteMetadata {
  const m = route.metadata as Partial<RouteMetadata> | undefined;
  if (!m || (m.auth !== 'apiKey' && m.auth !== 'public' && m.auth !== 'session')) {
    throw new Error(`Route ${route.method} ${route.path} has no auth metadata`);
  }
  return m as RouteMetadata;
}

export interface ContractRoute {
  /** The route's key, also its OpenAPI operationId (`listForms`). */
  name: string;
  /** The sub-router it belongs to (`forms`), also its OpenAPI tag. */
  group: string;
  route: AppRoute;
  metadata: RouteMetadata;
}

/** Every route of a (nested) router, in declaration order. */
export function flattenRoutes(router: AppRouter, group = ''): ContractRoute[] {
  return Object.entries(router).flatMap(([name, value]) =>
    isRoute(value)
      ? [{ name, group, route: value, metadata: routeMetadata(value) }]
      : flattenRoutes(value, group === '' ? name : `${group}.${name}`),
  );
}

function isRoute(value: AppRoute | AppRouter): value is AppRoute {
  return typeof (value as AppRoute).method === 'string' && typeof (value as AppRoute).path === 'string';
}
