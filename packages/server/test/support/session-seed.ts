import { randomUUID } from 'node:crypto';
import type { SessionAnalysis } from '@formloom/contract';
import type {
  Db,
  SmartFormQuestionsTable,
  SmartFormSessionsTable,
  SmartFormSessionThemesTable,
} from '../../src/db/database.js';

const THEMES = [
  'pricing',
  'support',
  'onboarding',
  'performance',
  'missing features',
  'billing',
  'mobile app',
  'integrations',
  'documentation',
  'reliability',
  'ease of use',
  'competition',
];
const SENTIMENTS = [
  { label: 'positive', score: 0.7 },
  { label: 'negative', score: -0.6 },
  { label: 'neutral', score: 0 },
  { label: 'mixed', score: 0.1 },
  { label: 'negative', score: -0.3 },
] as const;
const QUESTIONS = [
  'What made you sign up in the first place?',
  'How did the first week go?',
  'What did you miss most?',
  'Why did you decide to cancel?',
  'What would have made you stay?',
  'How did our support handle your questions?',
  'Which tool did you switch to?',
  'Anything else you would like us to know?',
];
const OPENERS = ['Honestly,', 'Well,', 'I think', 'Mostly', 'To be fair,', 'In short,'];

export interface SeedSession {
  index: number;
  status: 'active' | 'completed' | 'abandoned';
  startedAt: string;
}

export interface SeedOptions {
  smartFormId: string;
  accountId: string;
  count: number;
  /** Questions per session (default 5). */
  questions?: number;
  /** First session's start (default 2026-01-01T09:00:00Z); each next one `stepMs` later (default 1 min). */
  start?: string;
  stepMs?: number;
  /** Default: every 7th abandoned, every 11th active, the rest completed. */
  status?: (index: number) => SeedSession['status'];
  /** Default: a sentence made of the session's themes and numbers, distinct for each session. */
  answer?: (index: number, question: number) => string;
  /** Rows per insert statement (default 200). */
  batch?: number;
}

const defaultStatus = (i: number): SeedSession['status'] =>
  i % 7 === 6 ? 'abandoned' : i % 11 === 10 ? 'active' : 'completed';

/** The themes, sentiment and duration of session `i`, as the seeder writes them. */
export function seedShape(i: number) {
  const themes = [THEMES[i % THEMES.length]!, THEMES[(i * 5 + 3) % THEMES.length]!].filter(
    (t, k, all) => all.indexOf(t) === k,
  );
  return {
    themes,
    sentiment: SENTIMENTS[i % SENTIMENTS.length]!,
    durationMs: 60_000 + ((i * 7_919) % 900_000),
  };
}

/**
 * Sessions written straight into the database, fast (multi-row inserts in one transaction per
 * batch), each with distinct, realistic questions, answers, analysis and themes: for tests that
 * need many completed sessions and for the benchmarks. Returns the ids, oldest first.
 */
export async function seedSessions(db: Db, options: SeedOptions): Promise<string[]> {
  const questions = options.questions ?? 5;
  const start = Date.parse(options.start ?? '2026-01-01T09:00:00.000Z');
  const step = options.stepMs ?? 60_000;
  const statusOf = options.status ?? defaultStatus;
  const batch = options.batch ?? 200;
  const ids: string[] = [];
  for (let from = 0; from < options.count; from += batch) {
    const sessions: SmartFormSessionsTable[] = [];
    const rows: SmartFormQuestionsTable[] = [];
    const themeRows: SmartFormSessionThemesTable[] = [];
    for (let i = from; i < Math.min(options.count, from + batch); i++) {
      const id = randomUUID();
      ids.push(id);
      const status = statusOf(i);
      const { themes, sentiment, durationMs } = seedShape(i);
      const startedMs = start + i * step;
      const asked = status === 'active' ? Math.min(2, questions) : questions;
      for (let q = 1; q <= asked; q++) {
        const answer =
          options.answer?.(i, q) ??
          `${OPENERS[(i + q) % OPENERS.length]} ${themes[q % themes.length]} was the issue for me (customer ${i}, point ${q}); it cost us about ${(i * 13 + q * 7) % 500} euros a month.`;
        rows.push({
          session_id: id,
          idx: q,
          id: `q${q}`,
          text: QUESTIONS[(i + q) % QUESTIONS.length]!,
          language: 'en',
          fallback: 0,
          answer: status === 'active' && q === asked ? null : answer,
          asked_at: new Date(startedMs + q * 20_000).toISOString(),
          answered_at:
            status === 'active' && q === asked
              ? null
              : new Date(startedMs + q * 20_000 + 15_000).toISOString(),
        } as SmartFormQuestionsTable);
      }
      const completedAt = status === 'completed' ? new Date(startedMs + durationMs).toISOString() : null;
      const analysis: SessionAnalysis | null =
        status === 'completed'
          ? {
              summary: `Customer ${i} talked mostly about ${themes.join(' and ')}.`,
              sentiment,
              keyThemes: themes,
              mappedAnswers:
                i % 3 === 0 ? { plan: ['basic', 'pro', 'team'][i % 3], seats: (i % 40) + 1 } : null,
              ai: { provider: 'offline', model: 'formloom-offline-1', offline: true },
              createdAt: completedAt!,
            }
          : null;
      sessions.push({
        id,
        smart_form_id: options.smartFormId,
        account_id: options.accountId,
        status,
        language: 'en',
        language_detected: 0,
        respondent_email: null,
        token_hash: id.replace(/-/g, ''),
        question_count: asked,
        answered_count: status === 'active' ? asked - 1 : asked,
        interview_done: status === 'active' ? 0 : 1,
        started_at: new Date(startedMs).toISOString(),
        last_activity_at: new Date(startedMs + durationMs).toISOString(),
        completed_at: completedAt,
        duration_ms: status === 'completed' ? durationMs : null,
        analysis: analysis === null ? null : JSON.stringify(analysis),
        analysed_at: completedAt,
        sentiment_label: analysis?.sentiment.label ?? null,
        sentiment_score: analysis?.sentiment.score ?? null,
      } as SmartFormSessionsTable);
      if (analysis !== null) {
        for (const theme of themes)
          themeRows.push({ session_id: id, smart_form_id: options.smartFormId, theme });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('smart_form_sessions').values(sessions).execute();
      // PostgreSQL takes at most 65,535 parameters a statement: questions go in slices.
      for (let k = 0; k < rows.length; k += 500) {
        await trx
          .insertInto('smart_form_questions')
          .values(rows.slice(k, k + 500))
          .execute();
      }
      if (themeRows.length > 0) await trx.insertInto('smart_form_session_themes').values(themeRows).execute();
    });
  }
  return ids;
}
