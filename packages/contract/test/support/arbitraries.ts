import fc from 'fast-check';
import { conditionPartProblems } from '../../src/engine/integrity/question-types.js';
import { OPERATOR_TARGET_TYPES, WHEN_TARGET_TYPES } from '../../src/engine/operators.js';
import { type ConditionPart, comparedAs } from '../../src/engine/question-types/table.js';
import type { Condition, ConditionOperator } from '../../src/models/conditional-logic.js';
import { FIELD_TYPES, type Field, type FieldType } from '../../src/models/field.js';
import type { FormSchema } from '../../src/models/form-schema.js';
import { LANGUAGES } from '../../src/models/limits.js';
import type { Section } from '../../src/models/section.js';
import type { ValidationRule } from '../../src/models/validation-rule.js';

/**
 * fast-check generators for schemas that are valid by construction, and for answers that satisfy
 * them. Acyclic by construction: a field's conditions name only earlier fields, a section's
 * conditions name only fields of earlier sections.
 */

/** Safe patterns with which fc.stringMatching can generate matching answers. */
export const SAFE_PATTERNS = ['^[A-Z]{2}-\\d{3}$', '^\\d{5}$', '^[a-z]+$', '^[A-Za-z0-9_]{3,12}$'] as const;

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

interface FieldPlan {
  type: FieldType;
  options: string[];
  /** Index of the section the field belongs to. */
  section: number;
  pattern?: string;
  lengths?: [number, number];
  range?: [number, number];
  required: boolean;
  allowedTypes?: string[];
  /** A question type's config and the choice options' `multiple`, `other`, `exclusiveValue`. */
  extra: Partial<Field>;
}

const SLIDERS = [
  { min: 0, max: 10, step: 0.5 },
  { min: -5, max: 5, step: 1 },
  { min: 0, max: 1, step: 0.1 },
];
const COLUMNS = ['c0', 'c1', 'c2'];

/** The config a field of `type` needs (and the choice options it may have), from random draws. */
function extraFor(
  type: FieldType,
  options: string[],
  n: number,
  flag: boolean,
  flag2: boolean,
): Partial<Field> {
  const choice = type === 'select' || type === 'radio' || type === 'checkbox' || type === 'picture_choice';
  const extra: Partial<Field> = {};
  if ((type === 'select' || type === 'picture_choice') && flag) extra.multiple = true;
  if ((choice || type === 'ranking') && flag2 && n % 3 === 0) extra.other = { label: 'Other' };
  const multiple = type === 'checkbox' || extra.multiple === true;
  if (multiple && options.length >= 2 && n % 4 === 1) extra.exclusiveValue = options[options.length - 1]!;
  switch (type) {
    case 'rating':
      if (flag) extra.rating = { max: 3 + (n % 8) };
      break;
    case 'nps':
      if (flag) extra.nps = { lowLabel: 'Low', highLabel: 'High' };
      break;
    case 'scale':
      extra.scale = { min: n % 2 === 0 ? 0 : 1, max: 2 + (n % 9), ...(flag ? { lowLabel: 'Low' } : {}) };
      break;
    case 'slider':
      extra.slider = { ...SLIDERS[n % SLIDERS.length]!, ...(flag ? { unit: 'km' } : {}) };
      break;
    case 'matrix':
      extra.matrix = {
        rows: ['r0', 'r1', 'r2'].slice(0, 1 + (n % 3)).map((id) => ({ id, label: id.toUpperCase() })),
        columns: COLUMNS.map((value, k) => ({ value, label: value.toUpperCase(), score: k })),
        ...(flag ? { multiple: true } : {}),
      };
      break;
    case 'ranking':
      if (flag) extra.ranking = { top: 1 + (n % options.length) };
      break;
    case 'phone':
      if (flag) extra.phone = { defaultCountry: 'DE' };
      break;
    case 'address':
      if (flag) extra.address = { required: ['country'] };
      break;
    case 'consent':
      extra.consent = { text: 'I agree to the [terms](https://example.org/terms).' };
      break;
    case 'statement':
      extra.statement = { text: 'Read this first.' };
      break;
    default:
      break;
  }
  return extra;
}

