import type { ConditionalLogic } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import {
  codePointLength,
  isBlank,
  isCalendarDate,
  isEmptyAnswer,
  longerThan,
  shorterThan,
  toNumber,
  trimmed,
} from '../logic/answer-values.js';
import { STEP_SECTION, STEP_VARIABLE, type VisibilityPlan } from '../logic/visibility.js';
import { EMPTY_ANSWER } from '../question-types/basics.js';
import type { ValidationResult } from '../types.js';
import { isEmailAddress } from './answer-checks.js';
import {
  append,
  defineAnswer,
  type FieldPlan,
  isEmptyNonString,
  KIND_CHECKBOX,
  KIND_DATE,
  KIND_EMAIL,
  KIND_NUMBER,
  KIND_OPTION,
  KIND_TEXT,
  valueObject,
} from './field-plan.js';
import { Issue } from './issue.js';
import {
  RULE_MAX,
  RULE_MAX_ITEMS,
  RULE_MAX_LENGTH,
  RULE_MIN,
  RULE_MIN_ITEMS,
  RULE_MIN_LENGTH,
  RULE_PATTERN,
  type RulePlan,
} from './rule-checks.js';

/**
 * The check of one response as JavaScript generated for one form: the same steps as the loop in
 * compile-form.ts, unrolled, with every field's type and rules written out, so V8 runs no `switch`
 * per field and keeps each answer in a local.
 *
 * The answers are read as the loop reads them, with one `for...in` (`AnswerReader`), not by name.
 * Reading `a["q7"]` for every field was faster on one object validated again and again, and about
 * twice as slow as the loop on real traffic: submissions arrive with their own keys and key order,
 * so nearly every one has a hidden class of its own, every named load goes megamorphic and misses
 * V8's stub cache. `for...in` reads each object through its own enum cache whatever its class
 * (docs/benchmarks.md has the measurements).
 *
 * Generating code needs `new Function`, which a page under a strict Content-Security-Policy (ours
 * included) refuses; there the loop runs. The two must agree on every input, which a property test
 * checks on generated schemas and arbitrary answers.
 *
 * Nothing from the schema becomes code except option values, written as JSON string literals (a
 * JSON string is a valid JavaScript string literal), field ids in the value it builds, and finite
 * numbers. Patterns, issues and closures are passed in as values.
 *
 * The generated check handles the common case only: a plain object whose keys all name fields. It
 * returns `undefined` for anything else (another prototype, an unknown key) before it has changed
 * anything but `raw`, and the loop takes over.
 */
export interface GeneratedCheck {
  /** The check: a result, or undefined when this is not its case (see above). */
  check(answers: object): ValidationResult | undefined;
  /** Clears what `check` wrote into `raw` (the answers conditions read); call after each result. */
  clear(): void;
}

export interface GeneratedCheckParts {
  readonly schema: FormSchema;
  readonly fields: readonly FieldPlan[];
  readonly plan: VisibilityPlan;
  /** The compiled form's scratch array of answers by field index (see compile-form.ts). */
  readonly raw: unknown[];
}

/** The field indexes that some condition or rule `when` reads (see `VisibilityPlan.targetOf`). */
function conditionTargets(schema: FormSchema, plan: VisibilityPlan): Set<number> {
  const ids: string[] = [];
  const logic = (l: ConditionalLogic | undefined) => {
    for (const group of l?.conditionGroups ?? []) for (const c of group.conditions) ids.push(c.fieldId);
  };
  for (const section of schema.sections) logic(section.conditionalLogic);
  for (const field of schema.fields) {
    logic(field.conditionalLogic);
    for (const rule of field.validation?.rules ?? []) if (rule.when) ids.push(rule.when.field);
  }
  const targets = new Set<number>();
  for (const id of ids) {
    const target = plan.targetOf(id);
    if (target) targets.add(target.index);
  }
  // Variables computed in visibility order read fields too, a hidden one as empty.
  for (const step of plan.steps) for (const index of step.reads) targets.add(index);
  return targets;
}

