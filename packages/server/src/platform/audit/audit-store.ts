import type { AuditLogExportQuery, AuditLogQuery } from '@formloom/contract';
import type { ExpressionBuilder } from 'kysely';
import type { AuditLogRow, AuditLogTable, Database, Db } from '../../db/database.js';
import { sortsAfter } from '../../db/keyset.js';

type Filters = Omit<AuditLogQuery, 'page' | 'limit'> | Omit<AuditLogExportQuery, 'format' | 'bom'>;

/** The filters of the list and the export, on one account's entries. */
function matching(accountId: string, f: Filters) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
    const and = [eb('account_id', '=', accountId)];
    if (f.actorType !== undefined) and.push(eb('actor_type', '=', f.actorType));
    if (f.actorId !== undefined) and.push(eb('actor_id', '=', f.actorId));
    if (f.action !== undefined) and.push(eb('action', '=', f.action));
    if (f.targetType !== undefined) and.push(eb('target_type', '=', f.targetType));
    if (f.targetId !== undefined) and.push(eb('target_id', '=', f.targetId));
    if (f.from !== undefined) and.push(eb('at', '>=', new Date(f.from).toISOString()));
    if (f.to !== undefined) and.push(eb('at', '<=', new Date(f.to).toISOString()));
    return eb.and(and);
  };
}

/** The `audit_log` table. */
export function createAuditStore(db: Db) {
  return {
    async insert(row: AuditLogTable): Promise<void> {
      await db.insertInto('audit_log').values(row).execute();
    },

    /** A page of the account's entries, newest first, and how many match. */
    async page(accountId: string, f: Filters, page: number, limit: number) {
      const where = matching(accountId, f);
      const [rows, count] = await Promise.all([
        db
          .selectFrom('audit_log')
          .selectAll()
          .where(where)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Up to `size` matching entries after `after` (oldest first): one page of the export. */
    pageAfter(accountId: string, f: Filters, after: AuditLogRow | undefined, size: number) {
      return db
        .selectFrom('audit_log')
        .selectAll()
        .where(matching(accountId, f))
        .$if(after !== undefined, (q) =>
          q.where((eb) => sortsAfter(eb, ['at', 'id'], [after!.at, after!.id])),
        )
        .orderBy('at')
        .orderBy('id')
        .limit(size)
        .execute();
    },

    /** Deletes entries older than `beforeIso`; answers how many. */
    async purgeBefore(beforeIso: string): Promise<number> {
      const result = await db.deleteFrom('audit_log').where('at', '<', beforeIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
