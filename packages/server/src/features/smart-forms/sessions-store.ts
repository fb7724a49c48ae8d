import type {
  SessionAnalysis,
  SessionListQuery,
  SessionStatus,
  SmartFormSession,
  SmartFormSessionDetail,
  TranscriptEntry,
} from '@formloom/contract';
import type {
  Db,
  SmartFormQuestionRow,
  SmartFormSessionRow,
  SmartFormSessionsTable,
} from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { selectPage } from '../../db/paging.js';

/** Ends active sessions (of one smart form, or idle since before `idleBefore`); returns how many. */
export async function abandonActiveSessions(
  db: Db,
  which: { smartFormId: string } | { idleBefore: string },
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable('smart_form_sessions')
    .set({ status: 'abandoned', last_activity_at: nowIso })
    .where('status', '=', 'active')
    .$if('smartFormId' in which, (q) =>
      q.where('smart_form_id', '=', (which as { smartFormId: string }).smartFormId),
    )
    .$if('idleBefore' in which, (q) =>
      q.where('last_activity_at', '<', (which as { idleBefore: string }).idleBefore),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The language the API shows: unknown while it is only a guess that the first answer will settle. */
export function shownLanguage(
  row: Pick<SmartFormSessionRow, 'language' | 'language_detected' | 'answered_count'>,
): string | null {
  return row.language_detected === 1 && row.answered_count === 0 ? null : row.language;
}

export function toSession(row: SmartFormSessionRow): SmartFormSession {
  return {
    id: row.id,
    smartFormId: row.smart_form_id,
    status: row.status as SessionStatus,
    language: shownLanguage(row),
    respondentEmail: row.respondent_email,
    questionCount: row.question_count,
    answeredCount: row.answered_count,
    startedAt: row.started_at,
    lastActivityAt: row.last_activity_at,
    completedAt: row.completed_at,
  };
}

export function toTranscriptEntry(q: SmartFormQuestionRow): TranscriptEntry {
  return {
    questionId: q.id,
    index: q.idx,
    question: q.text,
    answer: q.answer,
    askedAt: q.asked_at,
    answeredAt: q.answered_at,
  };
}

/** Sessions, their questions and analyses. */
export function createSessionsStore(db: Db) {
  return {
    async insert(row: SmartFormSessionsTable): Promise<void> {
      await db.insertInto('smart_form_sessions').values(row).execute();
    },

    find(id: string): Promise<SmartFormSessionRow | undefined> {
      return db.selectFrom('smart_form_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOf(smartFormId: string, id: string): Promise<SmartFormSessionRow | undefined> {
      return db
        .selectFrom('smart_form_sessions')
        .selectAll()
        .where('smart_form_id', '=', smartFormId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    questions(sessionId: string): Promise<SmartFormQuestionRow[]> {
      return db
        .selectFrom('smart_form_questions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('idx')
        .execute();
    },

    /** Stores a question unless one with its index exists (a racing request's): the stored one wins. */
    async addQuestion(q: SmartFormQuestionRow): Promise<SmartFormQuestionRow> {
      await db
        .insertInto('smart_form_questions')
        .values(q)
        .onConflict((oc) => oc.doNothing())
        .execute();
      const stored = await db
        .selectFrom('smart_form_questions')
        .selectAll()
        .where('session_id', '=', q.session_id)
        .where('idx', '=', q.idx)
        .executeTakeFirstOrThrow();
      if (stored.id === q.id) {
        await db
          .updateTable('smart_form_sessions')
          .set({ question_count: q.idx, last_activity_at: q.asked_at })
          .where('id', '=', q.session_id)
          .where('question_count', '<', q.idx)
          .execute();
      }
      return stored;
    },

    async list(
      smartFormId: string,
      query: SessionListQuery,
    ): Promise<{ rows: SmartFormSessionRow[]; total: number }> {
      const base = db
        .selectFrom('smart_form_sessions')
        .where('smart_form_id', '=', smartFormId)
        .$if(query.status !== 'all', (q) => q.where('status', '=', query.status));
      return selectPage(
        base,
        (q) => q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc'),
        query,
      );
    },

    async detail(row: SmartFormSessionRow): Promise<SmartFormSessionDetail> {
      const questions = await this.questions(row.id);
      return {
        ...toSession(row),
        transcript: questions.map(toTranscriptEntry),
        analysis: row.analysis === null ? null : fromJson<SessionAnalysis>(row.analysis),
      };
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
