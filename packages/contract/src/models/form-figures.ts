import { z } from 'zod';
import { DropOffFigures } from './analytics.js';
import { DateOrTimestampQuery, Timestamp } from './common.js';
import { FIELD_TYPES } from './field-types.js';

const Count = z.number().int().nonnegative();

/** One field's figures: completion for every type, and what suits its type. */
export const FieldFigures = z
  .object({
    type: z.enum(FIELD_TYPES),
    label: z.string(),
    section: z
      .string()
      .optional()
      .describe(
        "A field of a repeating section: that section's id. Its figures count the section's entries, not responses: `answered` is entries answering it, `completion` over all entries, each count below a count of entries",
      ),
    answered: Count.describe('Responses with a non-empty answer to it (entries, in a repeating section)'),
    completion: z
      .number()
      .min(0)
      .max(1)
      .describe('`answered` / responses (0 when there is none), 4 decimals'),
    options: z
      .record(z.string(), Count)
      .optional()
      .describe(
        'select, radio, checkbox, picture_choice: responses choosing each option value (every option, 0 included)',
      ),
    other: Count.optional().describe(
      'A choice or ranking field with `other`: responses answering "Other" (choices) or ranking it (ranking)',
    ),
    distribution: z
      .object({
        count: Count.describe('Numeric answers'),
        mean: z.number().nullable(),
        median: z.number().nullable(),
        values: z
          .array(z.object({ value: z.number(), count: Count }))
          .describe(
            'Answers per value, ascending: every value of the scale (0 included) for rating, nps and scale; the values answered for slider',
          ),
      })
      .optional()
      .describe('rating, nps, scale, slider: answers per value; mean and median to 4 decimals'),
    nps: z
      .object({
        score: z
          .number()
          .int()
          .min(-100)
          .max(100)
          .nullable()
          .describe('Percent promoters minus percent detractors, rounded; null without answers'),
        promoters: Count.describe('Answers 9 and 10'),
        passives: Count.describe('Answers 7 and 8'),
        detractors: Count.describe('Answers 0 to 6'),
      })
      .optional()
      .describe('nps: the Net Promoter Score and its three groups'),
    matrix: z
      .record(z.string(), z.record(z.string(), Count))
      .optional()
      .describe(
        'matrix: per row id, responses choosing each column value (every row and column, 0 included)',
      ),
    ranking: z
      .record(
        z.string(),
        z.object({
          ranked: Count.describe('Responses that ranked the option'),
          meanRank: z.number().nullable().describe('Its mean position (1 = best) where ranked, 4 decimals'),
        }),
      )
      .optional()
      .describe('ranking: per option value (every option)'),
    numbers: z
      .object({
        count: Count,
        mean: z.number().nullable(),
        median: z.number().nullable(),
        min: z.number().nullable(),
        max: z.number().nullable(),
        histogram: z
          .object({
            wholeNumbers: z.boolean().describe('Every answer is a whole number'),
            bins: z.array(
              z.object({
                from: z.number().describe('Included'),
                to: z.number().describe('Not included'),
                count: Count,
              }),
            ),
          })
          .describe(
            'The answers in equal-width bins from min to max (at most 12, width 1, 2 or 5 times a power of ten; whole numbers: at least 1); no bin when nothing is answered',
          ),
      })
      .optional()
      .describe('number: over the numeric answers; mean and median to 4 decimals'),
    months: z
      .record(z.string(), Count)
      .optional()
      .describe('date: answers per month (`2026-11`), oldest first'),
    countries: z
      .record(z.string(), Count)
      .optional()
      .describe(
        'address (its `country` part), phone (the country of the number): answers per ISO 3166-1 alpha-2 country code, most answered first (then by code); a number of no single country (`+800`) is not counted',
      ),
    hours: z
      .array(z.object({ hour: z.number().int().min(0).max(23), count: Count }))
      .length(24)
      .optional()
      .describe(
        'time, datetime: answers per hour of day, 0 to 23 (all 24, 0 included); a datetime by its local hour as answered (`09:30+01:00` is hour 9), not converted to UTC',
      ),
    text: z
      .object({ count: Count, meanLength: z.number().nullable(), maxLength: z.number().nullable() })
      .optional()
      .describe("text, textarea, email: the answers' length in characters"),
  })
  .describe('Figures of one field');
