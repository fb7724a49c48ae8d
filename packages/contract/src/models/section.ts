import { z } from 'zod';
import { ConditionalLogic, ConditionGroup } from './conditional-logic.js';
import { Id } from './field.js';
import { SCHEMA_LIMITS } from './limits.js';

/** The most entries a repeating section may allow. */
export const MAX_REPEAT_ENTRIES = SCHEMA_LIMITS.maxRepeatEntries;

/** The most jumps leaving one section (the first whose conditions match wins). */
export const MAX_JUMPS_PER_SECTION = 20;

/**
 * A repeating section ("add another guest"): the respondent fills its fields 0..max times (at
 * least `min`); the answers are `answers[sectionId] = [{<fieldId>: value, ...}, ...]`
 * (docs/form-model.md "Repeating sections").
 */
export const SectionRepeat = z
  .object({
    min: z.number().int().min(0).optional().describe('Fewest entries a response must have (default 0)'),
    max: z
      .number()
      .int()
      .min(1)
      .max(MAX_REPEAT_ENTRIES)
      .optional()
      .describe(`Most entries a response may have (default and at most ${MAX_REPEAT_ENTRIES})`),
    addLabel: z
      .string()
      .min(1)
      .max(SCHEMA_LIMITS.maxLabelLength)
      .optional()
      .describe('The text of the button that adds an entry; translation key `sections.<id>.repeat.addLabel`'),
  })
  .strict()
  .describe('Repeating section');
export type SectionRepeat = z.infer<typeof SectionRepeat>;

/** Where a jump goes: a later section, or straight to one of `settings.endings`. */
export const JumpTarget = z.union([z.object({ section: Id }).strict(), z.object({ ending: Id }).strict()]);
export type JumpTarget = z.infer<typeof JumpTarget>;

/**
 * A jump out of a section of a paged form (docs/form-model.md "Jumps and endings"): when the page
 * is left by Next and one of `conditionGroups` matches (the same groups show/hide takes), the
 * respondent goes to `to` instead of the next visible section. The first jump that matches wins.
 */
export const SectionJump = z
  .object({
    conditionGroups: z.array(ConditionGroup).min(1).max(SCHEMA_LIMITS.maxConditionGroups),
    to: JumpTarget,
  })
  .strict()
  .describe('Jump');
export type SectionJump = z.infer<typeof SectionJump>;

const sectionSchema = z
  .object({
    id: Id,
    title: z.string().max(1000),
    description: z.string().max(2000).optional(),
    order: z.number().int(),
    conditionalLogic: ConditionalLogic.optional(),
    repeat: SectionRepeat.optional(),
    jumps: z.array(SectionJump).max(MAX_JUMPS_PER_SECTION).optional(),
  })
  .strict();
type SectionObject = typeof sectionSchema;
export interface SectionZod extends SectionObject {}
export const Section: SectionZod = sectionSchema;
export type Section = z.infer<typeof Section>;
