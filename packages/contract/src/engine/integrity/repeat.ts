import { SCHEMA_LIMITS } from '../../models/limits.js';
import { inspectExpression } from '../logic/expressions.js';
import { recallReferences } from '../texts/recall.js';
import { translationKeys } from '../texts/translation-keys.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem } from './paths.js';
import { describeOwner, type SchemaIndex } from './schema-index.js';

/**
 * Repeating sections (docs/form-model.md "Repeating sections"): the section's id must be no field's
 * (its answer is keyed by it), `min` at most `max`, and whatever names a field inside one must be
 * able to say which entry it means. Inside a section: its own fields and fields outside any
 * repeating section. Outside: conditions and rules' `when` only, reading any or all entries; `var`,
 * recall and the respondent's copy, which read one answer, cannot; variables count and sum instead.
 */
export function checkRepeats(index: SchemaIndex): SchemaProblem[] {
  const { schema } = index;
  const repeating = new Set(schema.sections.filter((s) => s.repeat).map((s) => s.id));
  // A form with no repeating section has nothing to check unless something speaks of entries.
  const speaksOfEntries = () =>
    index.conditions.some((c) => c.condition.entry !== undefined) ||
    schema.fields.some((f) => f.validation?.rules.some((r) => r.when?.entry !== undefined)) ||
    (schema.variables ?? []).some((v) =>
      inspectExpression(v.expression).refs.some((ref) => ref.op === 'entries' || ref.op === 'sum'),
    );
  if (repeating.size === 0 && !speaksOfEntries()) return [];
  const problems: SchemaProblem[] = [];
  const sectionOf = (fieldId: string): string | undefined => {
    const section = index.fields.get(fieldId)?.sectionId;
    return section !== undefined && repeating.has(section) ? section : undefined;
  };
  const reference = (path: PathSegment[], message: string) =>
    problems.push(problem('repeat_reference', path, message));

  schema.sections.forEach((section, s) => {
    const repeat = section.repeat;
    if (!repeat) return;
    if (index.fields.has(section.id)) {
      problems.push(
        problem(
          'repeat_id_clash',
          ['sections', s, 'id'],
          `Repeating section "${section.id}" has the id of a field; its entries are answered under its id, so give the section or the field another id.`,
        ),
      );
    }
    const max = repeat.max ?? SCHEMA_LIMITS.maxRepeatEntries;
    if (repeat.min !== undefined && repeat.min > max) {
      problems.push(
        problem(
          'min_above_max',
          ['sections', s, 'repeat', 'min'],
          `Repeating section "${section.id}" needs at least ${repeat.min} entries but allows at most ${max}.`,
        ),
      );
    }
  });

  // Conditions.
  for (const site of index.conditions) {
    const target = sectionOf(site.condition.fieldId);
    // A section's own condition, its jumps and the endings are read outside it, as the outer fields' are.
    const owner = site.owner.kind === 'field' ? sectionOf(site.owner.id) : undefined;
    const subject = `${describeOwner(site.owner)} has a condition on "${site.condition.fieldId}"`;
    // A repeating section's own condition on its fields is a visibility cycle (cycles.ts), so
    // the section as owner needs no case here.
    if (owner !== undefined && target !== undefined && target !== owner) {
      reference(
        [...site.path, 'fieldId'],
        `${subject}, a field of another repeating section ("${target}"); a condition inside a repeating section can name only its own fields and fields outside repeating sections.`,
      );
    } else if (owner !== undefined && index.variables.has(site.condition.fieldId)) {
      reference(
        [...site.path, 'fieldId'],
        `${subject}, a variable; a condition inside a repeating section can name only fields.`,
      );
    } else if (site.condition.entry !== undefined && (target === undefined || target === owner)) {
      reference(
        [...site.path, 'entry'],
        `${subject} with "entry", which applies only to a field of a repeating section named from outside it; remove "entry".`,
      );
    }
  }

  // Rules' `when`: read as conditions are, an entry's from inside, any or all entries from outside.
  schema.fields.forEach((field, f) => {
    field.validation?.rules.forEach((rule, r) => {
      const when = rule.when;
      if (when === undefined) return;
      const target = sectionOf(when.field);
      const owner = sectionOf(field.id);
      const path = ['fields', f, 'validation', 'rules', r, 'when'];
      const subject = `Field "${field.id}" has a "${rule.type}" rule that depends on "${when.field}"`;
      if (owner !== undefined && target !== undefined && target !== owner) {
        reference(
          [...path, 'field'],
          `${subject}, a field of another repeating section ("${target}"); a rule inside a repeating section can depend only on its own fields and fields outside repeating sections.`,
        );
      } else if (when.entry !== undefined && (target === undefined || target === owner)) {
        reference(
          [...path, 'entry'],
          `${subject} with "entry", which applies only to a field of a repeating section named from outside it; remove "entry".`,
        );
      }
    });
  });

  // Variables.
  (schema.variables ?? []).forEach((variable, v) => {
    for (const ref of inspectExpression(variable.expression).refs) {
      const path = ['variables', v, 'expression', ...ref.path];
      // A quiz question is never in a repeating section (integrity/quiz.ts says so).
      if (ref.op === 'correct') continue;
      if (ref.op === 'var' || ref.op === 'score') {
        const target = sectionOf(ref.id);
        if (target !== undefined) {
          reference(
            path,
            `Variable "${variable.id}" reads "${ref.id}", a field of repeating section "${target}"; use {"sum": ["${target}", "${ref.id}"]} or {"entries": "${target}"}.`,
          );
        }
      } else if (!repeating.has(ref.id)) {
        reference(
          path,
          `Variable "${variable.id}" counts or sums entries of "${ref.id}", which is not a repeating section.`,
        );
      } else if (ref.op === 'sum' && sectionOf(ref.field!) !== ref.id) {
        reference(
          path,
          `Variable "${variable.id}" sums "${ref.field}", which is not a field of repeating section "${ref.id}".`,
        );
      }
    }
  });

  // Recall.
  for (const text of translationKeys(schema)) {
    if (!text.recall) continue;
    const [kind, at] = text.path;
    const owner =
      kind === 'fields'
        ? sectionOf(schema.fields[at as number]!.id)
        : kind === 'sections' && repeating.has(schema.sections[at as number]!.id)
          ? schema.sections[at as number]!.id
          : undefined;
    for (const id of recallReferences(text.text)) {
      const target = sectionOf(id);
      if (target !== undefined && target !== owner) {
        reference(
          text.path,
          `Text "${text.key}" recalls "${id}", a field of repeating section "${target}"; only the section's own texts can recall it.`,
        );
      }
    }
  }

  const copy = schema.settings?.notifications?.respondentCopy?.emailFieldId;
  if (copy !== undefined && sectionOf(copy) !== undefined) {
    reference(
      ['settings', 'notifications', 'respondentCopy', 'emailFieldId'],
      `The respondent's copy is sent to "${copy}", a field of a repeating section, which may have many answers; choose a field outside it.`,
    );
  }
  return problems;
}
