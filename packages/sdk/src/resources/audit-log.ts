import type { Contract } from '@formloom/contract';
import { contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import { type ExportedFile, exportedFile } from '../core/export-file.js';
import type { QueryOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.audit;
type R = Contract['audit'];

/**
 * The audit log: every change made by members and API keys (forms, fields, publishing, smart
 * forms, webhooks), `{id, at, actor, action, target, ip}`. Needs the `AUDIT_READ` scope.
 */
export class AuditLog extends APIResource {
  /**
   * Entries newest first; filter by `actorType`, `actorId`, `action`, `targetType`, `targetId`,
   * `from` and `to`.
   *
   * ```ts
   * for await (const entry of client.auditLog.list({ action: 'form.deleted' })) console.log(entry.actor.id);
   * ```
   */
  list(
    query: QueryOf<R['listAuditLog']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listAuditLog'], 'entries'> {
    return this._client._list(routes.listAuditLog, { query }, 'entries', options);
  }

  /**
   * Every matching entry as a file, oldest first: `csv` by default, `json` or `xlsx`; streamed.
   *
   * ```ts
   * const file = await client.auditLog.export({ format: 'csv', from: '2026-01-01T00:00:00Z' });
   * ```
   */
  async export(query: QueryOf<R['exportAuditLog']> = {}, options?: RequestOptions): Promise<ExportedFile> {
    const response = await this._client._send(routes.exportAuditLog, { query }, options, '*/*');
    return exportedFile(response);
  }
}
