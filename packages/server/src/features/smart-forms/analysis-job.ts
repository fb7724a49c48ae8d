import type { SessionAnalysis } from '@formloom/contract';
import { z } from 'zod';
import { generateChecked } from '../../ai/checked.js';
import { type AiJobHandler, JobFailure } from '../../ai/jobs/worker.js';
import { AiError } from '../../ai/provider.js';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import { recordEvents } from '../../outbox/record.js';
import { type AnalysisDraft, analysisProblems, analysisTask } from './analysis-task.js';
import { createSessionsStore } from './sessions-store.js';

export const SESSION_ANALYSIS_JOB = 'smart-form-session-analysis';

const JobInput = z.object({ sessionId: z.string() });

/** SMART_FORM_SESSION_COMPLETED for a session, written with the transaction that stores its analysis. */
async function recordCompleted(trx: Db, sessionId: string, nowIso: string, outbox?: Wake): Promise<void> {
  const row = await createSessionsStore(trx).completedEventOf(sessionId);
  if (row === undefined || row.completed_at === null) return;
  const queued = await recordEvents(trx, [
    {
      accountId: row.account_id,
      type: 'SMART_FORM_SESSION_COMPLETED',
      createdAt: nowIso,
      data: {
        smartFormId: row.smart_form_id,
        smartFormTitle: row.title,
        sessionId,
        completedAt: row.completed_at,
      },
    },
  ]);
  if (queued > 0) outbox?.notify();
}

/**
 * The analysis of a completed session: summary, sentiment, themes and (with a `referenceJson`)
 * the answers mapped onto that structure, validated against it. Stored once, with its themes and
 * SMART_FORM_SESSION_COMPLETED, in the transaction that marks the job DONE. A job that FAILS still
 * emits the event (the session did complete); its analysis stays null.
 */
export function sessionAnalysisJob(db: Db, clock: () => Date, outbox?: Wake): AiJobHandler {
  return {
    kind: SESSION_ANALYSIS_JOB,
    async run(job, context) {
      const { sessionId } = JobInput.parse(job.input);
      const sessions = createSessionsStore(db);
      const session = await sessions.toAnalyse(sessionId);
      if (session === undefined) throw new JobFailure('The session was deleted before it was analysed');
      if (session.analysis !== null) return { commit: async () => ({ sessionId, alreadyAnalysed: true }) };
      const questions = await sessions.answered(sessionId);
      const reference =
        session.reference_json === null ? null : (JSON.parse(session.reference_json) as unknown);
      const input = {
        purpose: session.purpose,
        title: session.title,
        language: session.language ?? 'en',
        transcript: questions.map((q) => ({ question: q.text, answer: q.answer ?? '' })),
        reference,
      };
      let draft: AnalysisDraft;
      try {
        ({ value: draft } = await generateChecked(context.provider, analysisTask, input, {
          repairs: 2,
          signal: context.signal,
          check: (d) => analysisProblems(d, reference),
          onUsage: (usage) => context.recordUsage(analysisTask.name, usage),
        }));
      } catch (error) {
        if (error instanceof AiError && error.kind === 'invalid_output') throw new JobFailure(error.message);
        throw error;
      }
      const nowIso = isoNow(clock());
      const analysis: SessionAnalysis = {
        summary: draft.summary.trim(),
        sentiment: { label: draft.sentimentLabel, score: draft.sentimentScore },
        keyThemes: [...new Set(draft.keyThemes.map((t) => t.trim().toLowerCase()))],
        mappedAnswers:
          reference === null || draft.mappedAnswersJson === null
            ? null
            : (JSON.parse(draft.mappedAnswersJson) as Record<string, unknown>),
        ai: context.provider.provenance,
        createdAt: nowIso,
      };
      return {
        async commit(trx) {
          const stored = await createSessionsStore(trx).storeAnalysis(
            sessionId,
            session.smart_form_id,
            analysis,
            nowIso,
          );
          if (!stored) return { sessionId, alreadyAnalysed: true };
          await recordCompleted(trx, sessionId, nowIso, outbox);
          return { sessionId };
        },
      };
    },
    async onFailed(trx, job) {
      const parsed = JobInput.safeParse(JSON.parse(job.input));
      if (parsed.success) await recordCompleted(trx, parsed.data.sessionId, isoNow(clock()), outbox);
    },
  };
}