/** Is generating code allowed here? Only where we know it is: Node.js (no CSP), and not disabled. */
export function canGenerateCode(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === 'string';
}

/** A finite number as a literal; anything else through a named constant. */
function numberLiteral(n: number, constant: () => string): string {
  return Number.isFinite(n) ? `(${String(n)})` : constant();
}

/**
 * `isBlank(v)` for a string `v`, with its common answer (a visible first character, not blank)
 * decided inline: a call per answer is a tenth of a clean validation.
 */
const BLANK = '(v.length === 0 || (((ch = v.charCodeAt(0)) < 33 || ch > 126) && isBlank(v)))';

/** `trimmed(v)`, with its common answer (visible first and last characters: `v` itself) inline. */
const TRIMMED =
  '((v.charCodeAt(0) - 33) >>> 0 < 94 && (v.charCodeAt(v.length - 1) - 33) >>> 0 < 94 ? v : trimmed(v));';

/**
 * The longest generated source used: about 95 fields like the benchmark form's (50 fields take
 * ~33,000 characters, 120 ~80,000, 200 ~133,000). Measured on Node 20 on the corpus with the limit
 * lifted, the generated check of 120 and 200 fields was slower than the closures (0.82x and
 * 0.75x), as it was before on a single repeated object past ~90,000 characters.
 */
const MAX_GENERATED_SOURCE = 64_000;

/** Options compared inline up to this many; beyond, the field's Set. */
const INLINE_OPTIONS = 8;

/**
 * Generates the check for a compiled form's fields, or returns null when the platform refuses to
 * run generated code. Call it only where `canGenerateCode` (or the caller) says to try.
 */