export type FieldFigures = z.infer<typeof FieldFigures>;

/** A repeating section's figures: how many entries the responses gave it. */
export const SectionFigures = z
  .object({
    title: z.string(),
    answered: Count.describe('Responses with at least one entry'),
    completion: z
      .number()
      .min(0)
      .max(1)
      .describe('`answered` / responses (0 when there is none), 4 decimals'),
    entries: Count.describe('Entries of all responses'),
    mean: z.number().nullable().describe('Entries per response with at least one, 4 decimals; null without'),
    distribution: z
      .array(z.object({ value: z.number().int().positive(), count: Count }))
      .describe('Responses per number of entries (1 and more), ascending; the numbers given only'),
  })
  .describe('Figures of one repeating section');
export type SectionFigures = z.infer<typeof SectionFigures>;

/** GET /v1/forms/:id/figures: what a form's responses say, counted by the database. */
/** A quiz's figures (`settings.quiz`): how the responses scored, and each question's share of right answers. */
export const QuizFigures = z
  .object({
    responses: Count.describe('Responses marked (those stored since the form became a quiz)'),
    meanScore: z.number().nullable().describe('The mean score in percent; null without responses'),
    passed: Count.nullable().describe('Responses that reached `passScore`; null when the quiz has none'),
    scores: z
      .array(z.object({ score: z.number(), count: Count }))
      .describe('Responses per score in percent, ascending: the scores reached'),
    questions: z
      .record(
        z.string(),
        z.object({
          asked: Count.describe('Responses the question was asked in'),
          right: Count.describe('Of those, answered right'),
          share: z.number().nullable().describe('right / asked, rounded to 3 places; null when never asked'),
        }),
      )
      .describe("Per quiz question's field id, in the form's order"),
  })
  .describe('Quiz figures');
export type QuizFigures = z.infer<typeof QuizFigures>;

/** A payment field's takings in one currency, over the responses counted. */
export const RevenueFigure = z
  .object({
    currency: z.string().describe('ISO 4217, upper case'),
    amount: Count.describe(
      "Charged less refunded, in the currency's minor units (a disputed payment counts until Stripe refunds it)",
    ),
    refunded: Count.describe('Refunded of it, in minor units'),
    payments: Count.describe('Paid responses in this currency'),
  })
  .describe('Revenue in one currency');
export type RevenueFigure = z.infer<typeof RevenueFigure>;

export const FormFigures = z
  .object({
    responseCount: Count,
    firstResponseAt: Timestamp.nullable(),
    lastResponseAt: Timestamp.nullable(),
    overTime: z
      .array(z.object({ period: z.string(), count: Count }))
      .describe('Responses per day (`2026-11-23`) or per ISO week (the Monday it starts on), oldest first'),
    fields: z
      .record(z.string(), FieldFigures)
      .describe("Per field id, in the form's order; a repeating section's fields over its entries"),
    sections: z
      .record(z.string(), SectionFigures)
      .optional()
      .describe('Per repeating section id, when the form has one: its entries counted'),
    endings: z
      .record(z.string(), Count)
      .optional()
      .describe(
        'Per ending id of `settings.endings`, when the form has endings: the responses that reached it (the others reached the default completion)',
      ),
    quiz: QuizFigures.optional().describe('For a quiz (`settings.quiz`): its scores and questions'),
    revenue: z
      .array(RevenueFigure)
      .optional()
      .describe(
        'For a form with a payment field: what its paid responses took, one entry per currency (by code)',
      ),
    dropOff: DropOffFigures.describe(
      'The drop-off funnel, by page: the responses (completed) and the unfinished saved partial responses still kept (purged after `settings.resumeDays`)',
    ),
  })
  .describe('Form figures');
export type FormFigures = z.infer<typeof FormFigures>;

export const FormFiguresQuery = z
  .object({
    startDate: DateOrTimestampQuery.optional().describe(
      'Only responses submitted at or after this date (a bare date means its start, UTC)',
    ),
    endDate: DateOrTimestampQuery.optional().describe(
      'Only responses submitted at or before this date (a bare date means its whole day, UTC)',
    ),
    bucket: z.enum(['day', 'week']).default('day').describe('How `overTime` groups the responses'),
  })
  .describe('Figures options');
export type FormFiguresQuery = z.infer<typeof FormFiguresQuery>;
