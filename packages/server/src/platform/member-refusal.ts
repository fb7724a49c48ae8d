import {
  type Permission,
  PLAN_NAMES,
  type Plan,
  planAtLeast,
  type Role,
  roleAllows,
} from '@formloom/contract';

/**
 * Why a member's role may not use a route needing `permission` (`ROLE_PERMISSIONS`, docs/server.md "Roles and
 * route permissions").
 */
export function roleRefusal(role: Role, permission: Permission): string | undefined {
  return roleAllows(role, permission)
    ? undefined
    : `A member with the ${role} role may not do this (it needs ${permission})`;
}

/**
 * Why a signed-in member (the dashboard's cookie or the integrations API's JWT) may not use a
 * route: its role first, then the account's plan; undefined when it may. The 403's wording is the
 * same for both credentials.
 */
export function memberRefusal(
  member: { role: Role; plan: Plan },
  route: { permission: Permission; minPlan?: Plan | undefined },
): string | undefined {
  return (
    roleRefusal(member.role, route.permission) ??
    (route.minPlan !== undefined && !planAtLeast(member.plan, route.minPlan)
      ? `This needs the ${PLAN_NAMES[route.minPlan]} plan or higher (the account is on ${PLAN_NAMES[member.plan]})`
      : undefined)
  );
}
