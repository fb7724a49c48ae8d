import { PERMISSIONS } from '@formloom/contract';

/** Credential kinds a member or a key uses: each of their routes must name what it needs of a role. */
const MEMBER_KINDS = new Set(['apiKey', 'session', 'cookie']);

/**
 * Throws, naming them, when routes a member can call name no known permission (docs/server.md "Roles and
 * route permissions": the permission each route needs is route metadata, and the server refuses to start
 * without it). The contract's types already ask for one; this holds for routes added at run time and for
 * metadata built loosely.
 */
export function assertPermissionsNamed(
  routes: readonly { name: string; metadata: { auth: string; permission?: unknown } }[],
): void {
  const missing = routes.filter(
    (r) =>
      MEMBER_KINDS.has(r.metadata.auth) &&
      !(PERMISSIONS as readonly unknown[]).includes(r.metadata.permission),
  );
  if (missing.length > 0) {
    throw new Error(
      `No permission named for ${missing.map((r) => r.name).join(', ')}: add one to the route's metadata`,
    );
  }
}
