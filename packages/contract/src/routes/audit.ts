import { AuditLogExportQuery, AuditLogPage, AuditLogQuery } from '../models/audit.js';
import { success } from '../models/envelope.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, c, EXPORT_TYPES_TEXT, errorResponses, exportFile } from './shared.js';

const read = meta({ auth: 'apiKey', scope: 'AUDIT_READ', permission: 'audit.read', minPlan: 'STARTER' });

/** The audit log (docs/server.md "Audit log"): every change by a member or a key. */
export const auditRouter = c.router({
  listAuditLog: {
    method: 'GET',
    path: '/v1/audit-log',
    query: AuditLogQuery,
    summary: 'List the audit log',
    description:
      'Changes made by members and API keys (forms, fields, publishing, smart forms, webhooks), newest first, each written in the transaction of the change it records. Kept 365 days by default.',
    responses: {
      200: success(AuditLogPage, 'A page of audit log entries'),
      ...errorResponses(API_KEY_ERRORS),
    },
    metadata: read,
  },
  exportAuditLog: {
    method: 'GET',
    path: '/v1/audit-log/export',
    query: AuditLogExportQuery,
    summary: 'Export the audit log',
    description: `Every matching entry, oldest first, as a downloadable file, streamed. csv and xlsx: at, action, targetType, targetId, actorType, actorId, actorEmail, ip. json: an array of entries as the list returns them. ${EXPORT_TYPES_TEXT}`,
    responses: {
      200: exportFile,
      ...errorResponses(API_KEY_ERRORS),
    },
    metadata: read,
  },
});
