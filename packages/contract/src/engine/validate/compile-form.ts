import type { FormSchema } from '../../models/form-schema.js';
import { LANGUAGES, type Language } from '../../models/limits.js';
import type { ValidationRule } from '../../models/validation-rule.js';
import { isEmptyAnswer } from '../logic/answer-values.js';
import { compileWhen } from '../logic/conditions.js';
import { type VisibilityPlan, visibilityOf, visibilityPlanFor } from '../logic/visibility.js';
import { formatMessage } from '../messages/index.js';
import type { Answers, ValidationIssue, ValidationResult, Visibility } from '../types.js';
import { ANSWER_LENGTH_LIMITS, type AnswerCheck, compileAnswerCheck } from './answer-checks.js';
import { Issue, issueFactory } from './issue.js';
import { compileRequired, compileRule, type RequiredCheck, type RuleCheck } from './rule-checks.js';

/** A form schema compiled into closures, ready to check many responses. */
export interface CompiledForm {
  readonly schema: FormSchema;
  /** The language of the default messages: `meta.language`, or `en` when it is not one we have. */
  readonly language: Language;
  /** Which fields and sections are hidden for these answers (see `evaluateVisibility`). */
  visibility(answers: unknown): Visibility;
  /** Validates and normalises a response (see `validateResponse`). Never throws. */
  validate(answers: unknown): ValidationResult;
}

interface FieldPlan {
  readonly id: string;
  /** Index in `schema.fields`, which is also the index into the answers read. */
  readonly index: number;
  /** `__proto__` cannot be assigned as a plain property; checkSchema refuses it, this copes anyway. */
  readonly protoKey: boolean;
  readonly required: RequiredCheck | null;
  readonly check: AnswerCheck;
  readonly rules: readonly RuleCheck[];
}

type RequiredRule = Extract<ValidationRule, { type: 'required' }>;
type ValueRule = Exclude<ValidationRule, { type: 'required' }>;

function languageOf(schema: FormSchema): Language {
  const language = (schema.meta as { language?: unknown } | undefined)?.language;
  return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : 'en';
}

/** Fields in the order a respondent sees them: by section order, then field order. */
function displayOrder(schema: FormSchema): number[] {
  const sections = schema.sections.map((s, i) => ({ id: s.id, order: s.order, i }));
  sections.sort((a, b) => a.order - b.order || a.i - b.i);
  const rank = new Map<string, number>();
  sections.forEach((s, r) => {
    if (!rank.has(s.id)) rank.set(s.id, r);
  });
  const keyed = schema.fields.map((f, i) => ({
    i,
    section: rank.get(f.sectionId) ?? sections.length,
    order: f.order,
  }));
  keyed.sort((a, b) => a.section - b.section || a.order - b.order || a.i - b.i);
  return keyed.map((k) => k.i);
}

function compileField(
  schema: FormSchema,
  index: number,
  plan: VisibilityPlan,
  language: Language,
): FieldPlan {
  const field = schema.fields[index]!;
  const issue = issueFactory(field.id, language);
  const rules = field.validation?.rules ?? [];
  const whenOf = (rule: ValidationRule) =>
    rule.when ? compileWhen(rule.when, plan.targetOf(rule.when.field)) : null;

  const requiredRules = rules
    .filter((r): r is RequiredRule => r.type === 'required')
    .map((rule) => ({ rule, when: whenOf(rule) }));
  const checks: RuleCheck[] = [];
  for (const rule of rules) {
    if (rule.type === 'required') continue;
    const check = compileRule(rule as ValueRule, field, issue, whenOf(rule));
    if (check) checks.push(check);
  }

  let lengthCap: number | null = null;
  if (field.type === 'text' || field.type === 'textarea' || field.type === 'email') {
    const cap = ANSWER_LENGTH_LIMITS[field.type];
    const lowerMax = rules.some((r) => r.type === 'maxLength' && !r.when && r.value <= cap);
    lengthCap = lowerMax ? null : cap;
  }

  return {
    id: field.id,
    index,
    protoKey: field.id === '__proto__',
    required: compileRequired(field, requiredRules, issue),
    check: compileAnswerCheck(field, issue, lengthCap),
    rules: checks,
  };
}

function append(list: ValidationIssue[] | undefined, issue: ValidationIssue): ValidationIssue[] {
  if (!list) return [issue];
  list.push(issue);
  return list;
}

