import type { AuditAction, AuditTargetType } from '@formloom/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';
import { exportQuery, saveExport } from '../responses/queries.js';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilters {
  action?: AuditAction;
  actorId?: string;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: string;
  to?: string;
}

/** Query keys of the audit log (one factory per resource). */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, 'list', filters, page] as const,
};

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.list(filters, page),
    queryFn: async () => {
      const result = await client.auditLog.list({ ...filters, page, limit: AUDIT_PAGE_SIZE });
      return { items: result.items, total: result.total, hasMore: result.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}

/** Downloads every matching entry as CSV through the SDK's export (streamed, then saved). */
export async function downloadCsv(filters: AuditFilters): Promise<void> {
  await saveExport(await client.auditLog.export({ ...filters, ...exportQuery('csv') }), 'audit-log.csv');
}
