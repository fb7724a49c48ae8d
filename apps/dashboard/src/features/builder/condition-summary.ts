import type {
  Condition,
  ConditionGroup,
  ConditionOperator,
  ConditionValue,
  FormSchema,
} from '@formloom/contract';

/** The words a summary is made of, in the dashboard's language. */
export interface SummaryWords {
  /** The operators as the condition editor names them ("is", "is greater than"). */
  operator: Record<ConditionOperator, string>;
  /** Between the conditions of a group (" and "), and between groups (" or "). */
  and: string;
  or: string;
  yes: string;
  no: string;
}

/**
 * What a condition is about, by name: a field's label (a matrix row's after it, a ranking's place
 * as "#n"), else a variable's id, else the id as written.
 */
function subject(condition: Condition, schema: FormSchema): string {
  const field = schema.fields.find((f) => f.id === condition.fieldId);
  if (field === undefined) return condition.fieldId;
  const label = field.label || field.id;
  if (condition.row !== undefined) {
    const row = field.matrix?.rows.find((r) => r.id === condition.row);
    return `${label} › ${row?.label || condition.row}`;
  }
  if (condition.rank !== undefined) return `${label} #${condition.rank}`;
  return label;
}

/** A value as the respondent sees it: a choice's option by its label, a switch as yes or no. */
function shown(condition: Condition, value: ConditionValue, schema: FormSchema, words: SummaryWords): string {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const field = schema.fields.find((f) => f.id === condition.fieldId);
  const options = field?.type === 'matrix' ? field.matrix?.columns : field?.options;
  const option = options?.find((o) => o.value === String(value));
  return option?.label || String(value);
}

/** One condition in words: "Plan is Pro", "Seats is greater than 50", "Notes is empty". */
export function conditionSummary(condition: Condition, schema: FormSchema, words: SummaryWords): string {
  const said = `${subject(condition, schema)} ${words.operator[condition.operator] ?? condition.operator}`;
  return condition.value === undefined ? said : `${said} ${shown(condition, condition.value, schema, words)}`;
}

/**
 * Condition groups in words, as the engine reads them: the conditions of a group joined by "and",
 * the groups by "or", a group of several in parentheses when there are several groups.
 *
 * ```ts
 * groupsSummary([{ conditions: [{ fieldId: 'plan', operator: 'equals', value: 'pro' }] }], schema, words);
 * // 'Plan is Pro'
 * ```
 */
export function groupsSummary(
  groups: readonly ConditionGroup[],
  schema: FormSchema,
  words: SummaryWords,
): string {
  return groups
    .map((group) => {
      const said = group.conditions.map((c) => conditionSummary(c, schema, words)).join(words.and);
      return groups.length > 1 && group.conditions.length > 1 ? `(${said})` : said;
    })
    .join(words.or);
}
