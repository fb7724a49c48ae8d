import { z } from 'zod';
import { AiProvenance, Timestamp, Uuid } from './common.js';
import { SENTIMENTS } from './smart-form-session.js';

/** POST /smart-forms/:id/analytics (and its alias /aggregate-analytics). */
export const AggregateAnalyticsBody = z
  .object({
    sessionIds: z
      .array(Uuid)
      .max(1000)
      .optional()
      .describe('Sessions to analyse; absent or empty: every completed session'),
  })
  .strict()
  .describe('Aggregate analytics request');
export type AggregateAnalyticsBody = z.infer<typeof AggregateAnalyticsBody>;

const aggregateAnalyticsResultSchema = z
  .object({
    smartFormId: Uuid,
    sessionCount: z.number().int().nonnegative().describe('Sessions analysed'),
    statistics: z.object({
      totalSessions: z.number().int().nonnegative(),
      completedSessions: z.number().int().nonnegative(),
      completionRate: z.number().min(0).max(1),
      averageDurationSeconds: z.number().nonnegative().nullable(),
      averageAnswersPerSession: z.number().nonnegative(),
      medianDurationSeconds: z.number().nonnegative().nullable(),
    }),
    granularity: z
      .enum(['day', 'month'])
      .describe(
        'Period of `sessionsOverTime` and `sentiment.trend`: day, or month when the sessions span over 62 days',
      ),
    sessionsOverTime: z
      .array(
        z.object({
          period: z.string().describe('YYYY-MM-DD or YYYY-MM (UTC)'),
          started: z.number().int().nonnegative(),
          completed: z.number().int().nonnegative(),
        }),
      )
      .describe('Sessions started and completed per period, oldest first'),
    themes: z
      .array(z.object({ theme: z.string(), count: z.number().int().positive() }))
      .describe('The most frequent themes of the analysed sessions (at most 20), most frequent first'),
    sentiment: z.object({
      averageScore: z.number().min(-1).max(1).nullable(),
      distribution: z.object(
        Object.fromEntries(SENTIMENTS.map((s) => [s, z.number().int().nonnegative()])) as Record<
          (typeof SENTIMENTS)[number],
          z.ZodNumber
        >,
      ),
      trend: z
        .array(
          z.object({
            period: z.string(),
            averageScore: z.number().min(-1).max(1),
            sessions: z.number().int().positive(),
          }),
        )
        .describe('Average sentiment of the sessions completed in each period, oldest first'),
    }),
    trends: z.array(z.string()),
    keyInsights: z.array(z.string()),
    summary: z.string(),
    creditsUsed: z.number().int().nonnegative(),
    ai: AiProvenance,
    generatedAt: Timestamp,
  })
  .describe('Aggregate analytics');
type AggregateAnalyticsResultObject = typeof aggregateAnalyticsResultSchema;
export interface AggregateAnalyticsResultZod extends AggregateAnalyticsResultObject {}
export const AggregateAnalyticsResult: AggregateAnalyticsResultZod = aggregateAnalyticsResultSchema;
export type AggregateAnalyticsResult = z.infer<typeof AggregateAnalyticsResult>;
