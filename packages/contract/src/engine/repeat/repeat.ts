import type { Condition, ConditionalLogic } from '../../models/conditional-logic.js';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import type { RuleWhen } from '../../models/validation-rule.js';
import { isEntry, toNumber } from '../logic/answer-values.js';
import { entriesId, sumId } from '../logic/expression-operations.js';
import { inspectExpression } from '../logic/expressions.js';
import type { FormChecks } from '../logic/path-basics.js';
import type { formatMessage } from '../messages/index.js';
import type { Answers, ValidationIssue, ValidationResult, VariableValues, Visibility } from '../types.js';
import type { CompiledForm, CompileOptions } from '../validate/compile-form.js';
import type { Issue } from '../validate/issue.js';

/**
 * Repeating sections (docs/form-model.md "Repeating sections"): a form with one is compiled as an
 * outer form (the other sections' fields) and one inner form per repeating section (its fields,
 * with copies of the outer fields its conditions read), each by the ordinary compiler. Ids that
 * begin with `~` cannot be a field's, so the helpers added to both forms never clash:
 *
 * - `~p<n>`: a condition (or a rule's `when`) outside a repeating section on a field inside one.
 *   In the inner form it is a probe, a field shown exactly when the condition holds in an entry; in
 *   the outer form a number field answered 1 when it holds in any (or all) entries, which the
 *   condition (or `when`) now reads.
 * - `entriesId(section)` and `sumId(section, field)`: number fields answered with the count of
 *   entries and the sum of a field over them, which `{"entries": section}` and
 *   `{"sum": [section, field]}` of a variable read.
 */

/**
 * What compile-form.ts hands over: its compiler, and the engine's messages, issues and entry limit.
 * Passed, not imported, so that a browser's chunk of this module shares no module with the start
 * that the start's other chunks do not (each such module would split the start into more files).
 */
export interface RepeatKit {
  compile: (schema: FormSchema, options: CompileOptions) => CompiledForm;
  formatMessage: typeof formatMessage;
  Issue: typeof Issue;
  maxEntries: number;
}

/** The code behind repeating sections, which compile-form.ts takes from `#engine/repeat`. */
export interface RepeatCode {
  compileRepeating(schema: FormSchema, options: CompileOptions, kit: RepeatKit): FormChecks;
}

/** Field ids hidden in each entry of each repeating section, by section id. */
export type EntryVisibility = Record<string, ReadonlySet<string>[]>;

const HELPER_SECTION = '~repeat';
const CONTEXT_SECTION = '~outer';

interface Probe {
  readonly id: string;
  readonly all: boolean;
}

interface Repeating {
  readonly id: string;
  readonly min: number;
  readonly max: number;
  readonly fieldIds: ReadonlySet<string>;
  readonly inner: CompiledForm;
  readonly probes: Probe[];
  readonly sums: { readonly id: string; readonly field: string }[];
  readonly countId: string;
}

/** The state of one set of answers once the entries are read against the outer form. */
interface Reading {
  /** The outer answers with the helpers' values. */
  outer: Record<string, unknown>;
  /** Per repeating section: its entries (none when hidden or not a list of objects). */
  entries: Record<string, unknown>[][];
  /** Per repeating section: the answer is there but not a list of objects. */
  malformed: boolean[];
  hidden: ReadonlySet<string>;
  context: Record<string, unknown>;
}

function helperField(id: string, order: number): Field {
  return { id, sectionId: HELPER_SECTION, type: 'number', label: id, order };
}

/** Maps every condition of a logic block; returns the block unchanged when none changed. */
function mapLogic(
  logic: ConditionalLogic | undefined,
  map: (c: Condition) => Condition,
): ConditionalLogic | undefined {
  if (logic === undefined) return undefined;
  return {
    ...logic,
    conditionGroups: logic.conditionGroups.map((g) => ({ ...g, conditions: g.conditions.map(map) })),
  };
}

