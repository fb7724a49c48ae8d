import {
  type Condition,
  type ConditionGroup,
  DEFAULT_SCHEMA_VERSION,
  type FormSchema,
  ID_PATTERN,
  type ImportProblem,
  issuesFromZodError,
  type JsonValue,
  SCHEMA_LIMITS,
  type SectionJump,
} from '@formloom/contract';
import { RESERVED_IDS } from '@formloom/contract/integrity';
import type { z } from 'zod';
import { badRequest } from '../../../domain-errors.js';

/*
 * What the Typeform and Google Forms importers share: the report, ids that are safe and unique,
 * texts cut to Formloom's lengths, conditions in the two shapes Formloom reads (condition groups
 * for jumps, JSON Logic for variables), and where in the document each part `settle` leaves out
 * came from. The SurveyJS importer, whose expressions and report are its own, takes the ids, the
 * record test, the schema's frame and the size check.
 */

/**
 * The document read with the shape its source gives it; one that is not of that source is a 400
 * naming each problem under `body.definition`.
 */
export function parseDocument<T extends z.ZodTypeAny>(shape: T, what: string, document: unknown): z.infer<T> {
  const parsed = shape.safeParse(document);
  if (!parsed.success) {
    throw badRequest(`The definition is not ${what}`, issuesFromZodError(parsed.error, 'body.definition'));
  }
  return parsed.data;
}

export class ImportReport {
  readonly problems: ImportProblem[] = [];

  add(path: string, problem: string): void {
    this.problems.push({ path, problem });
  }

