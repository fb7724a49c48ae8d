import { SENTIMENTS, type Sentiment } from '@formloom/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { medianDurationSeconds } from './smart-forms-store.js';

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

type SessionsEb = ExpressionBuilder<Database, 'smart_form_sessions'>;

/**
 * What the database counts over a smart form's sessions (spec 4.4.2): sessions over time,
 * completion rate, durations (mean and median), sentiment distribution and trend, theme
 * frequencies. Every figure is an aggregate query, the same SQL on SQLite and PostgreSQL
 * (timestamps are ISO strings, so a period is a prefix of one); the model never counts.
 */
export async function sessionFigures(db: Db, scope: FigureScope): Promise<SessionFigures> {
  const ids = scope.sessionIds !== undefined && scope.sessionIds.length > 0 ? scope.sessionIds : undefined;
  const inScope = (eb: SessionsEb) =>
    eb.and([
      eb('smart_form_sessions.smart_form_id', '=', scope.smartFormId),
      ...(ids === undefined ? [] : [eb('smart_form_sessions.id', 'in', ids)]),
    ]);
  const completed = (eb: SessionsEb) => eb.and([inScope(eb), eb('status', '=', 'completed')]);

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

  const total = Number(totals.total);
  const completedCount = Number(totals.completed ?? 0);
  const spanDays =
    totals.first === null || totals.last === null
      ? 0
      : (Date.parse(totals.last) - Date.parse(totals.first)) / 86_400_000;
  const granularity = spanDays > DAILY_SPAN_DAYS ? 'month' : 'day';
  const width = granularity === 'day' ? 10 : 7;

  /** Sessions per period of `column` (a null `completed_at` falls in no period). */
  const perPeriod = (
    column: 'started_at' | 'completed_at',
    where: (eb: SessionsEb) => ReturnType<SessionsEb['and']>,
  ) =>
    db
      .selectFrom('smart_form_sessions')
      .where(where)
      .where(column, 'is not', null)
      .select((eb) => [
        sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(width)})`.as('period'),
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy('period')
      .execute();

  const [median, started, finished, labels, trend, themes] = await Promise.all([
    medianDurationSeconds(db, scope.smartFormId, completedCount, ids),
    perPeriod('started_at', inScope),
    perPeriod('completed_at', completed),
    db
      .selectFrom('smart_form_sessions')
      .where(completed)
      .where('sentiment_label', 'is not', null)
      .select((eb) => ['sentiment_label', eb.fn.countAll<number>().as('n')])
      .groupBy('sentiment_label')
      .execute(),
    db
      .selectFrom('smart_form_sessions')
      .where(completed)
      .where('sentiment_score', 'is not', null)
      .where('completed_at', 'is not', null)
      .select((eb) => [
        sql<string>`substr(completed_at, 1, ${sql.lit(width)})`.as('period'),
        eb.fn.avg<number>('sentiment_score').as('score'),
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy('period')
      .orderBy('period')
      .execute(),
    // A theme row is written with a session's analysis, so only completed sessions have any: over
    // the whole form, the index on (smart_form_id, theme) counts them without reading a session.
    ids === undefined
      ? db
          .selectFrom('smart_form_session_themes as t')
          .where('t.smart_form_id', '=', scope.smartFormId)
          .select((eb) => ['t.theme', eb.fn.countAll<number>().as('n')])
          .groupBy('t.theme')
          .orderBy('n', 'desc')
          .orderBy('t.theme')
          .limit(TOP_THEMES)
          .execute()
      : db
          .selectFrom('smart_form_session_themes as t')
          .innerJoin('smart_form_sessions', 'smart_form_sessions.id', 't.session_id')
          .where('t.smart_form_id', '=', scope.smartFormId)
          .where(completed)
          .select((eb) => ['t.theme', eb.fn.countAll<number>().as('n')])
          .groupBy('t.theme')
          .orderBy('n', 'desc')
          .orderBy('t.theme')
          .limit(TOP_THEMES)
          .execute(),
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
    averageDurationSeconds: done.duration === null ? null : round(Number(done.duration) / 1000, 1),
    medianDurationSeconds: median,
    averageAnswersPerSession: done.answers === null ? 0 : round(Number(done.answers), 2),
    granularity,
    sessionsOverTime: [...periods.values()].sort((a, b) => a.period.localeCompare(b.period)),
    sentiment: {
      averageScore: done.score === null ? null : round(Number(done.score)),
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