function compileRepeating(schema: FormSchema, options: CompileOptions, kit: RepeatKit): FormChecks {
  const { compile, formatMessage, Issue } = kit;
  const repeating = schema.sections.filter((s) => s.repeat !== undefined);
  const repeatingIds = new Set(repeating.map((s) => s.id));
  const innerSection = new Map<string, string>();
  for (const field of schema.fields) {
    if (repeatingIds.has(field.sectionId)) innerSection.set(field.id, field.sectionId);
  }
  const outerFields = schema.fields.filter((f) => !innerSection.has(f.id));

  // Conditions outside on fields inside: one probe each.
  const probesOf = new Map<string, { probe: Probe; condition: Condition }[]>();
  let probeCount = 0;
  const helpers: Field[] = [];
  const outerCondition = (c: Condition): Condition => {
    const section = innerSection.get(c.fieldId);
    if (section === undefined) return c;
    const probe = { id: `~p${probeCount++}`, all: c.entry === 'all' };
    const { entry: _entry, ...condition } = c;
    const list = probesOf.get(section) ?? [];
    list.push({ probe, condition });
    probesOf.set(section, list);
    helpers.push(helperField(probe.id, helpers.length));
    return { fieldId: probe.id, operator: 'equals', value: 1 };
  };
  const withLogic = <T extends { conditionalLogic?: ConditionalLogic | undefined }>(item: T): T => {
    const logic = mapLogic(item.conditionalLogic, outerCondition);
    return logic === undefined ? item : { ...item, conditionalLogic: logic };
  };
  // A rule's `when` outside on a field inside: the same comparison as a condition, so the same probe.
  const outerWhen = (when: RuleWhen): RuleWhen => {
    if (!innerSection.has(when.field)) return when;
    const [operator, value] =
      'equals' in when ? (['equals', when.equals] as const) : (['notEquals', when.notEquals] as const);
    const { field, row, rank, part, entry } = when;
    const condition: Condition = { fieldId: field, operator, value };
    if (row !== undefined) condition.row = row;
    if (rank !== undefined) condition.rank = rank;
    if (part !== undefined) condition.part = part;
    if (entry !== undefined) condition.entry = entry;
    return { field: outerCondition(condition).fieldId, equals: 1 };
  };
  const withWhens = (field: Field): Field => {
    const rules = field.validation?.rules;
    if (rules === undefined || !rules.some((r) => r.when !== undefined && innerSection.has(r.when.field)))
      return field;
    return {
      ...field,
      validation: {
        ...field.validation,
        rules: rules.map((r) => (r.when === undefined ? r : { ...r, when: outerWhen(r.when) })),
      },
    };
  };

  // The sums the variables read (`{"sum": [section, field]}`), by section.
  const sums = new Map<string, { id: string; field: string }[]>();
  for (const variable of schema.variables ?? []) {
    for (const ref of inspectExpression(variable.expression).refs) {
      if (ref.op !== 'sum') continue;
      const id = sumId(ref.id, ref.field!);
      const list = sums.get(ref.id) ?? [];
      if (!list.some((s) => s.id === id)) list.push({ id, field: ref.field! });
      sums.set(ref.id, list);
    }
  }

  const sections: Section[] = schema.sections.map(({ repeat: _repeat, ...s }) => withLogic(s));
  const fields = outerFields.map((f) => withWhens(withLogic(f)));
  for (const s of repeating) helpers.push(helperField(entriesId(s.id), helpers.length));
  for (const list of sums.values()) for (const s of list) helpers.push(helperField(s.id, helpers.length));
  const maxOrder = Math.max(0, ...schema.sections.map((s) => s.order));
  const outerSchema: FormSchema = {
    ...schema,
    sections: [...sections, { id: HELPER_SECTION, title: '', order: maxOrder + 1 }],
    fields: [...fields, ...helpers],
  };
  const outer = compile(outerSchema, options);

  // The outer fields as the inner forms see them: answers to read, nothing to check.
  const context: Field[] = outerFields.map(
    ({ validation: _v, required: _r, conditionalLogic: _c, prefill: _p, ...f }) => ({
      ...f,
      sectionId: CONTEXT_SECTION,
    }),
  );
  const units: Repeating[] = repeating.map((section) => {
    const own = schema.fields.filter((f) => f.sectionId === section.id);
    const probes = probesOf.get(section.id) ?? [];
    const probeFields: Field[] = probes.map(({ probe, condition }, i) => ({
      id: probe.id,
      sectionId: section.id,
      type: 'text',
      label: probe.id,
      order: i,
      conditionalLogic: { action: 'show', conditionGroups: [{ conditions: [condition] }] },
    }));
    const innerSchema: FormSchema = {
      ...schema,
      sections: [
        { id: section.id, title: section.title, order: 0 },
        { id: CONTEXT_SECTION, title: '', order: 1 },
      ],
      fields: [...own, ...probeFields, ...context],
    };
    delete innerSchema.variables;
    return {
      id: section.id,
      min: section.repeat?.min ?? 0,
      max: section.repeat?.max ?? kit.maxEntries,
      fieldIds: new Set(own.map((f) => f.id)),
      inner: compile(innerSchema, options),
      probes: probes.map((p) => p.probe),
      sums: sums.get(section.id) ?? [],
      countId: entriesId(section.id),
    };
  });
  const repeatIds = new Set(units.map((u) => u.id));
  const helperIds = new Set(helpers.map((h) => h.id));
  const sectionOfField = new Map(outerFields.map((f) => [f.id, f.sectionId]));
  const language = outer.language;
  const notEntries = formatMessage(language, 'entries');
  const unknownField = formatMessage(language, 'unknownField');

  /** An entry's answers with the outer context, for its inner form. */
  const entryInput = (unit: Repeating, context: Record<string, unknown>, entry: Record<string, unknown>) => {
    const input: Record<string, unknown> = { ...context };
    for (const key of Object.keys(entry)) if (unit.fieldIds.has(key)) input[key] = entry[key];
    return input;
  };

  /** The outer answers and each section's entries, with the probes settled. */
  function read(answers: Record<string, unknown>): Reading {
    const outerAnswers: Record<string, unknown> = {};
    for (const key of Object.keys(answers)) {
      if (!repeatIds.has(key) && !helperIds.has(key)) outerAnswers[key] = answers[key];
    }
    const malformed: boolean[] = [];
    const all = units.map((unit) => {
      const list = Object.hasOwn(answers, unit.id) ? answers[unit.id] : undefined;
      const ok = list === undefined || list === null || (Array.isArray(list) && list.every(isEntry));
      malformed.push(!ok);
      return ok && Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
    });
    // Each round settles at least one more link of a chain of conditions between the outer form
    // and the entries; without cycles (checkSchema) it ends within one round per probe.
    let probeValues: Record<string, unknown> = {};
    for (let round = 0; ; round++) {
      const outerInput = { ...outerAnswers, ...probeValues };
      const visibility = outer.visibility(outerInput);
      const context: Record<string, unknown> = {};
      for (const [id, section] of sectionOfField) {
        if (
          !visibility.hiddenFields.has(id) &&
          !visibility.hiddenSections.has(section) &&
          Object.hasOwn(outerAnswers, id)
        )
          context[id] = outerAnswers[id];
      }
      const entries = units.map((u, i) => (visibility.hiddenSections.has(u.id) ? [] : all[i]!));
      const next: Record<string, unknown> = {};
      units.forEach((unit, i) => {
        if (unit.probes.length === 0) return;
        const seen = unit.probes.map(() => 0);
        for (const entry of entries[i]!) {
          const hidden = unit.inner.visibility(entryInput(unit, context, entry)).hiddenFields;
          unit.probes.forEach((p, k) => {
            if (!hidden.has(p.id)) seen[k]!++;
          });
        }
        const count = entries[i]!.length;
        unit.probes.forEach((p, k) => {
          if (count > 0 && (p.all ? seen[k] === count : seen[k]! > 0)) next[p.id] = 1;
        });
      });
      const settled =
        Object.keys(next).length === Object.keys(probeValues).length &&
        Object.keys(next).every((k) => Object.hasOwn(probeValues, k));
      probeValues = next;
      if (settled || round > probeCount) {
        return { outer: outerInput, entries, malformed, hidden: visibility.hiddenSections, context };
      }
    }
  }

  /** Adds the count and sums of each visible section to the outer answers. */
  function addTotals(reading: Reading, values: Record<string, unknown>[][]): void {
    units.forEach((unit, i) => {
      if (reading.hidden.has(unit.id)) return;
      const list = values[i]!;
      reading.outer[unit.countId] = list.length;
      for (const sum of unit.sums) {
        let total = 0;
        for (const entry of list) {
          const n = toNumber(entry[sum.field]);
          if (!Number.isNaN(n)) total += n;
        }
        reading.outer[sum.id] = total;
      }
    });
  }

  function stripHelpers<T extends Record<string, unknown>>(value: T): T {
    for (const id of helperIds) delete value[id];
    return value;
  }

  function validate(answers: unknown): ValidationResult {
    if (!isEntry(answers)) return outer.validate(answers);
    const reading = read(answers);
    const errors: ValidationIssue[] = [];
    // The helpers' ids name no field of the form: answered, they are unknown keys (and ignored).
    for (const key of Object.keys(answers)) {
      if (helperIds.has(key)) errors.push(new Issue(key, 'unknown_field', unknownField));
    }
    const values: Record<string, unknown>[][] = units.map(() => []);
    units.forEach((unit, i) => {
      // A hidden section's entries are dropped unchecked, as a hidden field's answer is.
      if (reading.hidden.has(unit.id)) return;
      if (reading.malformed[i]) {
        errors.push(new Issue(unit.id, 'type', notEntries));
        return;
      }
      const entries = reading.entries[i]!;
      const count = entries.length;
      if (count < unit.min) {
        errors.push(
          new Issue(unit.id, 'minEntries', formatMessage(language, 'minEntries', { min: unit.min })),
        );
      } else if (count > unit.max) {
        errors.push(
          new Issue(unit.id, 'maxEntries', formatMessage(language, 'maxEntries', { max: unit.max })),
        );
        return;
      }
      entries.forEach((entry, e) => {
        const at = `${unit.id}[${e}].`;
        for (const key of Object.keys(entry)) {
          if (!unit.fieldIds.has(key)) errors.push(new Issue(at + key, 'unknown_field', unknownField));
        }
        const result = unit.inner.validate(entryInput(unit, reading.context, entry));
        for (const issue of result.errors) {
          if (unit.fieldIds.has(issue.fieldId))
            errors.push(new Issue(at + issue.fieldId, issue.rule, issue.message));
        }
        const value: Record<string, unknown> = {};
        for (const id of unit.fieldIds) if (Object.hasOwn(result.value, id)) value[id] = result.value[id];
        values[i]!.push(value);
      });
    });
    addTotals(reading, values);
    const result = outer.validate(reading.outer);
    const all = [...result.errors, ...errors];
    const value = result.ok ? stripHelpers({ ...result.value }) : {};
    units.forEach((unit, i) => {
      if (result.ok && values[i]!.length > 0) (value as Record<string, unknown>)[unit.id] = values[i];
    });
    const ok = all.length === 0;
    const out = { ok, value: (ok ? value : {}) as Answers, errors: all } as ValidationResult;
    if (result.variables !== undefined) out.variables = ok ? result.variables : {};
    return out;
  }

  function visibility(answers: unknown): Visibility {
    if (!isEntry(answers)) return outer.visibility(answers);
    const reading = read(answers);
    const base = outer.visibility(reading.outer);
    const entries: EntryVisibility = {};
    const hiddenFields = new Set([...base.hiddenFields].filter((id) => !helperIds.has(id)));
    units.forEach((unit, i) => {
      entries[unit.id] = reading.entries[i]!.map((entry) => {
        const hidden = unit.inner.visibility(entryInput(unit, reading.context, entry)).hiddenFields;
        return new Set([...hidden].filter((id) => unit.fieldIds.has(id)));
      });
    });
    const hiddenSections = new Set([...base.hiddenSections].filter((id) => id !== HELPER_SECTION));
    return { hiddenFields, hiddenSections, entries };
  }

  function computeVariables(answers: unknown): VariableValues {
    if (!isEntry(answers)) return outer.variables(answers);
    const reading = read(answers);
    const values = units.map((unit, i) =>
      reading.entries[i]!.map((entry) => {
        const hidden = unit.inner.visibility(entryInput(unit, reading.context, entry)).hiddenFields;
        const value: Record<string, unknown> = {};
        for (const id of unit.fieldIds)
          if (!hidden.has(id) && Object.hasOwn(entry, id)) value[id] = entry[id];
        return value;
      }),
    );
    addTotals(reading, values);
    return outer.variables(reading.outer);
  }

  return {
    schema,
    language,
    generated: outer.generated,
    visibility,
    validate,
    variables: computeVariables,
  };
}

/** What `#engine/repeat` hands to compile-form.ts. */
export const REPEAT_CODE: RepeatCode = { compileRepeating };
