/**
 * Public result types of the form engine. Shared by `checkSchema` (integrity/), the condition
 * evaluator (logic/) and `validateResponse` (validate/), and by the server and the browser page.
 */

import type { AnswerValue, VariableValue } from '../models/response.js';

/** One integrity problem found by `checkSchema`. */
export interface SchemaProblem {
  /** Stable machine-readable code, e.g. `duplicate_id`, `unknown_field_reference`. */
  code: SchemaProblemCode;
  /**
   * Where the problem is, as a JSON path from the schema root: `$.fields[3].options[1].value`.
   * Clients can map it back onto their editor.
   */
  path: string;
  /** A sentence a person can act on, naming the ids involved. */
  message: string;
}

export type SchemaProblemCode =
  | 'invalid_shape'
  | 'duplicate_id'
  | 'reserved_id'
  | 'unknown_section'
  | 'options_missing'
  | 'options_empty'
  | 'duplicate_option_value'
  | 'options_not_allowed'
  | 'file_config_not_allowed'
  | 'unknown_field_reference'
  | 'self_reference'
  | 'value_required'
  | 'value_not_allowed'
  | 'operator_not_applicable'
  | 'value_type_mismatch'
  | 'rule_not_applicable'
  | 'duplicate_rule'
  | 'invalid_pattern'
  | 'unsafe_pattern'
  | 'min_above_max'
  | 'visibility_cycle'
  | 'too_many_fields'
  | 'too_many_sections'
  | 'too_many_options'
  | 'schema_too_large'
  | 'file_size_above_limit'
  // variables, hidden fields and prefill (docs/form-model.md)
  | 'invalid_expression'
  | 'expression_not_allowed'
  | 'expression_too_large'
  | 'score_not_applicable'
  | 'variable_cycle'
  | 'hidden_field_required'
  | 'prefill_not_allowed'
  // Recall and translations (integrity/texts.ts)
  | 'unknown_recall_reference'
  | 'unknown_translation_key'
  | 'translation_of_base_language'
  // Question types (integrity/question-types.ts)
  | 'config_not_allowed'
  | 'config_missing'
  | 'invalid_slider'
  | 'duplicate_matrix_row'
  | 'duplicate_matrix_column'
  | 'ranking_top_too_large'
  | 'image_missing'
  | 'invalid_image_url'
  | 'unknown_exclusive_value'
  | 'part_not_applicable'
  | 'unknown_row'
  | 'rank_out_of_range'
  | 'row_required'
  | 'part_required'
  | 'statement_required'
  | 'unknown_country'
  // Payments (integrity/question-types.ts)
  | 'payment_twice'
  | 'payment_required'
  | 'payment_amount'
  | 'unknown_currency'
  // E-mail notifications (integrity/notifications.ts)
  | 'notification_field_not_email'
  // Repeating sections (integrity/repeat.ts)
  | 'repeat_id_clash'
  | 'repeat_reference'
  // Jumps and endings (integrity/jumps.ts)
  | 'jump_backwards'
  | 'unknown_jump_target'
  // Quizzes (integrity/quiz.ts, integrity/variables.ts)
  | 'correct_not_applicable'
  | 'marks_not_allowed'
  | 'quiz_in_repeat'
  // Warnings (`schemaWarnings`): they never refuse a form
  | 'unreachable_section'
  | 'jumps_not_paged'
  | 'quiz_without_questions';

/**
 * A file answer and a normalised answer value, by field type: their one home is the response
 * model (models/response.ts), whose zod schemas check stored and submitted answers; the engine
 * takes the types only, so no zod reaches the browser bundle.
 */
export type { AnswerValue, FileAnswer, VariableValue } from '../models/response.js';

/** Normalised answers keyed by field id; hidden and empty fields are absent. */
export type Answers = Record<string, AnswerValue>;

/** One problem with a submitted response. */
export interface ValidationIssue {
  /**
   * The field the issue is about (for an unknown key, the key itself; `''` when the answers are
   * not an object at all).
   */
  fieldId: string;
  /**
   * What failed: a rule type (`required`, `minLength`, `maxLength`, `min`, `max`, `pattern`) or a
   * type check (`type`, `email`, `option`, `date`, `file_type`, `file_size`, `unknown_field`,
   * `too_long`).
   */
  rule: string;
  /** The custom message of the rule if it has one, else the default in the form's language. */
  message: string;
}

/**
 * The outcome of `validateResponse`. On success `value` holds the normalised answers of the
 * visible, non-empty fields (possibly the answers object itself, when nothing needed changing);
 * on failure it is `{}`. Semantics: docs/conditional-logic.md.
 */
export type ValidationResult =
  | { ok: true; value: Answers; errors: []; variables?: VariableValues }
  | { ok: false; value: Answers; errors: ValidationIssue[]; variables?: VariableValues };

/**
 * A form's variables computed for one response, keyed by variable id (docs/form-model.md). On a
 * `ValidationResult` it is present exactly when the form declares variables (`{}` when the
 * response fails), so the results of forms without variables keep their shape.
 */
export type VariableValues = Record<string, VariableValue>;

/** Which fields and sections are hidden for a set of answers. */
export interface Visibility {
  hiddenFields: ReadonlySet<string>;
  hiddenSections: ReadonlySet<string>;
  /**
   * A form with repeating sections: by section id, the fields hidden in each of its entries
   * (docs/form-model.md "Repeating sections").
   */
  entries?: Readonly<Record<string, readonly ReadonlySet<string>[]>>;
}