  /**
   * Reports each key of `object` the importer did not read. A setting that is off (false, empty,
   * null, or an object of such) carries nothing, so only the ones that say something are named.
   */
  leftovers(object: unknown, read: readonly string[], path: string, what: string): void {
    if (!isRecord(object)) return;
    for (const [key, value] of Object.entries(object)) {
      if (read.includes(key) || isOff(value)) continue;
      this.add(`${path}.${key}`, `${what} "${key}" has no Formloom counterpart`);
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOff(value: unknown, depth = 0): boolean {
  if (value === false || value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return depth < 4 && isRecord(value) && Object.values(value).every((v) => isOff(v, depth + 1));
}

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A text cut to `max` characters; the report says so when it had to be cut. */
export function fit(value: string, max: number, path: string, report: ImportReport): string {
  if (value.length <= max) return value;
  report.add(path, `Longer than Formloom's ${max} characters: cut to ${max}`);
  return `${value.slice(0, max - 1)}…`;
}

/** Unique ids for one form: fields, sections, variables and endings never share one. */
export class IdMaker {
  private readonly taken = new Set<string>();

  /** `wanted` when it is a free, safe id; else the closest safe one, numbered when taken. */
  make(wanted: string, fallback: string): string {
    let base = wanted
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_.:-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60);
    if (base === '' || !ID_PATTERN.test(base) || RESERVED_IDS.has(base)) base = fallback;
    let id = base;
    for (let n = 2; this.taken.has(id); n++) id = `${base}_${n}`;
    this.taken.add(id);
    return id;
  }

  /** Gives back an id made for a part left out after all, so that another part may take it. */
  release(id: string): void {
    this.taken.delete(id);
  }
}

/** Option values from labels: the label itself, numbered when two options share one. */
export function uniqueValues(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels.map((label) => {
    let value = label.slice(0, SCHEMA_LIMITS.maxLabelLength - 6);
    for (let n = 2; seen.has(value); n++)
      value = `${label.slice(0, SCHEMA_LIMITS.maxLabelLength - 6)} (${n})`;
    seen.add(value);
    return value;
  });
}

/** A condition as OR'd groups of AND'd conditions: Formloom's shape for jumps. */
export type Groups = Condition[][];

/**
 * Groups beyond Formloom's limit are cut at one over it: enough for `fitsLimits` to refuse them,
 * and a document of nested and/or conditions cannot make a product of millions of groups.
 */
const OVER = SCHEMA_LIMITS.maxConditionGroups + 1;

export const orGroups = (...alternatives: Groups[]): Groups => alternatives.flat().slice(0, OVER);

/** AND of alternatives: every way of taking one group from each. */
export function andGroups(...parts: Groups[]): Groups {
  return parts.reduce<Groups>(
    (acc, part) => acc.flatMap((left) => part.map((right) => [...left, ...right])).slice(0, OVER),
    [[]],
  );
}

/** Always true, said with the conditions Formloom has: a field is either answered or not. */
export const alwaysGroups = (fieldId: string): Groups => [
  [{ fieldId, operator: 'isEmpty' }],
  [{ fieldId, operator: 'isNotEmpty' }],
];

export function fitsLimits(groups: Groups): boolean {
  return (
    groups.length >= 1 &&
    groups.length <= SCHEMA_LIMITS.maxConditionGroups &&
    groups.every((g) => g.length >= 1 && g.length <= SCHEMA_LIMITS.maxConditionsPerGroup)
  );
}

export const asConditionGroups = (groups: Groups): ConditionGroup[] =>
  groups.map((conditions) => ({ conditions }));

/**
 * One condition as JSON Logic, for a variable's expression. An unanswered field reads as null, so
 * each comparison that JSON Logic would make true with null (`null < 5`) asks for an answer first.
 */
export function conditionLogic(condition: Condition, multiple: boolean): JsonValue {
  const read: JsonValue = { var: condition.fieldId };
  const value = condition.value ?? null;
  const answered: JsonValue = { '!==': [read, null] };
  const both = (test: JsonValue): JsonValue => ({ and: [answered, test] });
  switch (condition.operator) {
    case 'equals':
      return { '==': [read, value] };
    case 'notEquals':
      return { '!=': [read, value] };
    case 'contains':
      return { in: [value, { var: [condition.fieldId, multiple ? [] : ''] }] };
    case 'notContains':
      return { '!': { in: [value, { var: [condition.fieldId, multiple ? [] : ''] }] } };
    case 'startsWith':
    case 'endsWith': {
      const length = String(value).length;
      const part = condition.operator === 'startsWith' ? [0, length] : [-length];
      return { '==': [{ substr: [{ var: [condition.fieldId, ''] }, ...part] }, value] };
    }
    case 'greaterThan':
    case 'after':
      return both({ '>': [read, value] });
    case 'lessThan':
    case 'before':
      return both({ '<': [read, value] });
    case 'greaterThanOrEqual':
      return both({ '>=': [read, value] });
    case 'lessThanOrEqual':
      return both({ '<=': [read, value] });
    case 'isEmpty':
      return { '==': [read, null] };
    case 'isNotEmpty':
      return answered;
    case 'isChecked':
      return { '==': [read, true] };
    case 'isNotChecked':
      return { '!=': [read, true] };
  }
}

/** Groups as JSON Logic: `multipleIds` names the fields answered with a list. */
export function groupsLogic(groups: Groups, multipleIds: ReadonlySet<string>): JsonValue {
  const ands = groups.map((g) => {
    const parts = g.map((c) => conditionLogic(c, multipleIds.has(c.fieldId)));
    return parts.length === 1 ? parts[0]! : { and: parts };
  });
  return ands.length === 1 ? ands[0]! : { or: ands };
}

/** Where each jump of the built schema came from in the document, to report it when it is refused. */
export type JumpOrigins = Map<SectionJump, string>;

/**
 * A form of more questions than Formloom holds is a 400 before the last check runs on it (the
 * creation would refuse it anyway, after checking every part of it).
 */
export function refuseOversized(schema: FormSchema): void {
  if (schema.fields.length <= SCHEMA_LIMITS.maxFields) return;
  throw badRequest('The form has more questions than Formloom holds', [
    {
      path: 'body.definition',
      code: 'too_big',
      message: `${schema.fields.length} questions: a form holds at most ${SCHEMA_LIMITS.maxFields}`,
    },
  ]);
}

/**
 * `where` for `settle`: the place in the document of what the last check left out. `settle` names
 * a jump by its place once it is gone, so the jumps as they were are kept to find the one that
 * went; a variable by its id.
 */
export function originOf(
  schema: FormSchema,
  jumps: JumpOrigins,
  variables: ReadonlyMap<string, string>,
): (schemaPath: string) => string {
  const before = new Map(schema.sections.map((s) => [s, [...(s.jumps ?? [])]]));
  const variableIds = (schema.variables ?? []).map((v) => v.id);
  return (path) => {
    const jump = /^\$\.sections\[(\d+)\]\.jumps/.exec(path);
    const section = jump === null ? undefined : schema.sections[Number(jump[1])];
    if (section !== undefined) {
      const now = section.jumps ?? [];
      const gone = before.get(section)?.find((j) => !now.includes(j));
      before.set(section, [...now]);
      return (gone === undefined ? undefined : jumps.get(gone)) ?? '$';
    }
    const variable = /^\$\.variables\[(\d+)\]/.exec(path);
    if (variable !== null) {
      const id = variableIds.splice(Number(variable[1]), 1)[0];
      return (id === undefined ? undefined : variables.get(id)) ?? '$';
    }
    return '$';
  };
}

/** A schema's frame: the version stamps every new form has. */
export const schemaFrame = (): Pick<FormSchema, 'version' | 'schemaVersion'> => ({
  ...DEFAULT_SCHEMA_VERSION,
});