/** The field of a plan as far as conditions see it. */
function planField(plan: FieldPlan, id = 'x'): Field {
  const field: Field = { id, sectionId: 's', type: plan.type, label: id, order: 0, ...plan.extra };
  if (
    plan.options.length > 0 &&
    ['select', 'radio', 'checkbox', 'picture_choice', 'ranking'].includes(plan.type)
  ) {
    field.options = plan.options.map((value) => ({ label: value, value }));
  }
  return field;
}

/** The part a condition with `operator` names: a matrix's first row, a ranking's first place for equals. */
function partFor(plan: FieldPlan, operator: ConditionOperator): ConditionPart {
  if (plan.type === 'matrix' && operator !== 'isEmpty' && operator !== 'isNotEmpty') return { row: 'r0' };
  if (plan.type === 'ranking' && (operator === 'equals' || operator === 'notEquals')) return { rank: 1 };
  if (plan.type === 'address' && operator !== 'isEmpty' && operator !== 'isNotEmpty')
    return { part: 'country' };
  return {};
}

/** Whether checkSchema takes a condition with `operator` (on its part) on the plan's field. */
function applies(plan: FieldPlan, operator: ConditionOperator): boolean {
  if (!OPERATOR_TARGET_TYPES[operator].includes(plan.type)) return false;
  return conditionPartProblems(planField(plan), partFor(plan, operator), operator, [], '').length === 0;
}

/**
 * The types a generated form draws from: every one but `payment`, of which a form takes at most
 * one and which is never answered (engine/payment-amount.test.ts prices it).
 */
const GENERATED_TYPES = FIELD_TYPES.filter((t): t is Exclude<FieldType, 'payment'> => t !== 'payment');

const fieldPlanArb = (sectionCount: number): fc.Arbitrary<FieldPlan> =>
  fc
    .record({
      type: fc.constantFrom(...GENERATED_TYPES),
      options: fc.uniqueArray(word, { minLength: 1, maxLength: 5 }),
      section: fc.integer({ min: 0, max: sectionCount - 1 }),
      pattern: fc.option(fc.constantFrom(...SAFE_PATTERNS), { nil: undefined }),
      a: fc.integer({ min: 0, max: 20 }),
      b: fc.integer({ min: 0, max: 20 }),
      useLengths: fc.boolean(),
      useRange: fc.boolean(),
      required: fc.boolean(),
      allowedTypes: fc.subarray(['image/*', 'application/pdf', 'text/plain'], { minLength: 1 }),
      n: fc.integer({ min: 0, max: 1000 }),
      flag: fc.boolean(),
      flag2: fc.boolean(),
    })
    .map((r) => {
      const lo = Math.min(r.a, r.b);
      const hi = Math.max(r.a, r.b);
      const textual = r.type === 'text' || r.type === 'textarea' || r.type === 'email' || r.type === 'hidden';
      // `required` on a hidden field is an integrity error: its value comes from prefill or not at all.
      // So is `required` on a statement, which is never answered.
      const required = r.type === 'hidden' || r.type === 'statement' ? false : r.required;
      const plan: FieldPlan = {
        type: r.type,
        options: r.options,
        section: r.section,
        required,
        extra: extraFor(r.type, r.options, r.n, r.flag, r.flag2),
      };
      // A pattern and length rules together could be unsatisfiable; a field gets one or the other.
      if (textual && r.type !== 'email' && r.pattern) plan.pattern = r.pattern;
      // An email needs about 7 characters at least, so its maxLength leaves room for one.
      else if (textual && r.useLengths)
        plan.lengths = [Math.max(lo, 1), Math.max(hi, 1) + (r.type === 'email' ? 25 : 5)];
      if (r.type === 'checkbox' && r.useLengths) plan.lengths = [1, r.options.length];
      if (r.type === 'number' && r.useRange) plan.range = [lo - 10, hi * 100];
      if (r.type === 'file') plan.allowedTypes = r.allowedTypes;
      return plan;
    });

