import { z } from 'zod';
import { CONDITION_ENTRIES, CONDITION_PARTS } from './conditional-logic.js';
import { SCHEMA_LIMITS } from './limits.js';

export const VALIDATION_RULE_TYPES = ['required', 'minLength', 'maxLength', 'min', 'max', 'pattern'] as const;
export type ValidationRuleType = (typeof VALIDATION_RULE_TYPES)[number];

const WhenValue = z.union([z.string(), z.number(), z.boolean()]);

/** `{field, equals}` or `{field, notEquals}`: the rule applies only while the condition holds. */
const whenTarget = {
  field: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength),
  /** A matrix question's row, as in a condition. */
  row: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength).optional(),
  /** A ranking question's place, as in a condition. */
  rank: z.number().int().min(1).max(SCHEMA_LIMITS.maxOptionsPerField).optional(),
  /** An address question's part, as in a condition. */
  part: z.enum(CONDITION_PARTS).optional(),
  /**
   * A field of a repeating section named from outside it, as in a condition: the rule applies
   * while the comparison holds in any entry (the default) or in all of them; either needs one.
   */
  entry: z.enum(CONDITION_ENTRIES).optional(),
};
export const RuleWhen = z.union([
  z.object({ ...whenTarget, equals: WhenValue }).strict(),
  z.object({ ...whenTarget, notEquals: WhenValue }).strict(),
]);
export type RuleWhen = z.infer<typeof RuleWhen>;

const message = z.string().min(1).max(500).optional();
const when = RuleWhen.optional();
const length = z.number().int().nonnegative();

const validationRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('required'), message, when }).strict(),
  z.object({ type: z.literal('minLength'), value: length, message, when }).strict(),
  z.object({ type: z.literal('maxLength'), value: length, message, when }).strict(),
  z.object({ type: z.literal('min'), value: z.number().finite(), message, when }).strict(),
  z.object({ type: z.literal('max'), value: z.number().finite(), message, when }).strict(),
  z
    .object({
      type: z.literal('pattern'),
      value: z.string().min(1).max(SCHEMA_LIMITS.maxPatternLength),
      message,
      when,
    })
    .strict(),
]);
type ValidationRuleObject = typeof validationRuleSchema;
export interface ValidationRuleZod extends ValidationRuleObject {}
export const ValidationRule: ValidationRuleZod = validationRuleSchema;
export type ValidationRule = z.infer<typeof ValidationRule>;
