import { z } from 'zod';

/** API key scopes. A key carries a set of them; each API route names the one it needs. */
export const SCOPES = [
  'FORMS_READ',
  'FORMS_WRITE',
  'RESPONSES_READ',
  'WEBHOOKS_READ',
  'WEBHOOKS_WRITE',
  'AI_GENERATE',
  'ANALYTICS_READ',
  'SMART_FORMS_READ',
  'SMART_FORMS_WRITE',
  'SMART_FORMS_ANALYTICS',
  'AUDIT_READ',
  'THEMES_READ',
  'THEMES_WRITE',
] as const;
export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES).describe('API key scope');

export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  FORMS_READ: 'List and read forms',
  FORMS_WRITE: 'Create, update, delete, publish and unpublish forms, and edit fields',
  RESPONSES_READ: 'Read responses and counts',
  WEBHOOKS_READ: 'List webhook endpoints and their deliveries',
  WEBHOOKS_WRITE:
    'Create, update, delete, test webhook endpoints, redeliver events and rotate the analytics signing secret',
  AI_GENERATE: 'AI form generation and job polling',
  ANALYTICS_READ: 'Smart analytics and analytics chat on forms',
  SMART_FORMS_READ: 'List and read smart forms and sessions, and export them',
  SMART_FORMS_WRITE: 'Create, update, delete, publish and unpublish smart forms',
  SMART_FORMS_ANALYTICS: 'Smart form chat and aggregate analytics',
  AUDIT_READ: 'Read and export the audit log',
  THEMES_READ: 'List and read themes',
  THEMES_WRITE: 'Create, update and delete themes',
};

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
