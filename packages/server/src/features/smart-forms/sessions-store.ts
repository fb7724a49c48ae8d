import { randomUUID } from 'node:crypto';
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
import { fromJson, toJson } from '../../db/json.js';
import { selectPage } from '../../db/paging.js';
import { type ContextSession, sessionRef } from './session-context.js';

/**
 * A session as starting one stores it: active, nothing asked or answered yet. `detected`: the
 * language was detected, not chosen (the first answer may still change it).
 */
export function newSessionRow(p: {
  form: { id: string; account_id: string };
  language: string;
  detected: boolean;
  tokenHash: string;
  nowIso: string;
}): SmartFormSessionsTable {
  return {
    id: randomUUID(),
    smart_form_id: p.form.id,
    account_id: p.form.account_id,
    status: 'active',
    language: p.language,
    language_detected: p.detected ? 1 : 0,
    respondent_email: null,
    token_hash: p.tokenHash,
    question_count: 0,
    answered_count: 0,
    interview_done: 0,
    started_at: p.nowIso,
    last_activity_at: p.nowIso,
    completed_at: null,
    duration_ms: null,
    analysis: null,
    analysed_at: null,
    sentiment_label: null,
    sentiment_score: null,
  };
}

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

    /** The interviewer has nothing more to ask: the next step is the end. */
    async markInterviewDone(id: string): Promise<void> {
      await db.updateTable('smart_form_sessions').set({ interview_done: 1 }).where('id', '=', id).execute();
    },

    question(sessionId: string, questionId: string): Promise<SmartFormQuestionRow | undefined> {
      return db
        .selectFrom('smart_form_questions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', questionId)
        .executeTakeFirst();
    },

    /** Stores the answer to a question not answered yet; false when it was (a racing request's). */
    async answer(sessionId: string, idx: number, answer: string, nowIso: string): Promise<boolean> {
      const updated = await db
        .updateTable('smart_form_questions')
        .set({ answer, answered_at: nowIso })
        .where('session_id', '=', sessionId)
        .where('idx', '=', idx)
        .where('answer', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** One more answer to an active session; `language` settles a detected one. */
    async countAnswer(id: string, nowIso: string, language?: string): Promise<void> {
      await db
        .updateTable('smart_form_sessions')
        .set((eb) => ({
          answered_count: eb('answered_count', '+', 1),
          last_activity_at: nowIso,
          ...(language !== undefined ? { language } : {}),
        }))
        .where('id', '=', id)
        .where('status', '=', 'active')
        .execute();
    },

    /** Completes an active session; false when it was not active any more. */
    async complete(id: string, nowIso: string, durationMs: number): Promise<boolean> {
      const done = await db
        .updateTable('smart_form_sessions')
        .set({ status: 'completed', completed_at: nowIso, last_activity_at: nowIso, duration_ms: durationMs })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },

    /** What SMART_FORM_SESSION_COMPLETED says of a session. */
    completedEventOf(id: string) {
      return db
        .selectFrom('smart_form_sessions as s')
        .innerJoin('smart_forms as f', 'f.id', 's.smart_form_id')
        .select(['s.account_id', 's.smart_form_id', 'f.title', 's.completed_at'])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    /** What the analysis of a session starts from: the session and its smart form's purpose. */
    toAnalyse(id: string) {
      return db
        .selectFrom('smart_form_sessions as s')
        .innerJoin('smart_forms as f', 'f.id', 's.smart_form_id')
        .select([
          's.id',
          's.analysis',
          's.language',
          's.smart_form_id',
          'f.purpose',
          'f.title',
          'f.reference_json',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    /** The answered questions of a session, in order. */
    answered(sessionId: string) {
      return db
        .selectFrom('smart_form_questions')
        .select(['text', 'answer'])
        .where('session_id', '=', sessionId)
        .where('answer', 'is not', null)
        .orderBy('idx')
        .execute();
    },

    /** Stores a session's analysis and its themes, unless it has one already (then false). */
    async storeAnalysis(
      sessionId: string,
      smartFormId: string,
      analysis: SessionAnalysis,
      nowIso: string,
    ): Promise<boolean> {
      const stored = await db
        .updateTable('smart_form_sessions')
        .set({
          analysis: toJson(analysis),
          analysed_at: nowIso,
          sentiment_label: analysis.sentiment.label,
          sentiment_score: analysis.sentiment.score,
        })
        .where('id', '=', sessionId)
        .where('analysis', 'is', null)
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) === 0) return false;
      if (analysis.keyThemes.length > 0) {
        await db
          .insertInto('smart_form_session_themes')
          .values(
            analysis.keyThemes.map((theme) => ({ session_id: sessionId, smart_form_id: smartFormId, theme })),
          )
          .execute();
      }
      return true;
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

/** The questions asked in each of `sessionIds` (one query), in the order they were asked. */
export async function questionsBySession(
  db: Db,
  sessionIds: string[],
): Promise<Map<string, { text: string; answer: string | null }[]>> {
  const questions = await db
    .selectFrom('smart_form_questions')
    .select(['session_id', 'text', 'answer'])
    .where('session_id', 'in', sessionIds)
    .orderBy('session_id')
    .orderBy('idx')
    .execute();
  const bySession = new Map<string, { text: string; answer: string | null }[]>();
  for (const { session_id, text, answer } of questions) {
    const list = bySession.get(session_id);
    if (list === undefined) bySession.set(session_id, [{ text, answer }]);
    else list.push({ text, answer });
  }
  return bySession;
}

/**
 * The `limit` most recently completed sessions of a smart form (among `sessionIds` when given and
 * not empty), newest first, with their transcripts.
 */
export async function recentCompletedSessions(
  db: Db,
  smartFormId: string,
  limit: number,
  sessionIds?: readonly string[],
): Promise<ContextSession[]> {
  const rows = await db
    .selectFrom('smart_form_sessions')
    .select(['id', 'completed_at', 'language', 'analysis'])
    .where('smart_form_id', '=', smartFormId)
    .where('status', '=', 'completed')
    .$if(sessionIds !== undefined && sessionIds.length > 0, (q) => q.where('id', 'in', sessionIds!))
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const bySession = await questionsBySession(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    ref: sessionRef(row.id),
    completedAt: row.completed_at ?? '',
    language: row.language,
    analysis: row.analysis === null ? null : fromJson<SessionAnalysis>(row.analysis),
    transcript: (bySession.get(row.id) ?? []).map((q) => ({ question: q.text, answer: q.answer })),
  }));
}