/**
 * Compiles a schema once, for many responses: the visibility order, one type check and one closure
 * per rule for each field (patterns compiled once), and every message resolved in the form's
 * language. The schema is assumed to pass `checkSchema`; a schema that does not still compiles
 * (unknown references read as empty, inapplicable rules are ignored), and no answers can make the
 * result throw.
 *
 * ```ts
 * const form = compileForm(schema);
 * const result = form.validate({ email: 'ada@example.org' });
 * if (!result.ok) console.log(result.errors);
 * ```
 */
export function compileForm(schema: FormSchema): CompiledForm {
  const plan = visibilityPlanFor(schema);
  const language = languageOf(schema);
  const fields = displayOrder(schema).map((i) => compileField(schema, i, plan, language));
  const fieldCount = plan.fieldIds.length;
  const notAnObject = new Issue('', 'type', formatMessage(language, 'notAnObject'));
  const unknownField = formatMessage(language, 'unknownField');

  // Scratch space reused by every call: validation is synchronous and never re-entered.
  // `raw` holds each answer by field index, replaced by its normalised value once it passes;
  // `kept[f]` marks the fields (by display position) whose answer goes into the value.
  const raw: unknown[] = new Array(fieldCount).fill(undefined);
  const kept = new Uint8Array(fields.length);
  const fieldHidden = new Uint8Array(fieldCount);
  const sectionHidden = new Uint8Array(plan.sectionIds.length);
  const reader = plan.reader;

  function validate(answers: unknown): ValidationResult {
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
      return { ok: false, value: {}, errors: [notAnObject] };
    }
    try {
      return check(answers);
    } finally {
      // Drop this response's answers, and leave clean scratch space even after the unexpected.
      raw.fill(undefined);
    }
  }

  function check(answers: object): ValidationResult {
    reader.read(answers, raw);
    fieldHidden.fill(0);
    sectionHidden.fill(0);
    kept.fill(0);
    plan.compute(raw, fieldHidden, sectionHidden);

    let errors: ValidationIssue[] | undefined;
    let keptCount = 0;
    // Whether every kept answer is its own normalised value.
    let unchanged = true;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      const index = field.index;
      if (fieldHidden[index] === 1) continue;
      const answer = raw[index];
      if (isEmptyAnswer(answer)) {
        const missing = field.required?.(raw, fieldHidden);
        if (missing) errors = append(errors, missing);
        continue;
      }
      const normalised = field.check(answer);
      // The typeof test first: most answers are strings or numbers, and instanceof is not free.
      if (typeof normalised === 'object' && normalised instanceof Issue) {
        errors = append(errors, normalised);
        continue;
      }
      let valid = true;
      const rules = field.rules;
      for (let r = 0; r < rules.length; r++) {
        const failed = rules[r]!(normalised, raw, fieldHidden);
        if (failed) {
          errors = append(errors, failed);
          valid = false;
        }
      }
      if (!valid) continue;
      // Later `when` conditions read the normalised value, which compares as the answer did.
      if (normalised !== answer) {
        raw[index] = normalised;
        unchanged = false;
      }
      kept[f] = 1;
      keptCount++;
    }
    if (reader.unknown > 0) {
      errors ??= [];
      for (const key in answers) {
        if (!plan.fieldIndex.has(key)) errors.push(new Issue(key, 'unknown_field', unknownField));
      }
    }
    if (errors) return { ok: false, value: {}, errors };
    if (unchanged && keptCount === reader.known && Object.getPrototypeOf(answers) === Object.prototype) {
      // Every key is a kept answer and nothing was normalised: the answers are the value, and
      // copying them would be the most expensive step of a clean validation.
      return { ok: true, value: answers as Answers, errors: [] };
    }
    return { ok: true, value: collectValue(), errors: [] };
  }

  function collectValue(): Answers {
    const value: Answers = {};
    for (let f = 0; f < fields.length; f++) {
      if (kept[f] === 0) continue;
      const field = fields[f]!;
      const normalised = raw[field.index] as Answers[string];
      if (field.protoKey) {
        Object.defineProperty(value, field.id, {
          value: normalised,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        value[field.id] = normalised;
      }
    }
    return value;
  }

  return {
    schema,
    language,
    visibility: (answers) => visibilityOf(plan, answers),
    validate,
  };
}
