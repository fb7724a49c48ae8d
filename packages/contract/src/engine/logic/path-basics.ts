import type { FormSchema } from '../../models/form-schema.js';
import type { Language } from '../../models/limits.js';
import type { ValidationResult, VariableValues, Visibility } from '../types.js';

/**
 * The path through a form (docs/form-model.md "Jumps and endings"): the pages a respondent goes
 * through for a set of answers, the sections a jump skipped, and the ending reached.
 */
export interface FormPath {
  /** The pages in the order they are met: the visible sections on the path (one page when not paged). */
  pages: string[];
  /** Sections a jump skipped (or left behind by a jump to an ending): hidden, their answers dropped. */
  skipped: string[];
  /** The ending a jump named, else the first of `settings.endings` whose conditions match; null: the default. */
  endingId: string | null;
}

/** What the path needs of a compiled form (`CompiledForm` without `path`). */
export interface FormChecks {
  readonly schema: FormSchema;
  readonly language: Language;
  readonly generated: boolean;
  visibility(answers: unknown): Visibility;
  validate(answers: unknown): ValidationResult;
  variables(answers: unknown): VariableValues;
}

/** Section ids in the order a respondent sees them: by `order`, then as listed, each id once. */
export function sectionOrder(schema: FormSchema): string[] {
  const seen = new Set<string>();
  return schema.sections
    .map((s, i) => ({ id: s.id, order: s.order, i }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map((s) => s.id)
    .filter((id) => {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

export function isPaged(schema: FormSchema): boolean {
  return schema.settings?.layout === 'paged';
}

/** Whether jumps decide this form's path: a paged form with at least one jump (else they are ignored). */
export function takesJumps(schema: FormSchema): boolean {
  return isPaged(schema) && schema.sections.some((s) => s.jumps?.length);
}

/**
 * Whether the form's path needs the path's code (path.ts, `#engine/path`): jumps to follow, or
 * endings chosen by their conditions. Without, the path is the visible sections.
 */
export function needsPathCode(schema: FormSchema): boolean {
  return takesJumps(schema) || !!schema.settings?.endings?.some((e) => e.conditionGroups);
}