function conditionValueArb(op: ConditionOperator, target: FieldPlan): fc.Arbitrary<Condition['value']> {
  if (op === 'isEmpty' || op === 'isNotEmpty' || op === 'isChecked' || op === 'isNotChecked') {
    return fc.constant(undefined);
  }
  const compared = comparedAs(planField(target), partFor(target, op));
  if (compared.type === 'number') return fc.integer({ min: -50, max: 500 });
  if (compared.type === 'date') return isoDate;
  if (compared.type === 'time') return fc.constantFrom('08:00', '12:30', '23:59');
  if (compared.type === 'datetime')
    return fc.constantFrom('2026-12-01T09:30:00+01:00', '2027-01-01T00:00:00Z');
  if (compared.values !== undefined) return fc.constantFrom(...compared.values);
  // A phone's equals and notEquals compare phone numbers (E.164): any other value is refused.
  if (target.type === 'phone' && (op === 'equals' || op === 'notEquals'))
    return fc.constantFrom('+4915112345678', '+442079460958', '+33612345678');
  return word;
}

function conditionArb(plans: FieldPlan[], ids: string[], upTo: number): fc.Arbitrary<Condition> | null {
  if (upTo <= 0) return null;
  return fc.integer({ min: 0, max: upTo - 1 }).chain((t) => {
    const target = plans[t]!;
    const ops = (Object.keys(OPERATOR_TARGET_TYPES) as ConditionOperator[]).filter((op) =>
      applies(target, op),
    );
    return fc.constantFrom(...ops).chain((operator) =>
      conditionValueArb(operator, target).map((value) => ({
        fieldId: ids[t]!,
        ...partFor(target, operator),
        operator,
        ...(value === undefined ? {} : { value }),
      })),
    );
  });
}

function logicArb(plans: FieldPlan[], ids: string[], upTo: number) {
  const cond = conditionArb(plans, ids, upTo);
  if (!cond) return fc.constant(undefined);
  return fc.option(
    fc.record({
      action: fc.constantFrom('show' as const, 'hide' as const),
      conditionGroups: fc.array(fc.record({ conditions: fc.array(cond, { minLength: 1, maxLength: 3 }) }), {
        minLength: 1,
        maxLength: 2,
      }),
    }),
    { nil: undefined },
  );
}

function whenArb(plans: FieldPlan[], ids: string[], upTo: number) {
  const candidates = [...Array(upTo).keys()].filter(
    (i) => WHEN_TARGET_TYPES.includes(plans[i]!.type) && applies(plans[i]!, 'equals'),
  );
  if (candidates.length === 0) return fc.constant(undefined);
  return fc.option(
    fc
      .constantFrom(...candidates)
      .chain((t) =>
        fc
          .tuple(conditionValueArb('equals', plans[t]!), fc.boolean())
          .map(([v, eq]) =>
            eq
              ? { field: ids[t]!, ...partFor(plans[t]!, 'equals'), equals: v as string | number }
              : { field: ids[t]!, ...partFor(plans[t]!, 'equals'), notEquals: v as string | number },
          ),
      ),
    { nil: undefined },
  );
}

function rulesFor(plan: FieldPlan, when: ValidationRule['when']): ValidationRule[] {
  const rules: ValidationRule[] = [];
  const w = when ? { when } : {};
  if (plan.pattern) rules.push({ type: 'pattern', value: plan.pattern, message: 'Wrong format', ...w });
  if (plan.lengths) {
    rules.push({ type: 'minLength', value: plan.lengths[0], ...w });
    rules.push({ type: 'maxLength', value: plan.lengths[1] });
  }
  if (plan.range) {
    rules.push({ type: 'min', value: plan.range[0] });
    rules.push({ type: 'max', value: plan.range[1], ...w });
  }
  return rules;
}

