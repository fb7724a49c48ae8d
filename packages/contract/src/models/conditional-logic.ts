import { z } from 'zod';
import { SCHEMA_LIMITS } from './limits.js';

/** Operators that compare the target field's answer with `value`. */
export const VALUE_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'before',
  'after',
] as const;

/** Operators that look at the target field's answer alone and take no `value`. */
export const VALUELESS_OPERATORS = ['isEmpty', 'isNotEmpty', 'isChecked', 'isNotChecked'] as const;

export const CONDITION_OPERATORS = [...VALUE_OPERATORS, ...VALUELESS_OPERATORS] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ValueOperator = (typeof VALUE_OPERATORS)[number];
export type ValuelessOperator = (typeof VALUELESS_OPERATORS)[number];

/** The parts of an answer a condition may name (an address's country). */
export const CONDITION_PARTS = ['country'] as const;

/** How a condition outside a repeating section reads a field inside it. */
export const CONDITION_ENTRIES = ['any', 'all'] as const;
export type ConditionEntry = (typeof CONDITION_ENTRIES)[number];

export const ConditionValue = z.union([z.string(), z.number(), z.boolean()]);
export type ConditionValue = z.infer<typeof ConditionValue>;

export const Condition = z
  .object({
    fieldId: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength),
    /** A matrix question's row: the condition reads that row's answer. */
    row: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength).optional(),
    /** A ranking question's place (1 = best): the condition reads the option ranked there. */
    rank: z.number().int().min(1).max(SCHEMA_LIMITS.maxOptionsPerField).optional(),
    /** An address question's part: the condition reads that part of the answer. */
    part: z.enum(CONDITION_PARTS).optional(),
    operator: z.enum(CONDITION_OPERATORS),
    value: ConditionValue.optional(),
    /**
     * A field of a repeating section named from outside it: whether the condition must hold in
     * any entry (the default) or in all of them; either needs at least one entry.
     */
    entry: z.enum(CONDITION_ENTRIES).optional(),
  })
  .strict();
export type Condition = z.infer<typeof Condition>;

const conditionGroupSchema = z
  .object({
    conditions: z.array(Condition).min(1).max(SCHEMA_LIMITS.maxConditionsPerGroup),
  })
  .strict();
type ConditionGroupObject = typeof conditionGroupSchema;
export interface ConditionGroupZod extends ConditionGroupObject {}
export const ConditionGroup: ConditionGroupZod = conditionGroupSchema;
export type ConditionGroup = z.infer<typeof ConditionGroup>;

const conditionalLogicSchema = z
  .object({
    /** `show`: visible only when a group matches. `hide`: hidden when a group matches. */
    action: z.enum(['show', 'hide']),
    /** Groups are OR'd; the conditions inside one group are AND'd. */
    conditionGroups: z.array(ConditionGroup).min(1).max(SCHEMA_LIMITS.maxConditionGroups),
  })
  .strict();
type ConditionalLogicObject = typeof conditionalLogicSchema;
export interface ConditionalLogicZod extends ConditionalLogicObject {}
export const ConditionalLogic: ConditionalLogicZod = conditionalLogicSchema;
export type ConditionalLogic = z.infer<typeof ConditionalLogic>;
