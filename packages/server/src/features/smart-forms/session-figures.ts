import { SENTIMENTS, type Sentiment } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { createSmartFormsStore } from './smart-forms-store.js';

/** Which sessions the figures count: those ids (any status), or every session of the form. */
export interface FigureScope {
  smartFormId: string;
  /** Absent or empty: all sessions of the smart form. */
  sessionIds?: readonly string[] | undefined;
}

/** Themes reported at most. */
export const TOP_THEMES = 20;
/** Sessions spanning more days than this are counted per month rather than per day. */
const DAILY_SPAN_DAYS = 62;

export interface SessionFigures {
  totalSessions: number;
  completedSessions: number;
  completionRate: number;
  averageDurationSeconds: number | null;
  medianDurationSeconds: number | null;
  averageAnswersPerSession: number;
  granularity: 'day' | 'month';
  sessionsOverTime: { period: string; started: number; completed: number }[];
  sentiment: {
    averageScore: number | null;
    distribution: Record<Sentiment, number>;
    trend: { period: string; averageScore: number; sessions: number }[];
  };
  themes: { theme: string; count: number }[];
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * What the database counts over a smart form's sessions (docs/ai.md "Smart-form chat and aggregate
 * analytics"): sessions over time, completion rate, durations (mean and median), sentiment distribution and
 * trend, theme frequencies. Every figure is an aggregate query of the smart forms store, the same SQL on
 * SQLite and PostgreSQL (timestamps are ISO strings, so a period is a prefix of one); the model never counts.
 */
export async function sessionFigures(db: Db, scope: FigureScope): Promise<SessionFigures> {
  const store = createSmartFormsStore(db);
  const sessions = {
    smartFormId: scope.smartFormId,
    sessionIds: scope.sessionIds !== undefined && scope.sessionIds.length > 0 ? scope.sessionIds : undefined,
  };
  const totals = await store.sessionTotals(sessions);

  const total = Number(totals.total);
  const completedCount = Number(totals.completed ?? 0);
  const spanDays =
    totals.first === null || totals.last === null
      ? 0
      : (Date.parse(totals.last) - Date.parse(totals.first)) / 86_400_000;
  const granularity = spanDays > DAILY_SPAN_DAYS ? 'month' : 'day';
  const width = granularity === 'day' ? 10 : 7;

  const [median, started, finished, labels, trend, themes] = await Promise.all([
    store.medianDurationSeconds(sessions, completedCount),
    store.sessionsPerPeriod(sessions, 'started_at', width),
    store.sessionsPerPeriod(sessions, 'completed_at', width),
    store.sentimentLabels(sessions),
    store.sentimentTrend(sessions, width),
    store.topThemes(sessions, TOP_THEMES),
  ]);

  const periods = new Map<string, { period: string; started: number; completed: number }>();
  const bucket = (period: string) => {
    const entry = periods.get(period) ?? { period, started: 0, completed: 0 };
    periods.set(period, entry);
    return entry;
  };
  for (const row of started) bucket(row.period).started = Number(row.n);
  for (const row of finished) bucket(row.period).completed = Number(row.n);
  const distribution = Object.fromEntries(SENTIMENTS.map((s) => [s, 0])) as Record<Sentiment, number>;
  for (const row of labels) {
    if ((SENTIMENTS as readonly string[]).includes(row.sentiment_label ?? '')) {
      distribution[row.sentiment_label as Sentiment] = Number(row.n);
    }
  }
  return {
    totalSessions: total,
    completedSessions: completedCount,
    completionRate: total === 0 ? 0 : round(completedCount / total, 4),
    averageDurationSeconds: totals.duration === null ? null : round(Number(totals.duration) / 1000, 1),
    medianDurationSeconds: median,
    averageAnswersPerSession: totals.answers === null ? 0 : round(Number(totals.answers), 2),
    granularity,
    sessionsOverTime: [...periods.values()].sort((a, b) => a.period.localeCompare(b.period)),
    sentiment: {
      averageScore: totals.score === null ? null : round(Number(totals.score)),
      distribution,
      trend: trend.map((row) => ({
        period: row.period,
        averageScore: round(Number(row.score)),
        sessions: Number(row.n),
      })),
    },
    themes: themes.map((row) => ({ theme: row.theme, count: Number(row.n) })),
  };
}
