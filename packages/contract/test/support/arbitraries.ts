import fc from 'fast-check';
import { OPERATOR_TARGET_TYPES, WHEN_TARGET_TYPES } from '../../src/engine/operators.js';
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
}

const fieldPlanArb = (sectionCount: number): fc.Arbitrary<FieldPlan> =>
  fc
    .record({
      type: fc.constantFrom(...FIELD_TYPES),
      options: fc.uniqueArray(word, { minLength: 1, maxLength: 5 }),
      section: fc.integer({ min: 0, max: sectionCount - 1 }),
      pattern: fc.option(fc.constantFrom(...SAFE_PATTERNS), { nil: undefined }),
      a: fc.integer({ min: 0, max: 20 }),
      b: fc.integer({ min: 0, max: 20 }),
      useLengths: fc.boolean(),
      useRange: fc.boolean(),
      required: fc.boolean(),
      allowedTypes: fc.subarray(['image/*', 'application/pdf', 'text/plain'], { minLength: 1 }),
    })
    .map((r) => {
      const lo = Math.min(r.a, r.b);
      const hi = Math.max(r.a, r.b);
      const textual = r.type === 'text' || r.type === 'textarea' || r.type === 'email' || r.type === 'hidden';
      // `required` on a hidden field is an integrity error: its value comes from prefill or not at all.
      const required = r.type === 'hidden' ? false : r.required;
      const plan: FieldPlan = { type: r.type, options: r.options, section: r.section, required };
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
  if (target.type === 'number') return fc.integer({ min: -50, max: 500 });
  if (target.type === 'date') return isoDate;
  if (target.type === 'select' || target.type === 'radio' || target.type === 'checkbox') {
    return fc.constantFrom(...target.options);
  }
  return word;
}

function conditionArb(plans: FieldPlan[], ids: string[], upTo: number): fc.Arbitrary<Condition> | null {
  if (upTo <= 0) return null;
  return fc.integer({ min: 0, max: upTo - 1 }).chain((t) => {
    const target = plans[t]!;
    const ops = (Object.keys(OPERATOR_TARGET_TYPES) as ConditionOperator[]).filter((op) =>
      OPERATOR_TARGET_TYPES[op].includes(target.type),
    );
    return fc
      .constantFrom(...ops)
      .chain((operator) =>
        conditionValueArb(operator, target).map((value) =>
          value === undefined ? { fieldId: ids[t]!, operator } : { fieldId: ids[t]!, operator, value },
        ),
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
  const candidates = [...Array(upTo).keys()].filter((i) => WHEN_TARGET_TYPES.includes(plans[i]!.type));
  if (candidates.length === 0) return fc.constant(undefined);
  return fc.option(
    fc
      .constantFrom(...candidates)
      .chain((t) =>
        fc
          .tuple(conditionValueArb('equals', plans[t]!), fc.boolean())
          .map(([v, eq]) =>
            eq
              ? { field: ids[t]!, equals: v as string | number }
              : { field: ids[t]!, notEquals: v as string | number },
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
            };
            if (p.type === 'select' || p.type === 'radio' || p.type === 'checkbox') {
              // Scores by position, for the variables below.
              field.options = p.options.map((v, k) => ({ label: v.toUpperCase(), value: v, score: k }));
            }
            if (p.allowedTypes) field.fileConfig = { maxSizeMB: 5, allowedTypes: p.allowedTypes };
            if (rules.length > 0) field.validation = { rules };
            if (f.logic) field.conditionalLogic = f.logic;
            return field;
          });
          // Variables over what the form has: a score total, a number read with a default, a verdict.
          const scored = fields.filter((f) => f.options).map((f) => ({ score: f.id }));
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
      return fc.constantFrom(...options);
    case 'checkbox':
      return fc.subarray(options, {
        minLength: Math.max(minLength ?? 1, 1),
        maxLength: maxLength ?? options.length,
      });
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
