import type { SmartFormListQuery, SmartFormStats } from '@formloom/contract';
import { sql } from 'kysely';
import type { Db, SmartFormRow, SmartFormsTable } from '../../db/database.js';
import { selectPage, titleContains } from '../../db/paging.js';

/**
 * Smart forms of one account, and the figures of their sessions. Every read filters on the
 * account, so another account's smart form is simply not found.
 */
export function createSmartFormsStore(db: Db) {
  return {
    async insert(row: SmartFormsTable): Promise<void> {
      await db.insertInto('smart_forms').values(row).execute();
    },

    find(accountId: string, id: string): Promise<SmartFormRow | undefined> {
      return db
        .selectFrom('smart_forms')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findByShareCode(code: string): Promise<SmartFormRow | undefined> {
      return db.selectFrom('smart_forms').selectAll().where('share_code', '=', code).executeTakeFirst();
    },

    list(accountId: string, query: SmartFormListQuery): Promise<{ rows: SmartFormRow[]; total: number }> {
      const search = query.search?.trim().toLowerCase();
      const base = db
        .selectFrom('smart_forms')
        .where('account_id', '=', accountId)
        .$if(query.status !== 'all', (q) => q.where('status', '=', query.status))
        .$if(search !== undefined && search !== '', (q) => q.where(titleContains(search!)));
      return selectPage(
        base,
        (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        query,
      );
    },

    async update(
      accountId: string,
      id: string,
      values: Partial<SmartFormsTable>,
    ): Promise<SmartFormRow | undefined> {
      return db
        .updateTable('smart_forms')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Sessions (questions, themes) go with it by cascade. */
    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('smart_forms')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Session statistics, counted by the database (the median by one indexed lookup). */
    async stats(smartFormId: string): Promise<SmartFormStats> {
      const row = await db
        .selectFrom('smart_form_sessions')
        .where('smart_form_id', '=', smartFormId)
        .select([
          sql<number>`count(*)`.as('total'),
          sql<number>`coalesce(sum(case when status = 'active' then 1 else 0 end), 0)`.as('active'),
          sql<number>`coalesce(sum(case when status = 'completed' then 1 else 0 end), 0)`.as('completed'),
          sql<number>`coalesce(sum(case when status = 'abandoned' then 1 else 0 end), 0)`.as('abandoned'),
          sql<number | null>`avg(sentiment_score)`.as('sentiment'),
          sql<string | null>`max(started_at)`.as('last'),
        ])
        .executeTakeFirstOrThrow();
      const total = Number(row.total);
      const completed = Number(row.completed);
      return {
        totalSessions: total,
        activeSessions: Number(row.active),
        completedSessions: completed,
        abandonedSessions: Number(row.abandoned),
        completionRate: total === 0 ? 0 : completed / total,
        medianDurationSeconds: await medianDurationSeconds(db, smartFormId, completed),
        averageSentimentScore: row.sentiment === null ? null : roundScore(Number(row.sentiment)),
        lastSessionAt: row.last,
      };
    },
  };
}

export type SmartFormsStore = ReturnType<typeof createSmartFormsStore>;

function roundScore(score: number): number {
  return Math.max(-1, Math.min(1, Math.round(score * 1000) / 1000));
}

/**
 * The median of the completed sessions' durations (of those among `sessionIds`, when given and not
 * empty): the middle one or two, read in order. SQLite has no percentile function, so both
 * databases do it this way.
 */
export async function medianDurationSeconds(
  db: Db,
  smartFormId: string,
  completed: number,
  sessionIds?: readonly string[],
): Promise<number | null> {
  if (completed === 0) return null;
  const middle = await db
    .selectFrom('smart_form_sessions')
    .select('duration_ms')
    .where('smart_form_id', '=', smartFormId)
    .where('status', '=', 'completed')
    .$if(sessionIds !== undefined && sessionIds.length > 0, (q) => q.where('id', 'in', sessionIds!))
    .orderBy('duration_ms')
    .limit(completed % 2 === 0 ? 2 : 1)
    .offset(Math.floor((completed - 1) / 2))
    .execute();
  const values = middle.map((r) => Number(r.duration_ms ?? 0));
  if (values.length === 0) return null;
  const ms = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.round(ms / 100) / 10;
}
