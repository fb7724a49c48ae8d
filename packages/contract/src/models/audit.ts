import { z } from 'zod';
import { ExportQuery } from './export.js';
import { PageQuery, page } from './paging.js';

/**
 * What the audit log records (docs/server.md "Audit log"): `<resource>.<past verb>`.
 * A change by a member or a key is recorded in the transaction that makes it.
 */
export const AUDIT_ACTIONS = [
  'form.created',
  'form.updated',
  'form.deleted',
  'form.published',
  'form.unpublished',
  'form.translated',
  'form.draft_published',
  'form.revision_restored',
  'form.access_changed',
  'form.links_created',
  'form.link_revoked',
  'field.created',
  'field.updated',
  'field.deleted',
  'smart_form.created',
  'smart_form.updated',
  'smart_form.deleted',
  'smart_form.published',
  'smart_form.unpublished',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'integration.connected',
  'integration.updated',
  'integration.removed',
  'key.created',
  'key.rotated',
  'key.revoked',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
  'response.deleted',
  'response.purged',
  'analytics_secret.rotated',
  'domain.added',
  'domain.verified',
  'domain.updated',
  'domain.removed',
  'theme.created',
  'theme.updated',
  'theme.deleted',
  'sso.updated',
  'sso.removed',
  'sso.recovery_requested',
  'destination.created',
  'destination.updated',
  'destination.deleted',
  'payments.connected',
  'payments.disconnected',
  'response.refunded',
  'sign_in.succeeded',
  'sign_in.failed',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'session.ended',
  'password.changed',
  'password.reset_confirmed',
  'account.security_changed',
  'passkey.added',
  'passkey.removed',
  'passkey.sign_in_succeeded',
  'passkey.sign_in_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'form',
  'smart_form',
  'webhook',
  'integration',
  'api_key',
  'member',
  'invitation',
  'response',
  'analytics_secret',
  'domain',
  'theme',
  'account',
  'destination',
  'payments',
  'session',
  'passkey',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AuditActor = z
  .object({
    type: z
      .enum(['user', 'key', 'system'])
      .describe(
        'A signed-in member, an API key, or the server itself (a form\'s retention, `id` "retention")',
      ),
    id: z
      .string()
      .describe(
        "The user's id, the key's id (`formloom_<key id>`, never its secret), or what the server did",
      ),
    email: z.string().optional().describe("A member's email at the time"),
  })
  .describe('Who made the change');
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z
  .object({
    id: z.string().uuid(),
    at: z.string().datetime().describe('When the change was committed (ISO 8601, UTC)'),
    actor: AuditActor,
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({
      type: z.enum(AUDIT_TARGET_TYPES),
      id: z.string().describe("The changed resource's id (a field change names its form)"),
    }),
    ip: z.string().nullable().describe('The client address as the server resolved it (trust proxy)'),
  })
  .describe('An audit log entry');
export type AuditEntry = z.infer<typeof AuditEntry>;

const filters = {
  actorType: z
    .enum(['user', 'key', 'system'])
    .optional()
    .describe('Only changes by members, by keys, or by the server itself'),
  actorId: z.string().max(100).optional().describe("Only this user's or key's changes"),
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only this action'),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z
    .string()
    .max(100)
    .optional()
    .describe("Only changes of this resource (a form's field changes included)"),
  from: z.string().datetime().optional().describe('From this moment on (inclusive, ISO 8601)'),
  to: z.string().datetime().optional().describe('Up to this moment (inclusive, ISO 8601)'),
};

/** GET /v1/audit-log: newest first, filtered. */
export const AuditLogQuery = PageQuery.extend(filters).describe('Audit log filters');
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** GET /v1/audit-log/export: every matching entry, oldest first. */
export const AuditLogExportQuery = ExportQuery.extend(filters).describe('Audit log export options');
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuery>;

export const AuditLogPage = page('entries', AuditEntry).describe('A page of audit log entries');
export type AuditLogPage = z.infer<typeof AuditLogPage>;
