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
    }),
    sentiment: z.object({
      averageScore: z.number().min(-1).max(1).nullable(),
      distribution: z.object(
        Object.fromEntries(SENTIMENTS.map((s) => [s, z.number().int().nonnegative()])) as Record<
          (typeof SENTIMENTS)[number],
          z.ZodNumber
        >,
      ),
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
