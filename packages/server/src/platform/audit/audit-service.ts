import {
  type AuditAction,
  type AuditEntry,
  type AuditLogExportQuery,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditTargetType,
  hasMorePages,
} from '@formloom/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuditLogRow, Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { keysetPages } from '../../db/keyset.js';
import type { XlsxCell } from '../../export/index.js';
import { AuditAccountMismatchError, currentAuditCaller, runAsAuditCaller } from './audit-context.js';
import { createAuditStore } from './audit-store.js';

/** docs/server.md "Audit log": entries are kept 365 days unless configured otherwise. */
export const DEFAULT_AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
const EXPORT_PAGE = 500;

/**
 * Records a change to `accountId`'s `target` by the current caller, in `trx`: the transaction of
 * the change, so the entry commits with it or not at all. The entry's account is the change's,
 * named by the caller of this function from the target it changed, never taken from ambient
 * state. The actor is the request's caller (or, for an AI job, whoever queued it: the worker runs
 * the job as them). With no caller (a chore, the CLI, a respondent's job) nothing is recorded:
 * only members' and keys' changes are. A caller of another account is a bug that would write one
 * account's change into another's log: it throws, and the change does not happen.
 */
export async function recordAudit(
  trx: Db,
  accountId: string,
  action: AuditAction,
  target: { type: AuditTargetType; id: string },
  clock: () => Date = () => new Date(),
): Promise<void> {
  const caller = currentAuditCaller();
  if (caller === undefined) return;
  if (caller.accountId !== accountId)
    throw new AuditAccountMismatchError(accountId, caller.accountId, action);
  await createAuditStore(trx).insert({
    // Time-ordered and increasing within the process: entries of one millisecond list in the
    // order they were made (a random id shuffled them).
    id: uuidv7(),
    account_id: accountId,
    at: isoNow(clock()),
    actor_type: caller.actor.type,
    actor_id: caller.actor.id,
    actor_email: caller.actor.email ?? null,
    action,
    target_type: target.type,
    target_id: target.id,
    ip: caller.ip,
  });
}

/**
 * Records `action` as the member's own, from `ip`, in their account: a request with no signed-in
 * caller yet (a sign-in, a password reset, a single sign-on callback) acts as the member it is for.
 */
export function recordAsMember(
  trx: Db,
  member: { id: string; account_id: string; email: string },
  action: AuditAction,
  target: { type: AuditTargetType; id: string },
  ip: string | null,
  clock: () => Date,
): Promise<void> {
  return runAsAuditCaller(
    { accountId: member.account_id, actor: { type: 'user', id: member.id, email: member.email }, ip },
    () => recordAudit(trx, member.account_id, action, target, clock),
  );
}

/**
 * Runs `work` and records `action` on `accountId`'s `target` in one transaction (the caller's,
 * when `db` already is one), so the record commits with the change or not at all. A `work` that
 * answers `false` changed nothing, and nothing is recorded.
 */
export async function audited<T>(
  db: Db,
  accountId: string,
  action: AuditAction,
  target: { type: AuditTargetType; id: string },
  work: (trx: Db) => Promise<T>,
  clock?: () => Date,
): Promise<T> {
  const run = async (trx: Db) => {
    const result = await work(trx);
    if (result !== false) await recordAudit(trx, accountId, action, target, clock);
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: {
      type: row.actor_type as AuditEntry['actor']['type'],
      id: row.actor_id,
      ...(row.actor_email === null ? {} : { email: row.actor_email }),
    },
    action: row.action as AuditAction,
    target: { type: row.target_type as AuditTargetType, id: row.target_id },
    ip: row.ip,
  };
}

/** The export's columns, and an entry as a row of them. */
export const AUDIT_EXPORT_COLUMNS = [
  'at',
  'action',
  'targetType',
  'targetId',
  'actorType',
  'actorId',
  'actorEmail',
  'ip',
] as const;
export function auditExportRow(e: AuditEntry): XlsxCell[] {
  return [
    e.at,
    e.action,
    e.target.type,
    e.target.id,
    e.actor.type,
    e.actor.id,
    e.actor.email ?? '',
    e.ip ?? '',
  ];
}

export interface AuditServiceDeps {
  db: Db;
  clock?: () => Date;
  /** FORMLOOM_AUDIT_RETENTION: entries older than this are purged (default 365 days). */
  retentionMs?: number;
}

export function createAuditService({
  db,
  clock = () => new Date(),
  retentionMs = DEFAULT_AUDIT_RETENTION_MS,
}: AuditServiceDeps) {
  const store = createAuditStore(db);
  return {
    async list(accountId: string, query: AuditLogQuery): Promise<AuditLogPage> {
      const { page, limit, ...filters } = query;
      const { rows, total } = await store.page(accountId, filters, page, limit);
      return {
        entries: rows.map(toAuditEntry),
        total,
        page,
        limit,
        hasMore: hasMorePages({ total, page, limit }),
      };
    },

    /** Every matching entry, oldest first, read 500 at a time (see `keysetPages`). */
    async *entries(accountId: string, query: AuditLogExportQuery): AsyncGenerator<AuditEntry> {
      const { format: _format, bom: _bom, ...filters } = query;
      for await (const rows of keysetPages<AuditLogRow>(
        (after) => store.pageAfter(accountId, filters, after, EXPORT_PAGE),
        EXPORT_PAGE,
      )) {
        for (const row of rows) yield toAuditEntry(row);
      }
    },

    /** Deletes entries past the retention; answers how many (a chore). */
    purge(): Promise<number> {
      return store.purgeBefore(isoNow(new Date(clock().getTime() - retentionMs)));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
