import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { exportFileName, exportStream, sendExport } from '../../export/index.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { AUDIT_EXPORT_COLUMNS, type AuditService, auditExportRow } from './audit-service.js';

const s = initServer();

export function createAuditRouter(
  audit: AuditService,
  clock: () => Date = () => new Date(),
): RouterImplementation<typeof contract.audit> {
  return s.router(contract.audit, {
    listAuditLog: async ({ query, req }) => ({
      status: 200,
      body: successBody(await audit.list(authOf(req).accountId, query), 'Audit log'),
    }),
    exportAuditLog: async ({ query, req, res }) => {
      const name = exportFileName('audit-log', 'entries', query.format, clock());
      const streams = await exportStream(audit.entries(authOf(req).accountId, query), {
        format: query.format,
        columns: AUDIT_EXPORT_COLUMNS,
        row: auditExportRow,
        bom: query.bom === 'true',
        sheetName: 'Audit log',
      });
      return sendExport(res, { name, format: query.format }, streams);
    },
  });
}