export function generateCheck(parts: GeneratedCheckParts): GeneratedCheck | null {
  const { fields, plan } = parts;
  // Values the code refers to as `c0`, `c1`...: parameters of the factory, bound once.
  const values: unknown[] = [];
  const constant = (value: unknown): string => {
    values.push(value);
    return `c${values.length - 1}`;
  };
  const out: string[] = [];

  // 1. Read every answer into `raw` by field index, then into a local. Only a plain object is the
  //    generated check's case, so every key the reader sees is the object's own.
  const readByConditions = conditionTargets(parts.schema, plan);
  out.push('if (getPrototypeOf(a) !== objectPrototype) return undefined;');
  out.push('reader.read(a, raw); if (reader.unknown > 0) return undefined; const known = reader.known;');
  if (plan.cleanHidden !== null) out.push(`${constant(plan.cleanHidden)}(raw);`);
  out.push(plan.fieldIds.map((_, i) => `const v${i} = raw[${i}];`).join(' '));

  // 2. Visibility, step by step in the plan's order (`hs2`: section 2 is hidden, `h7`: field 7).
  //    A hidden field is cleared from `raw`, which is how later conditions read it as empty.
  for (const step of plan.steps) {
    if (step.kind === STEP_VARIABLE) {
      out.push(`${constant(step.compute)}(raw);`);
      continue;
    }
    const visible = step.visible === null ? null : `${constant(step.visible)}(raw)`;
    if (step.kind === STEP_SECTION) {
      out.push(`const hs${step.index} = !${visible ?? 'true'};`);
      continue;
    }
    const hidden = [step.section >= 0 ? `hs${step.section}` : '', visible ? `!${visible}` : '']
      .filter(Boolean)
      .join(' || ');
    const clear = readByConditions.has(step.index)
      ? ` if (h${step.index}) raw[${step.index}] = undefined;`
      : '';
    out.push(`const h${step.index} = ${hidden || 'false'};${clear}`);
  }
  out.push('let errors; let kept = 0; let unchanged = true; let ch = 0;');
  // `w3`: the value kept for the field at display position 3 (undefined: not kept).
  out.push(fields.map((_, f) => `let w${f};`).join(' '));

  // 3. Each field in display order, as the loop's switch does it.
  fields.forEach((field, f) => {
    const F = constant(field);
    const i = field.index;
    const typeIssue = `${F}.typeIssue`;
    const valueIssue = `${F}.valueIssue`;
    const extraIssue = `${F}.extraIssue`;
    const fail = (issue: string) => `errors = append(errors, ${issue});`;
    const empty =
      field.required === null
        ? ''
        : `{ const m = ${F}.required(raw); if (m !== undefined) errors = append(errors, m); }`;
    // The rules, then keeping the (normalised) value.
    const accept = (value: string): string => {
      // Later conditions read the normalised value, which compares as the answer did.
      const store = readByConditions.has(i) ? `raw[${i}] = ${value}; ` : '';
      const normalised = value === 'v' ? '' : `if (${value} !== v) { ${store}unchanged = false; } `;
      const keep = `{ ${normalised}w${f} = ${value}; kept++; }`;
      if (field.rules.length === 0) return keep;
      const tests = field.rules.map((rule, r) => {
        const test = ruleTest(rule, value, constant);
        const failed = `{ errors = append(errors, ${F}.rules[${r}].issue); ok = false; }`;
        return rule.when === null
          ? `if (!(${test})) ${failed}`
          : `if (${F}.rules[${r}].when(raw) && !(${test})) ${failed}`;
      });
      return `{ let ok = true; ${tests.join(' ')} if (ok) ${keep} }`;
    };
    const cap =
      field.cap === Number.POSITIVE_INFINITY ? null : numberLiteral(field.cap, () => constant(field.cap));
    const tooLong = (s: string) =>
      cap === null ? 'false' : `${s}.length > ${cap} && codePointLength(${s}) > ${cap}`;
    // Membership of the string `s` in the field's options.
    const optionTest = (s: string): string =>
      field.optionSet === null && field.options.length <= INLINE_OPTIONS
        ? field.options.map((o) => `${s} === ${JSON.stringify(o)}`).join(' || ') || 'false'
        : `${constant(field.optionSet ?? new Set(field.options))}.has(${s})`;
    const emptyOrType = `else if (isEmptyNonString(v)) ${empty || '{}'} else ${fail(typeIssue)}`;
    let body: string;
    switch (field.kind) {
      case KIND_TEXT:
        body =
          `if (typeof v === 'string') { if (${BLANK}) ${empty || '{}'} ` +
          `else if (${tooLong('v')}) ${fail(extraIssue)} else ${accept('v')} } ${emptyOrType}`;
        break;
      case KIND_EMAIL:
        body =
          `if (typeof v === 'string') { if (${BLANK}) ${empty || '{}'} else { const s = ${TRIMMED} ` +
          `if (${tooLong('s')}) ${fail(extraIssue)} else if (!isEmailAddress(s)) ${fail(valueIssue)} ` +
          `else ${accept('s')} } } ${emptyOrType}`;
        break;
      case KIND_NUMBER:
        body =
          `if (typeof v === 'number') { if (Number.isFinite(v)) ${accept('v')} else ${fail(typeIssue)} } ` +
          `else if (typeof v === 'string' ? ${BLANK} : isEmptyNonString(v)) ${empty || '{}'} ` +
          `else { const n = toNumber(v); if (n === n) ${accept('n')} else ${fail(typeIssue)} }`;
        break;
      case KIND_OPTION: {
        const test = optionTest('v');
        body =
          `if (typeof v === 'string') { if (${BLANK}) ${empty || '{}'} ` +
          `else if (!(${test})) ${fail(valueIssue)} else ${accept('v')} } ${emptyOrType}`;
        break;
      }
      case KIND_CHECKBOX:
        // checkboxIssue, unrolled: each entry an option, none repeated.
        body =
          `if (Array.isArray(v)) { if (v.length === 0) ${empty || '{}'} else { let m = null; ` +
          `scan: for (let j = 0; j < v.length; j++) { const y = v[j]; ` +
          `if (typeof y !== 'string' || !(${optionTest('y')})) { m = ${valueIssue}; break; } ` +
          `for (let k = 0; k < j; k++) if (v[k] === y) { m = ${extraIssue}; break scan; } } ` +
          `if (m === null) ${accept('v')} else errors = append(errors, m); } } ` +
          `else if (v === undefined || v === null || (typeof v === 'string' && ${BLANK})) ${empty || '{}'} ` +
          `else ${fail(typeIssue)}`;
        break;
      case KIND_DATE:
        body =
          `if (typeof v === 'string') { if (${BLANK}) ${empty || '{}'} else { const s = ${TRIMMED} ` +
          `if (!isCalendarDate(s)) ${fail(typeIssue)} else ${accept('s')} } } ${emptyOrType}`;
        break;
      default:
        body =
          `if (isEmptyAnswer(v)) ${empty || '{}'} else { const o = ${F}.check(v); ` +
          `if (o instanceof Issue) errors = append(errors, o); else if (o === EMPTY_ANSWER) ${empty || '{}'} else ${accept('o')} }`;
        break;
    }
    out.push(
      plan.hideable[i] === 1 ? `if (!h${i}) { const v = v${i}; ${body} }` : `{ const v = v${i}; ${body} }`,
    );
  });

  // 4. The result, as the loop builds it (no unknown keys reach this point).
  out.push('if (errors !== undefined) return { ok: false, value: {}, errors };');
  out.push('if (unchanged && kept === known) return { ok: true, value: a, errors: [] };');
  out.push('const value = valueObject();');
  fields.forEach((field, f) => {
    const key = JSON.stringify(field.id);
    // `__proto__` cannot be assigned as a plain property.
    const set = field.protoKey ? `defineAnswer(value, ${key}, w${f})` : `value[${key}] = w${f}`;
    out.push(`if (w${f} !== undefined) ${set};`);
  });
  out.push('return { ok: true, value, errors: [] };');
  const clear = 'raw.fill(undefined);';

  const helpers = {
    getPrototypeOf: Object.getPrototypeOf,
    objectPrototype: Object.prototype,
    defineAnswer,
    valueObject,
    raw: parts.raw,
    reader: parts.plan.reader,
    append,
    isEmptyNonString,
    isEmptyAnswer,
    isBlank,
    trimmed,
    toNumber,
    codePointLength,
    longerThan,
    shorterThan,
    isCalendarDate,
    isEmailAddress,
    Issue,
    EMPTY_ANSWER,
  };
  const names = [...Object.keys(helpers), ...values.map((_, n) => `c${n}`)];
  const args = [...Object.values(helpers), ...values];
  const source = `'use strict';\nreturn {\ncheck(a) {\n${out.join('\n')}\n},\nclear() { ${clear} }\n};`;
  // V8 does not optimise a function this large (about 120 fields); the closures are then faster.
  if (source.length > MAX_GENERATED_SOURCE) return null;
  try {
    const factory = new Function(...names, source) as (...args: unknown[]) => GeneratedCheck;
    return factory(...args);
  } catch {
    // Code generation refused (--disallow-code-generation-from-strings, a CSP): use the loop.
    return null;
  }
}

/** A rule's test on `value` as an expression, with its bound as a literal. */
function ruleTest(rule: RulePlan, value: string, constant: (v: unknown) => string): string {
  const bound = numberLiteral(rule.bound, () => constant(rule.bound));
  switch (rule.op) {
    // !shorterThan and !longerThan, with the UTF-16 length deciding inline when it can.
    case RULE_MIN_LENGTH:
      return `(${value}.length >= ${bound} && (${value}.length >= 2 * ${bound} || !shorterThan(${value}, ${bound})))`;
    case RULE_MAX_LENGTH:
      return `(${value}.length <= ${bound} || !longerThan(${value}, ${bound}))`;
    case RULE_MIN_ITEMS:
      return `${value}.length >= ${bound}`;
    case RULE_MAX_ITEMS:
      return `${value}.length <= ${bound}`;
    case RULE_MIN:
      return `${value} >= ${bound}`;
    case RULE_MAX:
      return `${value} <= ${bound}`;
    case RULE_PATTERN:
      return `${constant(rule.pattern)}.test(${value})`;
    default:
      return 'false';
  }
}