/** A FormSchema that passes `checkSchema`, with every field type, rules, `when` and logic. */
export const formSchemaArb: fc.Arbitrary<FormSchema> = fc
  .record({ sectionCount: fc.integer({ min: 1, max: 4 }), fieldCount: fc.integer({ min: 1, max: 14 }) })
  .chain(({ sectionCount, fieldCount }) =>
    fc.array(fieldPlanArb(sectionCount), { minLength: fieldCount, maxLength: fieldCount }).chain((raw) => {
      // Fields sorted by section, so "earlier field" never lives in a later section.
      const plans = [...raw].sort((a, b) => a.section - b.section);
      const ids = plans.map((_, i) => `f${i}`);
      const firstFieldOfSection = (s: number) => {
        const i = plans.findIndex((p) => p.section >= s);
        return i === -1 ? plans.length : i;
      };
      const sectionArbs = [...Array(sectionCount).keys()].map((s) =>
        fc.record({
          title: word,
          logic: s === 0 ? fc.constant(undefined) : logicArb(plans, ids, firstFieldOfSection(s)),
        }),
      );
      const fieldArbs = plans.map((_, i) =>
        fc.record({ label: word, logic: logicArb(plans, ids, i), when: whenArb(plans, ids, i) }),
      );
      return fc
        .tuple(fc.tuple(...sectionArbs), fc.tuple(...fieldArbs), fc.constantFrom(...LANGUAGES))
        .map(([secs, flds, language]) => {
          const sections: Section[] = secs.map((s, i) => ({
            id: `s${i}`,
            title: s.title,
            order: i,
            ...(s.logic ? { conditionalLogic: s.logic } : {}),
          }));
          const fields: Field[] = plans.map((p, i) => {
            const f = flds[i]!;
            const rules = rulesFor(p, f.when);
            const field: Field = {
              id: ids[i]!,
              sectionId: `s${p.section}`,
              type: p.type,
              label: f.label,
              order: i,
              required: p.required,
              ...p.extra,
            };
            if (
              p.type === 'select' ||
              p.type === 'radio' ||
              p.type === 'checkbox' ||
              p.type === 'picture_choice'
            ) {
              // Scores by position, for the variables below.
              field.options = p.options.map((v, k) => ({ label: v.toUpperCase(), value: v, score: k }));
            }
            if (p.type === 'picture_choice') {
              field.options = field.options!.map((o, k) => ({ ...o, imageUrl: `upload:img_${k}` }));
            }
            if (p.type === 'ranking')
              field.options = p.options.map((v) => ({ label: v.toUpperCase(), value: v }));
            if (p.allowedTypes) field.fileConfig = { maxSizeMB: 5, allowedTypes: p.allowedTypes };
            if (rules.length > 0) field.validation = { rules };
            if (f.logic) field.conditionalLogic = f.logic;
            return field;
          });
          // Variables over what the form has: a score total, a number read with a default, a verdict.
          const scored = fields
            .filter((f) => f.type !== 'ranking' && (f.options || f.matrix))
            .map((f) => ({ score: f.id }));
          const numbers = fields.filter((f) => f.type === 'number').map((f) => ({ var: [f.id, 0] }));
          const variables: FormSchema['variables'] = [
            {
              id: 'v_verdict',
              type: 'text',
              expression: { if: [{ '>=': [{ var: 'v_total' }, 3] }, 'high', 'low'] },
            },
            { id: 'v_total', type: 'number', expression: { '+': [...scored, ...numbers, 0] } },
          ];
          return {
            version: '1.0',
            schemaVersion: '2024-01-01',
            meta: { title: 'Generated', language },
            sections,
            fields,
            variables,
          } satisfies FormSchema;
        });
    }),
  );

const MIME_FOR: Record<string, string> = {
  'image/*': 'image/png',
  'application/pdf': 'application/pdf',
  'text/plain': 'text/plain',
};

