import { canGenerateCode, generateCheck } from '#engine/generator';
import { pathCode } from '#engine/path';
import { questionHooks } from '#engine/question-types';
import { repeatCode } from '#engine/repeat';
import { variablesCode } from '#engine/variables';
import { isTextFieldType } from '../../models/field-types.js';
import type { FormSchema } from '../../models/form-schema.js';
import { type Language, SCHEMA_LIMITS, supportedLanguage } from '../../models/limits.js';
import type { ValidationRule } from '../../models/validation-rule.js';
import {
  codePointLength,
  isBlank,
  isCalendarDate,
  isEmptyAnswer,
  toNumber,
  trimmed,
} from '../logic/answer-values.js';
import { compileRawWhen } from '../logic/conditions.js';
import { type FormPath, needsPathCode, sectionOrder, takesJumps } from '../logic/path-basics.js';
import { type VisibilityPlan, visibilityOf, visibilityPlanFor } from '../logic/visibility.js';
import { formatMessage } from '../messages/index.js';
import { EMPTY_ANSWER } from '../question-types/basics.js';
import type { Answers, ValidationIssue, ValidationResult, VariableValues, Visibility } from '../types.js';
import { ANSWER_LENGTH_LIMITS, compileAnswerCheck, isEmailAddress } from './answer-checks.js';
import {
  append,
  checkboxIssue,
  defineAnswer,
  FieldPlan,
  isEmptyNonString,
  isOption,
  KIND_CHECKBOX,
  KIND_DATE,
  KIND_EMAIL,
  KIND_NUMBER,
  KIND_OPTION,
  KIND_OTHER,
  KIND_TEXT,
  valueObject,
} from './field-plan.js';
import { Issue, issueFactory } from './issue.js';
import {
  compileRegExp,
  compileRequired,
  compileRule,
  type PatternCompiler,
  passesRule,
  type RulePlan,
} from './rule-checks.js';

/** A form schema compiled into closures, ready to check many responses. */
export interface CompiledForm {
  readonly schema: FormSchema;
  /** The language of the default messages: `meta.language`, or English when it is not one we have. */
  readonly language: Language;
  /** Whether responses are checked by code generated for this form (see `CompileOptions`). */
  readonly generated: boolean;
  /** Which fields and sections are hidden for these answers (see `evaluateVisibility`). */
  visibility(answers: unknown): Visibility;
  /** Validates and normalises a response (see `validateResponse`). Never throws. */
  validate(answers: unknown): ValidationResult;
  /** The form's variables for these answers, valid or not (see `computeVariables`). Never throws. */
  variables(answers: unknown): VariableValues;
  /**
   * The path for these answers (`formPath`), when the form's path needs the path's code: a paged
   * form with jumps, or endings chosen by conditions. Without, the path is the visible pages.
   */
  path?(answers: unknown): FormPath;
}

/** How `compileForm` compiles. */
export interface CompileOptions {
  /**
   * Generate JavaScript for the check (`new Function`): default where that is known to be allowed
   * (Node.js), off elsewhere. `false` keeps to closures; `true` tries anywhere and falls back to
   * closures if the platform refuses. A browser bundle (the `browser` condition) has no generator:
   * there it is always the closures.
   */
  generate?: boolean;
  /**
   * What `pattern` rules are tested with: default `new RegExp(source)`, as in a browser. A server
   * passes a linear-time engine (`compileLinearPattern` from `@formloom/contract/integrity`), so
   * that no pattern, however it backtracks, can hold it; a pattern it cannot compile fails every
   * answer.
   */
  compilePattern?: PatternCompiler;
}

type RequiredRule = Extract<ValidationRule, { type: 'required' }>;
type ValueRule = Exclude<ValidationRule, { type: 'required' }>;

