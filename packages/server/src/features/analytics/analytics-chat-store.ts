import type { AnalyticsChatSessionsTable, Db } from '../../db/database.js';

/** Analytics chat sessions, and the recent answers a chat samples. */
export function createAnalyticsChatStore(db: Db) {
  return {
    findSession(accountId: string, formId: string, sessionId: string) {
      return db
        .selectFrom('analytics_chat_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .where('account_id', '=', accountId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },
    /** The form's `limit` newest responses' answers (JSON text) and times. */
    recentAnswers(accountId: string, formId: string, limit: number) {
      return db
        .selectFrom('responses')
        .select(['answers', 'submitted_at'])
        .where('form_id', '=', formId)
        .where('account_id', '=', accountId)
        .orderBy('submitted_at', 'desc')
        .limit(limit)
        .execute();
    },
    async insertSession(row: AnalyticsChatSessionsTable): Promise<void> {
      await db.insertInto('analytics_chat_sessions').values(row).execute();
    },
    /** The session's messages after one more exchange. */
    async keepExchange(sessionId: string, messages: string, nowIso: string): Promise<void> {
      await db
        .updateTable('analytics_chat_sessions')
        .set((eb) => ({ messages, question_count: eb('question_count', '+', 1), last_active_at: nowIso }))
        .where('id', '=', sessionId)
        .execute();
    },
  };
}
