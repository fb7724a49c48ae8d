/**
 * The audit log: who changed what, recorded in the transaction of the change (docs/server.md "Audit log").
 */
export {
  AuditAccountMismatchError,
  type AuditCaller,
  type AuditStarter,
  auditCallers,
  currentAuditCaller,
  currentAuditStarter,
  runAsAuditCaller,
  runAsAuditStarter,
} from './audit-context.js';
export { createAuditRouter } from './audit-router.js';
export {
  type AuditService,
  audited,
  createAuditService,
  DEFAULT_AUDIT_RETENTION_MS,
  recordAsMember,
  recordAudit,
} from './audit-service.js';