function languageOf(schema: FormSchema): Language {
  return supportedLanguage((schema.meta as { language?: unknown } | undefined)?.language);
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

function kindOf(type: string): number {
  switch (type) {
    case 'text':
    case 'textarea':
      return KIND_TEXT;
    case 'email':
      return KIND_EMAIL;
    case 'number':
      return KIND_NUMBER;
    case 'select':
    case 'radio':
      return KIND_OPTION;
    case 'checkbox':
      return KIND_CHECKBOX;
    case 'date':
      return KIND_DATE;
    default:
      return KIND_OTHER;
  }
}

function compileField(
  schema: FormSchema,
  index: number,
  plan: VisibilityPlan,
  language: Language,
  compilePattern: PatternCompiler,
): FieldPlan {
  const field = schema.fields[index]!;
  const issue = issueFactory(field.id, language);
  const rules = field.validation?.rules ?? [];
  const whenOf = (rule: ValidationRule) =>
    rule.when ? compileRawWhen(rule.when, plan.targetOf(rule.when.field, rule.when)) : null;

  if (field.type === 'hidden') {
    // Checked and cleaned up front (hidden-values.ts): here an ordinary text with nothing left to check.
    const text = issue('type', 'text');
    return new FieldPlan(
      field.id,
      index,
      field.id === '__proto__',
      KIND_TEXT,
      Number.POSITIVE_INFINITY,
      [],
      null,
      null,
      text,
      text,
      text,
      null,
      [],
    );
  }
  const requiredRules = rules
    .filter((r): r is RequiredRule => r.type === 'required')
    .map((rule) => ({ rule, when: whenOf(rule) }));
  const checks: RulePlan[] = [];
  for (const rule of rules) {
    if (rule.type === 'required') continue;
    const check = compileRule(rule as ValueRule, field, issue, whenOf(rule), compilePattern);
    if (check) checks.push(check);
  }

  let lengthCap: number | null = null;
  if (isTextFieldType(field.type)) {
    const cap = ANSWER_LENGTH_LIMITS[field.type];
    const lowerMax = rules.some((r) => r.type === 'maxLength' && !r.when && r.value <= cap);
    lengthCap = lowerMax ? null : cap;
  }

  // The question types and choices with other / exclusive / multiple: their entry's check.
  const special = questionHooks()?.questionCheck(field, issue) ?? null;
  const kind = special === null ? kindOf(field.type) : KIND_OTHER;
  const options = (field.options ?? []).map((o) => o.value);
  let typeIssue: Issue;
  let valueIssue: Issue;
  let extraIssue: Issue;
  const tooLong = () => issue('too_long', 'tooLong', { max: lengthCap ?? 0 });
  switch (kind) {
    case KIND_TEXT:
      typeIssue = valueIssue = issue('type', 'text');
      extraIssue = tooLong();
      break;
    case KIND_EMAIL:
      typeIssue = issue('type', 'text');
      valueIssue = issue('email', 'email');
      extraIssue = tooLong();
      break;
    case KIND_NUMBER:
      typeIssue = valueIssue = extraIssue = issue('type', 'number');
      break;
    case KIND_OPTION:
      typeIssue = issue('type', 'option');
      valueIssue = extraIssue = issue('option', 'option');
      break;
    case KIND_CHECKBOX:
      typeIssue = issue('type', 'options');
      valueIssue = issue('option', 'options');
      extraIssue = issue('option', 'duplicateOption');
      break;
    case KIND_DATE:
      typeIssue = valueIssue = extraIssue = issue('date', 'date');
      break;
    default:
      typeIssue = valueIssue = extraIssue = issue('type', 'text');
      break;
  }

  return new FieldPlan(
    field.id,
    index,
    field.id === '__proto__',
    kind,
    lengthCap ?? Number.POSITIVE_INFINITY,
    options,
    options.length > 12 ? new Set(options) : null,
    compileRequired(field, requiredRules, issue),
    typeIssue,
    valueIssue,
    extraIssue,
    special ?? (kind === KIND_OTHER ? compileAnswerCheck(field, issue, lengthCap) : null),
    checks,
  );
}

/**
 * Compiles a schema once, for many responses: the visibility order, one type check and one closure
 * per rule for each field (patterns compiled once), and every message resolved in the form's
 * language. The schema is assumed to pass `checkSchema`; a schema that does not still compiles
 * (unknown references read as empty, inapplicable rules are ignored), and no answers can make the
 * result throw.
 *
 * Where code may be generated (Node.js), the check of a response is also generated as JavaScript
 * for this form (see generated-check.ts), about 1.2x as fast on varied submissions; in a browser
 * the closures run, so a strict Content-Security-Policy needs no `unsafe-eval`. Both give the same
 * result.
 *
 * ```ts
 * const form = compileForm(schema);
 * const result = form.validate({ email: 'ada@example.org' });
 * if (!result.ok) console.log(result.errors);
 * ```
 */
export function compileForm(schema: FormSchema, options: CompileOptions = {}): CompiledForm {
  // A paged form with jumps checks every answer along its path, and a form with endings chosen by
  // conditions decides its ending (logic/path.ts): copies of the schema without the skipped
  // sections, jumps and endings, each compiled as below. The path's code: in a browser, loaded
  // (`loadPath`) before such a form is compiled.
  return (
    (needsPathCode(schema) && pathCode()?.compile(schema, options, compileForm, sectionOrder, takesJumps)) ||
    compileChecks(schema, options)
  );
}

/** `compileForm` of a schema whose path is its visible pages (no jumps taken, no endings to decide). */
function compileChecks(schema: FormSchema, options: CompileOptions): CompiledForm {
  // A form with a repeating section: an outer form and one per section (repeat/repeat.ts).
  const repeat = schema.sections.some((s) => s.repeat) ? repeatCode() : undefined;
  if (repeat)
    return repeat.compileRepeating(schema, options, {
      compile: compileForm,
      formatMessage,
      Issue,
      maxEntries: SCHEMA_LIMITS.maxRepeatEntries,
    });
  const plan = visibilityPlanFor(schema);
  const language = languageOf(schema);
  const compilePattern = options.compilePattern ?? compileRegExp;
  const fields = displayOrder(schema).map((i) => compileField(schema, i, plan, language, compilePattern));
  const fieldCount = plan.fieldIds.length;
  const notAnObject = new Issue('', 'type', formatMessage(language, 'notAnObject'));
  const unknownField = formatMessage(language, 'unknownField');

  // Scratch space reused by every call: validation is synchronous and never re-entered.
  // `raw` holds each answer by field index (hidden ones cleared), replaced by its normalised value
  // once it passes; it is cleared after each call. Instead of clearing the other arrays, each call
  // takes a new stamp: `fieldAt[i] === stamp` marks a hidden field, `sectionAt` a hidden section,
  // `keptAt[f]` a field (by display position) whose answer goes into the value.
  const raw: unknown[] = new Array(plan.slotCount).fill(undefined);
  const fieldAt = new Int32Array(fieldCount);
  const sectionAt = new Int32Array(plan.sectionIds.length);
  const keptAt = new Int32Array(fields.length);
  let stamp = 0;
  // Set while a call runs: should one ever throw (a getter on the answers), the next call clears.
  let dirty = false;
  const reader = plan.reader;

  function validateAnswers(answers: unknown): ValidationResult {
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
      return { ok: false, value: {}, errors: [notAnObject] };
    }
    if (dirty) raw.fill(undefined);
    dirty = true;
    if (stamp >= 0x3ffffff0) {
      fieldAt.fill(0);
      sectionAt.fill(0);
      keptAt.fill(0);
      stamp = 0;
    }
    if (generated !== null) {
      const result = generated.check(answers);
      if (result !== undefined) {
        generated.clear();
        dirty = false;
        return result;
      }
      // Not the generated check's case: it has written at most `raw`.
      raw.fill(undefined);
    }
    const result = check(answers, ++stamp);
    // Drop this response's answers.
    raw.fill(undefined);
    dirty = false;
    return result;
  }

  function check(answers: object, now: number): ValidationResult {
    reader.read(answers, raw);
    plan.computeStamped(raw, fieldAt, sectionAt, now);

    let errors: ValidationIssue[] | undefined;
    let keptCount = 0;
    // Whether every kept answer is its own normalised value.
    let unchanged = true;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      const index = field.index;
      if (fieldAt[index] === now) continue;
      const answer = raw[index];
      let value: unknown = answer;
      let empty = false;
      // The type check: each case sets the normalised value, or finds the answer empty, or adds
      // the field's type issue and moves on to the next field.
      switch (field.kind) {
        case KIND_TEXT: {
          if (typeof answer !== 'string') {
            if (isEmptyNonString(answer)) empty = true;
            else {
              errors = append(errors, field.typeIssue);
              continue;
            }
          } else if (isBlank(answer)) {
            empty = true;
          } else if (answer.length > field.cap && codePointLength(answer) > field.cap) {
            errors = append(errors, field.extraIssue);
            continue;
          }
          break;
        }
        case KIND_EMAIL: {
          if (typeof answer !== 'string') {
            if (isEmptyNonString(answer)) empty = true;
            else {
              errors = append(errors, field.typeIssue);
              continue;
            }
            break;
          }
          if (isBlank(answer)) {
            empty = true;
            break;
          }
          const s = trimmed(answer);
          if (s.length > field.cap && codePointLength(s) > field.cap) {
            errors = append(errors, field.extraIssue);
            continue;
          }
          if (!isEmailAddress(s)) {
            errors = append(errors, field.valueIssue);
            continue;
          }
          value = s;
          break;
        }
        case KIND_NUMBER: {
          if (typeof answer === 'number') {
            if (Number.isFinite(answer)) break;
          } else if (typeof answer === 'string' ? isBlank(answer) : isEmptyNonString(answer)) {
            empty = true;
            break;
          } else {
            const n = toNumber(answer);
            if (!Number.isNaN(n)) {
              value = n;
              break;
            }
          }
          errors = append(errors, field.typeIssue);
          continue;
        }
        case KIND_OPTION: {
          if (typeof answer !== 'string') {
            if (isEmptyNonString(answer)) empty = true;
            else {
              errors = append(errors, field.typeIssue);
              continue;
            }
          } else if (isBlank(answer)) {
            empty = true;
          } else if (!isOption(field, answer)) {
            errors = append(errors, field.valueIssue);
            continue;
          }
          break;
        }
        case KIND_CHECKBOX: {
          if (Array.isArray(answer)) {
            if (answer.length === 0) {
              empty = true;
              break;
            }
            const issue = checkboxIssue(field, answer);
            if (issue === null) break;
            errors = append(errors, issue);
            continue;
          }
          if (answer === undefined || answer === null || (typeof answer === 'string' && isBlank(answer))) {
            empty = true;
            break;
          }
          errors = append(errors, field.typeIssue);
          continue;
        }
        case KIND_DATE: {
          if (typeof answer !== 'string') {
            if (isEmptyNonString(answer)) empty = true;
            else {
              errors = append(errors, field.typeIssue);
              continue;
            }
          } else if (isBlank(answer)) {
            empty = true;
          } else {
            value = trimmed(answer);
            if (!isCalendarDate(value as string)) {
              errors = append(errors, field.typeIssue);
              continue;
            }
          }
          break;
        }
        default: {
          if (isEmptyAnswer(answer)) {
            empty = true;
            break;
          }
          value = field.check!(answer);
          if (value instanceof Issue) {
            errors = append(errors, value);
            continue;
          }
          if (value === EMPTY_ANSWER) empty = true;
        }
      }
      if (empty) {
        const required = field.required;
        if (required !== null) {
          const missing = required(raw);
          if (missing) errors = append(errors, missing);
        }
        continue;
      }
      const rules = field.rules;
      if (rules.length > 0) {
        let valid = true;
        for (let r = 0; r < rules.length; r++) {
          const rule = rules[r]!;
          if (rule.when !== null && !rule.when(raw)) continue;
          if (!passesRule(rule, value)) {
            errors = append(errors, rule.issue);
            valid = false;
          }
        }
        if (!valid) continue;
      }
      // Later `when` conditions read the normalised value, which compares as the answer did.
      if (value !== answer) {
        raw[index] = value;
        unchanged = false;
      }
      keptAt[f] = now;
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
    return { ok: true, value: collectValue(now), errors: [] };
  }

  function collectValue(now: number): Answers {
    const value = valueObject() as Answers;
    for (let f = 0; f < fields.length; f++) {
      if (keptAt[f] !== now) continue;
      const field = fields[f]!;
      const normalised = raw[field.index] as Answers[string];
      if (field.protoKey) {
        defineAnswer(value, field.id, normalised);
      } else {
        value[field.id] = normalised;
      }
    }
    return value;
  }

  const generate = options.generate ?? canGenerateCode();
  const generated = generate ? generateCheck({ schema, fields, plan, raw }) : null;

  // Variables are computed from the value (normalised answers of visible fields) once it is valid.
  const variableCode = variablesCode();
  const variablesPlan = variableCode?.compileVariables(schema) ?? null;
  const validate =
    variablesPlan === null
      ? validateAnswers
      : (answers: unknown): ValidationResult => {
          const { ok, value, errors } = validateAnswers(answers);
          // A new object of one shape, rather than a property added to the result: the callers'
          // reads of `ok` and `value` stay monomorphic.
          const variables = ok ? variablesPlan.evaluateAll(variablesPlan.slotsOf(value)) : {};
          return { ok, value, errors, variables } as ValidationResult;
        };

  const fillInputs =
    variablesPlan === null ? null : variableCode!.inputsFromRaw(schema, variablesPlan, plan.fieldIndex);
  function variables(answers: unknown): VariableValues {
    if (variablesPlan === null || fillInputs === null) return {};
    const slots: unknown[] = new Array(plan.slotCount);
    if (typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
      plan.reader.read(answers, slots);
    }
    // Clears hidden fields (and invalid hidden values) from `slots`, so they read as empty.
    plan.computeStamped(slots, new Int32Array(fieldCount), new Int32Array(plan.sectionIds.length), 1);
    const inputs: unknown[] = new Array(variablesPlan.inputs.length + variablesPlan.ids.length);
    fillInputs(slots, inputs);
    return variablesPlan.evaluateAll(inputs);
  }

  return {
    schema,
    language,
    generated: generated !== null,
    visibility: (answers) => visibilityOf(plan, answers),
    validate,
    variables,
  };
}
