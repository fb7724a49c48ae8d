import type { AppRoute, AppRouter } from '@ts-rest/core';
import type { AiLimit, Plan } from '../models/plan.js';
import type { Permission } from '../models/roles.js';
import type { Scope } from '../models/scope.js';

/**
 * How a route's caller proves who it is; every route names one, and the server refuses a route
 * whose kind it does not handle. `apiKey`: `Authorization: Bearer formloom_...`. `session`: a user
 * session JWT. `shareCode`: the unguessable share code in the path (public form and interview
 * routes). `interviewToken`: the `x-session-token` a started interview received. `public`: no
 * credential at all (the login routes). `cookie`: the dashboard's `formloom_session` cookie only.
 * Every `apiKey` route also takes the dashboard's session cookie, as an owner's full-scope key.
 */
export const AUTH_KINDS = ['apiKey', 'session', 'shareCode', 'interviewToken', 'public', 'cookie'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

/**
 * An API route: `Authorization: Bearer <API key>`. `scope: null` means any valid key
 * (GET /me only). Keys of a FREE account are refused everywhere (403), so `minPlan` is at
 * least STARTER.
 */
export interface ApiKeyRouteMetadata {
  auth: 'apiKey';
  scope: Scope | null;
  /** What a signed-in member's role must allow (`ROLE_PERMISSIONS`); a key's scope decides for a key. */
  permission: Permission;
  minPlan: Plan;
  /** The per-hour AI endpoint limit this route counts against, beside the general ones. */
  aiLimit?: AiLimit;
  /** Costs credits: 402 PAYMENT_REQUIRED when the balance is too low. */
  consumesCredits?: boolean;
  /**
   * A POST that creates something: an `Idempotency-Key` makes a retry (same key, same body, within
   * 24 hours) answer what the first attempt answered without doing the work again. Set with
   * `creates()`, which also declares the header.
   */
  idempotent?: true;
}

/** An integrations route: `Authorization: Bearer <session JWT>` from the login route. */
export interface SessionRouteMetadata {
  auth: 'session';
  /** What the signed-in member's role must allow (`ROLE_PERMISSIONS`). */
  permission: Permission;
  minPlan?: Plan;
}

/** The public form and interview routes: the share code in the path is the credential. */
export interface ShareCodeRouteMetadata {
  auth: 'shareCode';
}

/** The routes of a started interview: `x-session-token` from the start answer. */
export interface InterviewTokenRouteMetadata {
  auth: 'interviewToken';
}

/** No credential at all: the login and first-run setup routes. */
export interface PublicRouteMetadata {
  auth: 'public';
}

/** The dashboard's own routes (`/v1/auth/me`): the `formloom_session` cookie, nothing else. */
export interface CookieRouteMetadata {
  auth: 'cookie';
  /** What the signed-in member's role must allow (`ROLE_PERMISSIONS`). */
  permission: Permission;
  /** The account's plan must be at least this (403 otherwise), as for an API-key route. */
  minPlan?: Plan;
  /**
   * A valid API key is refused with 403 (a key never manages keys or members), where other cookie
   * routes answer a request without the cookie with 401.
   */
  refusesKeys?: true;
  /**
   * Served to a member who must turn two-factor on first (the account's `require2fa`): the
   * two-factor set-up and `GET /v1/auth/me`; every other route answers them 403.
   */
  duringEnrolment?: true;
}

export type RouteMetadata =
  | ApiKeyRouteMetadata
  | SessionRouteMetadata
  | ShareCodeRouteMetadata
  | InterviewTokenRouteMetadata
  | PublicRouteMetadata
  | CookieRouteMetadata;

/** Types a route's metadata in place: `metadata: meta({ auth: 'apiKey', ... })`. */
export function meta<const M extends RouteMetadata>(metadata: M): M {
  return metadata;
}

/**
 * Marks an API-key route as a create honouring `Idempotency-Key` (the route also declares
 * `headers: IdempotencyHeaders`, so the OpenAPI document and the SDK see it).
 *
 * ```ts
 * headers: IdempotencyHeaders,
 * metadata: creates(meta({ auth: 'apiKey', scope: 'FORMS_WRITE', minPlan: 'STARTER' })),
 * ```
 */
export function creates<const M extends ApiKeyRouteMetadata>(metadata: M): M & { idempotent: true } {
  return { ...metadata, idempotent: true };
}

/**
 * The metadata of a route of the contract; throws for a route without it, which the contract's
 * tests rule out. Works on `req.tsRestRoute` in an express middleware.
 */
export function routeMetadata(route: Pick<AppRoute, 'metadata' | 'method' | 'path'>): RouteMetadata {
  const m = route.metadata as Partial<RouteMetadata> | undefined;
  if (!m || !(AUTH_KINDS as readonly unknown[]).includes(m.auth)) {
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