/** An answer for one field that satisfies every rule it has (so it is valid whatever is visible). */
export function answerArb(field: Field): fc.Arbitrary<unknown> {
  const rules = field.validation?.rules ?? [];
  const pattern = rules.find((r) => r.type === 'pattern');
  const minLength = rules.find((r) => r.type === 'minLength')?.value as number | undefined;
  const maxLength = rules.find((r) => r.type === 'maxLength')?.value as number | undefined;
  const options = (field.options ?? []).map((o) => o.value);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'hidden':
      if (pattern) return fc.stringMatching(new RegExp(pattern.value as string));
      // Built to length rather than filtered: a length filter starves when minLength is large.
      return fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
        minLength: Math.max(minLength ?? 1, 1),
        maxLength: Math.min(maxLength ?? 40, 1000),
      });
    case 'email':
      // Padded to minLength rather than filtered, for the same reason.
      return fc.tuple(word, word).map(([a, b]) => {
        const local = a.padEnd(Math.max((minLength ?? 0) - b.length - 5, a.length), 'x');
        return `${local}@${b}.com`;
      });
    case 'number': {
      const min = rules.find((r) => r.type === 'min')?.value as number | undefined;
      const max = rules.find((r) => r.type === 'max')?.value as number | undefined;
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    }
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'picture_choice': {
      const other = fc.constantFrom({ other: 'Something else' }, { other: ' padded ' });
      if (field.type !== 'checkbox' && field.multiple !== true) {
        return field.other ? fc.oneof(fc.constantFrom(...options), other) : fc.constantFrom(...options);
      }
      // The exclusive option alone, or the others (with an Other text beside them now and then).
      const plain = options.filter((o) => o !== field.exclusiveValue);
      const many = fc
        .tuple(
          fc.subarray(plain, {
            minLength: Math.min(Math.max(minLength ?? 1, 1), plain.length),
            maxLength: Math.min(maxLength ?? plain.length, plain.length),
          }),
          field.other ? fc.option(other, { nil: undefined }) : fc.constant(undefined),
        )
        .map(([values, o]) =>
          o !== undefined && values.length < (maxLength ?? Number.POSITIVE_INFINITY)
            ? [...values, o]
            : values,
        );
      return field.exclusiveValue === undefined ? many : fc.oneof(many, fc.constant([field.exclusiveValue]));
    }
    case 'rating':
      return fc.integer({ min: 1, max: field.rating?.max ?? 5 });
    case 'nps':
      return fc.integer({ min: 0, max: 10 });
    case 'scale':
      return fc.integer({ min: field.scale!.min, max: field.scale!.max });
    case 'slider': {
      const { min, max, step } = field.slider!;
      return fc
        .integer({ min: 0, max: Math.floor((max - min) / step + 1e-9) })
        .map((k) => Number((min + k * step).toPrecision(12)));
    }
    case 'matrix': {
      const config = field.matrix!;
      const columns = config.columns.map((c) => c.value);
      const cell: fc.Arbitrary<unknown> = config.multiple
        ? fc.subarray(columns, { minLength: 1 })
        : fc.constantFrom(...columns);
      const rows = config.rows.map((r) => r.id);
      // Every row when required, else at least one, so the answer is kept.
      return fc
        .subarray(rows, { minLength: field.required ? rows.length : 1 })
        .chain((chosen) =>
          fc
            .tuple(...chosen.map(() => cell))
            .map((cells) => Object.fromEntries(chosen.map((r, k) => [r, cells[k]]))),
        );
    }
    case 'ranking': {
      const top = field.ranking?.top ?? options.length;
      return fc
        .shuffledSubarray(options, { minLength: options.length, maxLength: options.length })
        .map((o) => o.slice(0, top));
    }
    case 'date':
      return isoDate;
    case 'file': {
      const types = field.fileConfig?.allowedTypes ?? ['application/pdf'];
      return fc.record({
        uploadId: fc.uuid(),
        name: word.map((w) => `${w}.bin`),
        size: fc.integer({ min: 1, max: 1024 * 1024 }),
        type: fc.constantFrom(...types.map((t) => MIME_FOR[t] ?? t)),
      });
    }
    case 'phone':
      return fc.constantFrom('+4915112345678', '+442079460958', '+33612345678');
    case 'url':
      return word.map((w) => `https://${w}.example/${w}`);
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    case 'datetime':
      return fc.constantFrom(
        '2026-12-01T09:30:00+01:00',
        '2027-06-30T23:59:59Z',
        '2026-02-28T00:00:00-05:00',
      );
    case 'address':
      return fc.record({
        line1: word.map((w) => `1 ${w} Street`),
        city: word,
        country: fc.constantFrom('DE', 'FR', 'US'),
      });
    case 'signature':
      return fc.record({
        uploadId: fc.uuid(),
        name: fc.constant('signature.png'),
        size: fc.integer({ min: 1, max: 100_000 }),
        type: fc.constant('image/png'),
      });
    case 'consent':
      return fc.constant(true);
    case 'statement':
    case 'payment':
      // Never answered: whatever is sent is dropped, so nothing is sent.
      return fc.constant(undefined);
    default:
      // The question types' arbitraries come with their engine checks.
      throw new Error(`no answer arbitrary for ${field.type} fields yet`);
  }
}

/** Answers for every field of the schema, each satisfying its own rules. */
export function answersArb(schema: FormSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of schema.fields) entries[f.id] = answerArb(f);
  return fc.record(entries);
}
