import { z } from 'zod';

/**
 * The roles of an account's members (docs/server.md "Roles and route permissions"): `owner`
 * (everything), `admin` (everything but changing owners), `editor` (forms, smart forms, AI,
 * themes, reading responses and analytics), `viewer` (reading only, in the editor's domain: forms, smart
 * forms, responses, analytics; not webhooks, keys, members or the audit log).
 */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES).describe("A member's role");

/** What a route needs of a member: each API route names one in its metadata, beside its credential. */
export const PERMISSIONS = [
  'account.read',
  'forms.read',
  'forms.write',
  'responses.read',
  'smart_forms.read',
  'smart_forms.write',
  'analytics.read',
  'ai.use',
  'webhooks.read',
  'webhooks.write',
  'integrations.manage',
  'keys.manage',
  'members.manage',
  'owners.manage',
  'audit.read',
  'domains.manage',
  'themes.read',
  'themes.write',
  'payments.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  'account.read',
  'forms.read',
  'responses.read',
  'smart_forms.read',
  'analytics.read',
  'themes.read',
];
const EDITOR: readonly Permission[] = [
  ...VIEWER,
  'forms.write',
  'smart_forms.write',
  'ai.use',
  'themes.write',
];
const ADMIN: readonly Permission[] = [
  ...EDITOR,
  'webhooks.read',
  'webhooks.write',
  'integrations.manage',
  'keys.manage',
  'members.manage',
  'audit.read',
  'domains.manage',
  'payments.manage',
];

/** The one table of which role may do what. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(ADMIN),
  editor: new Set(EDITOR),
  viewer: new Set(VIEWER),
};

/**
 * Whether a member with `role` may use a route needing `permission`.
 *
 * ```ts
 * roleAllows('editor', 'forms.write'); // true
 * roleAllows('viewer', 'forms.write'); // false
 * ```
 */
export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
