import type { SmartFormListQuery, SmartFormStats } from '@formloom/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db, SmartFormRow, SmartFormsTable } from '../../db/database.js';
import { selectPage, titleContains } from '../../db/paging.js';

/** Sessions counted by the figures: those of `sessionIds` (any status), or every session of the form. */
export interface SessionsScope {
  smartFormId: string;
  /** Undefined: every session of the smart form (an empty list is passed as undefined). */
  sessionIds: readonly string[] | undefined;
}

type SessionsEb = ExpressionBuilder<Database, 'smart_form_sessions'>;

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

    /**
     * The figures' totals over the sessions of `scope`: how many, how many completed,
     * the first and last start, and over the completed ones the mean duration, answers and
     * sentiment score.
     */
    async sessionTotals(scope: SessionsScope) {
      const { inScope, completed } = scoped(scope);
      const totals = await db
        .selectFrom('smart_form_sessions')
        .where(inScope)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn
            .sum<number | null>(eb.case().when('status', '=', 'completed').then(1).else(0).end())
            .as('completed'),
          eb.fn.min<string | null>('started_at').as('first'),
          eb.fn.max<string | null>('started_at').as('last'),
        ])
        .executeTakeFirstOrThrow();
      const done = await db
        .selectFrom('smart_form_sessions')
        .where(completed)
        .select((eb) => [
          eb.fn.avg<number | null>('duration_ms').as('duration'),
          eb.fn.avg<number | null>('answered_count').as('answers'),
          eb.fn.avg<number | null>('sentiment_score').as('score'),
        ])
        .executeTakeFirstOrThrow();
      return { ...totals, ...done };
    },
    /**
     * Sessions of `scope` (only the completed ones for `completed_at`) per period of `column`, a
     * period being its first `width` characters (timestamps are ISO strings); a null
     * `completed_at` falls in no period.
     */
    sessionsPerPeriod(scope: SessionsScope, column: 'started_at' | 'completed_at', width: number) {
      const { inScope, completed } = scoped(scope);
      return db
        .selectFrom('smart_form_sessions')
        .where(column === 'started_at' ? inScope : completed)
        .where(column, 'is not', null)
        .select((eb) => [
          sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(width)})`.as('period'),
          eb.fn.countAll<number>().as('n'),
        ])
        .groupBy('period')
        .execute();
    },
    /** The completed sessions of `scope` per sentiment label. */
    sentimentLabels(scope: SessionsScope) {
      return db
        .selectFrom('smart_form_sessions')
        .where(scoped(scope).completed)
        .where('sentiment_label', 'is not', null)
        .select((eb) => ['sentiment_label', eb.fn.countAll<number>().as('n')])
        .groupBy('sentiment_label')
        .execute();
    },
    /** The completed sessions' mean sentiment score per period of `completed_at`, oldest first. */
    sentimentTrend(scope: SessionsScope, width: number) {
      return db
        .selectFrom('smart_form_sessions')
        .where(scoped(scope).completed)
        .where('sentiment_score', 'is not', null)
        .where('completed_at', 'is not', null)
        .select((eb) => [
          sql<string>`substr(completed_at, 1, ${sql.lit(width)})`.as('period'),
          eb.fn.avg<number>('sentiment_score').as('score'),
          eb.fn.countAll<number>().as('n'),
        ])
        .groupBy('period')
        .orderBy('period')
        .execute();
    },
    /** The `limit` most frequent themes of the completed sessions of `scope`, then by name. */
    topThemes(scope: SessionsScope, limit: number) {
      // A theme row is written with a session's analysis, so only completed sessions have any: over
      // the whole form, the index on (smart_form_id, theme) counts them without reading a session.
      return scope.sessionIds === undefined
        ? db
            .selectFrom('smart_form_session_themes as t')
            .where('t.smart_form_id', '=', scope.smartFormId)
            .select((eb) => ['t.theme', eb.fn.countAll<number>().as('n')])
            .groupBy('t.theme')
            .orderBy('n', 'desc')
            .orderBy('t.theme')
            .limit(limit)
            .execute()
        : db
            .selectFrom('smart_form_session_themes as t')
            .innerJoin('smart_form_sessions', 'smart_form_sessions.id', 't.session_id')
            .where('t.smart_form_id', '=', scope.smartFormId)
            .where(scoped(scope).completed)
            .select((eb) => ['t.theme', eb.fn.countAll<number>().as('n')])
            .groupBy('t.theme')
            .orderBy('n', 'desc')
            .orderBy('t.theme')
            .limit(limit)
            .execute();
    },
    /** The median duration of the `completed` completed sessions of `scope`, in seconds. */
    medianDurationSeconds(scope: SessionsScope, completed: number): Promise<number | null> {
      return medianDurationSeconds(db, scope.smartFormId, completed, scope.sessionIds);
    },
  };
}

export type SmartFormsStore = ReturnType<typeof createSmartFormsStore>;

/** The sessions of `scope`, and those of them completed. */
function scoped(scope: SessionsScope) {
  const inScope = (eb: SessionsEb) =>
    eb.and([
      eb('smart_form_sessions.smart_form_id', '=', scope.smartFormId),
      ...(scope.sessionIds === undefined ? [] : [eb('smart_form_sessions.id', 'in', scope.sessionIds)]),
    ]);
  const completed = (eb: SessionsEb) => eb.and([inScope(eb), eb('status', '=', 'completed')]);
  return { inScope, completed };
}

function roundScore(score: number): number {
  return Math.max(-1, Math.min(1, Math.round(score * 1000) / 1000));
}

/**
 * The median of the completed sessions' durations (of those among `sessionIds`, when given and not
 * empty): the middle one or two, read in order. SQLite has no percentile function, so both
 * databases do it this way.
 */
async function medianDurationSeconds(
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
