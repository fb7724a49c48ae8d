import type { Condition, ConditionGroup } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import { isQuizQuestion } from '../logic/expressions.js';
import { isPaged, sectionOrder } from '../logic/path-basics.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';

/**
 * Jumps and endings (docs/form-model.md "Jumps and endings"): each ending id once, and every jump
 * goes forward to something that exists, a later section or an ending. Their conditions are
 * checked with everyone else's (schema-index.ts collects them).
 */
export function checkJumps(schema: FormSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const endings = new Set<string>();
  schema.settings?.endings?.forEach((ending, e) => {
    if (endings.has(ending.id)) {
      problems.push(
        problem(
          'duplicate_id',
          ['settings', 'endings', e, 'id'],
          `Ending id "${ending.id}" is used more than once; each ending needs its own id.`,
        ),
      );
    }
    endings.add(ending.id);
  });
  const rank = new Map(sectionOrder(schema).map((id, i) => [id, i]));
  schema.sections.forEach((section, s) => {
    section.jumps?.forEach((jump, j) => {
      const path = ['sections', s, 'jumps', j, 'to'];
      const to = jump.to;
      if ('ending' in to) {
        if (!endings.has(to.ending)) {
          problems.push(
            problem(
              'unknown_jump_target',
              [...path, 'ending'],
              `A jump of section "${section.id}" goes to ending "${to.ending}", which is not one of settings.endings.`,
            ),
          );
        }
        return;
      }
      const target = rank.get(to.section);
      if (target === undefined) {
        problems.push(
          problem(
            'unknown_jump_target',
            [...path, 'section'],
            `A jump of section "${section.id}" goes to section "${to.section}", which is not a section of this form.`,
          ),
        );
      } else if (target <= rank.get(section.id)!) {
        problems.push(
          problem(
            'jump_backwards',
            [...path, 'section'],
            `A jump of section "${section.id}" goes back to section "${to.section}"; a jump goes only forward, to a later section or to an ending.`,
          ),
        );
      }
    });
  });
  return problems;
}

/** The pairs of operators that, on the same answer and value, together hold for every answer. */
const COMPLEMENTS: Readonly<Record<string, string>> = {
  isEmpty: 'isNotEmpty',
  isChecked: 'isNotChecked',
  equals: 'notEquals',
  contains: 'notContains',
};

/** The same answer (field, row, place, part, entries) and value, whatever the operator. */
function sameReading(a: Condition, b: Condition): boolean {
  return (
    a.fieldId === b.fieldId &&
    a.row === b.row &&
    a.rank === b.rank &&
    a.part === b.part &&
    a.entry === undefined &&
    b.entry === undefined &&
    a.value === b.value
  );
}

/**
 * Whether the groups match whatever the answers: two groups of one condition each that say
 * opposite things of the same answer ("plan equals pro" or "plan does not equal pro"). What this
 * cannot see, it counts as "may not match", so a warning is never given wrongly.
 */
function alwaysMatches(groups: readonly ConditionGroup[]): boolean {
  const single = groups.filter((g) => g.conditions.length === 1).map((g) => g.conditions[0]!);
  return single.some((a) => single.some((b) => COMPLEMENTS[a.operator] === b.operator && sameReading(a, b)));
}

/**
 * What does not refuse a form but is likely a mistake, for the builder to show: sections no path
 * reaches (every way through jumps past them: a jump whose conditions always match leaves the
 * next section to other jumps), and jumps in a form that is not paged, which are ignored.
 *
 * ```ts
 * schemaWarnings(schema);
 * // [{ code: 'unreachable_section', path: '$.sections[2]', message: 'Section "extra" is on no path ...' }]
 * ```
 */
export function schemaWarnings(schema: FormSchema): SchemaProblem[] {
  const quiz =
    schema.settings?.quiz !== undefined && !schema.fields.some(isQuizQuestion)
      ? [
          problem(
            'quiz_without_questions',
            ['settings', 'quiz'],
            'The form is a quiz, but no choice field has an option marked correct: every response scores 0 of 0.',
          ),
        ]
      : [];
  return [...quiz, ...jumpWarnings(schema)];
}

function jumpWarnings(schema: FormSchema): SchemaProblem[] {
  const withJumps = schema.sections.flatMap((s, i) => ((s.jumps?.length ?? 0) > 0 ? [i] : []));
  if (withJumps.length === 0) return [];
  if (!isPaged(schema)) {
    return withJumps.map((i) =>
      problem(
        'jumps_not_paged',
        ['sections', i, 'jumps'],
        `Section "${schema.sections[i]!.id}" has jumps, but the form is not paged (settings.layout "paged"); jumps are followed only between pages, so they are ignored.`,
      ),
    );
  }
  const order = sectionOrder(schema);
  const rank = new Map(order.map((id, i) => [id, i]));
  const byId = new Map<string, (typeof schema.sections)[number]>();
  for (const section of schema.sections) if (!byId.has(section.id)) byId.set(section.id, section);
  const reached = new Uint8Array(order.length);
  if (order.length > 0) reached[0] = 1;
  // Jumps only go forward, so one pass in order settles every section.
  for (let i = 0; i < order.length; i++) {
    if (reached[i] === 0) continue;
    let fallsThrough = true;
    for (const jump of byId.get(order[i]!)!.jumps ?? []) {
      const target = 'section' in jump.to ? rank.get(jump.to.section) : undefined;
      if (target !== undefined && target > i) reached[target] = 1;
      if (alwaysMatches(jump.conditionGroups)) {
        fallsThrough = false;
        break;
      }
    }
    if (fallsThrough && i + 1 < order.length) reached[i + 1] = 1;
  }
  const problems: SchemaProblem[] = [];
  schema.sections.forEach((section, s) => {
    const i = rank.get(section.id)!;
    if (reached[i] === 1 || schema.sections.findIndex((x) => x.id === section.id) !== s) return;
    problems.push(
      problem(
        'unreachable_section',
        ['sections', s],
        `Section "${section.id}" is on no path: every way through the form jumps past it.`,
      ),
    );
  });
  return problems;
}
