import type { ConditionGroup } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import type { RecallContext } from '../texts/recall.js';
import type { Visibility } from '../types.js';
import type { FormChecks, FormPath } from './path-basics.js';

/*
 * How conditions of jumps and endings are evaluated: each becomes a probe, a section without
 * fields whose `show` logic is the jump's (or the ending's) groups, added to a copy of the schema.
 * The probe is visible exactly when the groups match, so they are read by the very visibility that
 * show/hide uses: hidden fields read as empty, variables, entries of repeating sections (`entry:
 * any|all`). Probe ids start with `~`, which no id of a schema can (ids are checked by checkSchema).
 */
const jumpProbe = (section: number, jump: number) => `~j${section}.${jump}`;
const endingProbe = (ending: number) => `~e${ending}`;

function probe(id: string, conditionGroups: ConditionGroup[]): Section {
  return {
    id,
    title: '',
    order: Number.MAX_SAFE_INTEGER,
    conditionalLogic: { action: 'show', conditionGroups },
  };
}

/**
 * The schema as a path leaves it: the skipped sections and their fields gone (so conditions and
 * variables naming them read them as empty), no jumps or endings left (the path is decided), and
 * one probe per jump and per ending with conditions.
 */
function derivedSchema(schema: FormSchema, skipped: ReadonlySet<string>, jumps: boolean): FormSchema {
  const probes: Section[] = [];
  const sections = schema.sections
    .filter((s) => !skipped.has(s.id))
    .map((section) => {
      const { jumps: list, ...rest } = section;
      if (jumps && list) {
        const index = schema.sections.indexOf(section);
        list.forEach((jump, j) => {
          probes.push(probe(jumpProbe(index, j), jump.conditionGroups));
        });
      }
      return rest;
    });
  (schema.settings?.endings ?? []).forEach((ending, e) => {
    if (ending.conditionGroups) probes.push(probe(endingProbe(e), ending.conditionGroups));
  });
  // Nor endings (their conditions are probes now): the copy compiles as a form without a path.
  const { endings: _, ...settings } = schema.settings ?? {};
  return {
    ...schema,
    ...(schema.settings && { settings }),
    sections: [...sections, ...probes],
    fields: skipped.size === 0 ? schema.fields : schema.fields.filter((f) => !skipped.has(f.sectionId)),
  };
}

/** The answers without those of skipped sections (their fields, and a repeating section's list). */
function withoutSkipped(schema: FormSchema, answers: unknown, skipped: ReadonlySet<string>): unknown {
  if (skipped.size === 0 || typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    return answers;
  }
  const dropped = new Set(skipped);
  for (const field of schema.fields) if (skipped.has(field.sectionId)) dropped.add(field.id);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (!dropped.has(key)) Object.defineProperty(kept, key, { value, enumerable: true, writable: true });
  }
  return kept;
}

/** The most path-shaped copies of a form kept compiled at once (one per set of skipped sections). */
const MAX_KEPT_PATHS = 64;

/**
 * What the path is compiled with: the compiler of the derived copies, the sections in order
 * (`sectionOrder`) and whether the form takes its jumps (`takesJumps`).
 */
interface PathKit {
  compile: (schema: FormSchema) => FormChecks;
  order: readonly string[];
  jumps: boolean;
}

/** One walk of the path: where it went, and the compiled copy that checks answers along it. */
interface Walk {
  path: FormPath;
  form: FormChecks;
  answers: unknown;
  /** `form`'s visibility of `answers`, probes included. */
  visibility: Visibility;
}

/**
 * Compiles the path of a form. `compile` compiles a schema without jumps or endings (the derived
 * copies, probes included); `jumps`: whether the form takes its jumps (paged), else they are
 * ignored and the path is the visible pages, its ending the first whose conditions match.
 *
 * The walk, for a paged form with jumps: from the first visible section, each page's jumps are
 * tried in order when the page is left, with the answers as they stand then (sections skipped so
 * far read as empty); the first that matches goes to its section (the sections between are
 * skipped) or ends the path at its ending (every later section skipped); with none, the next
 * visible section follows. A jump whose target is not later in the form, or names nothing, is
 * passed over (checkSchema refuses such jumps).
 */
export function compilePath(
  schema: FormSchema,
  { compile, order, jumps }: PathKit,
): { walk(answers: unknown): Walk } {
  const paged = schema.settings?.layout === 'paged';
  const endings = schema.settings?.endings ?? [];
  const endingIds = new Set(endings.map((e) => e.id));
  const sectionIndex = new Map<string, number>();
  schema.sections.forEach((s, i) => {
    if (!sectionIndex.has(s.id)) sectionIndex.set(s.id, i);
  });
  const rank = new Map(order.map((id, i) => [id, i]));

  const kept = new Map<string, FormChecks>();
  const formFor = (skipped: ReadonlySet<string>): FormChecks => {
    const key = order.filter((id) => skipped.has(id)).join('\n');
    let form = kept.get(key);
    if (form === undefined) {
      // The least recently used goes (a Map keeps insertion order; a hit is inserted again), so a
      // form with more paths than are kept still finds its common ones compiled.
      if (kept.size >= MAX_KEPT_PATHS) kept.delete(kept.keys().next().value!);
      form = compile(derivedSchema(schema, skipped, jumps));
    } else {
      kept.delete(key);
    }
    kept.set(key, form);
    return form;
  };

  const endingOf = (hidden: ReadonlySet<string>): string | null => {
    for (let e = 0; e < endings.length; e++) {
      if (endings[e]!.conditionGroups && !hidden.has(endingProbe(e))) return endings[e]!.id;
    }
    return null;
  };

  return {
    walk(answers) {
      const skipped = new Set<string>();
      const first = formFor(skipped);
      let form = first;
      let visibility = form.visibility(answers);
      if (!jumps) {
        const hidden = visibility.hiddenSections;
        // Without jumps: the visible sections when paged, else the one page (the first section).
        const pages = paged ? order.filter((id) => !hidden.has(id)) : order.slice(0, 1);
        return { path: { pages, skipped: [], endingId: endingOf(hidden) }, form, answers, visibility };
      }
      const pages: string[] = [];
      let endingId: string | null = null;
      let endedByJump = false;
      let input = answers;
      for (let i = 0; i < order.length && !endedByJump; ) {
        const id = order[i]!;
        if (skipped.has(id) || visibility.hiddenSections.has(id)) {
          i++;
          continue;
        }
        pages.push(id);
        const index = sectionIndex.get(id)!;
        const list = schema.sections[index]!.jumps ?? [];
        let next = i + 1;
        for (let j = 0; j < list.length; j++) {
          if (visibility.hiddenSections.has(jumpProbe(index, j))) continue;
          const to = list[j]!.to;
          let until: number;
          if ('section' in to) {
            const target = rank.get(to.section);
            if (target === undefined || target <= i) continue;
            until = target;
          } else {
            if (!endingIds.has(to.ending)) continue;
            endingId = to.ending;
            endedByJump = true;
            until = order.length;
          }
          for (let k = i + 1; k < until; k++) skipped.add(order[k]!);
          next = until;
          break;
        }
        if (next > i + 1 || endedByJump) {
          // The conditions read the answers without the skipped sections' (read as empty, as the
          // copy without those sections would read them), so the first copy, compiled once,
          // settles them; the copy without them is only needed to check the answers at the end.
          input = withoutSkipped(schema, answers, skipped);
          visibility = first.visibility(input);
        }
        i = next;
      }
      if (skipped.size > 0) form = formFor(skipped);
      if (!endedByJump) endingId = endingOf(visibility.hiddenSections);
      const path = { pages, skipped: order.filter((id) => skipped.has(id)), endingId };
      return { path, form, answers: input, visibility };
    },
  };
}

/**
 * The compiled form of a form whose path needs the path's code (`needsPathCode`): every check
 * goes along the path, so sections off it are hidden (their answers dropped, their required fields
 * never failing, variables not reading them), and `path` gives `formPath`.
 */
export function compileAlongPath<Options>(
  schema: FormSchema,
  options: Options,
  // Handed by compile-form.ts rather than imported, so that this module's browser chunk shares no
  // module with the start: `compileForm`, `sectionOrder` and `takesJumps`.
  compile: (schema: FormSchema, options: Options) => FormChecks,
  sectionOrder: (schema: FormSchema) => string[],
  takesJumps: (schema: FormSchema) => boolean,
): FormChecks & { path(answers: unknown): FormPath } {
  const plan = compilePath(schema, {
    compile: (derived) => compile(derived, options),
    order: sectionOrder(schema),
    jumps: takesJumps(schema),
  });
  const base = plan.walk({}).form;
  const skippedFields = (skipped: readonly string[]) => {
    const set = new Set(skipped);
    return schema.fields.filter((f) => set.has(f.sectionId)).map((f) => f.id);
  };
  return {
    schema,
    language: base.language,
    generated: base.generated,
    path: (answers) => plan.walk(answers).path,
    validate(answers) {
      const { form, answers: input } = plan.walk(answers);
      return form.validate(input);
    },
    variables(answers) {
      const { form, answers: input } = plan.walk(answers);
      return form.variables(input);
    },
    visibility(answers) {
      const { visibility, path } = plan.walk(answers);
      const hiddenSections = new Set([...visibility.hiddenSections].filter((id) => !id.startsWith('~')));
      for (const id of path.skipped) hiddenSections.add(id);
      const hiddenFields = new Set(visibility.hiddenFields);
      for (const id of skippedFields(path.skipped)) hiddenFields.add(id);
      return visibility.entries === undefined
        ? { hiddenFields, hiddenSections }
        : { hiddenFields, hiddenSections, entries: visibility.entries };
    },
  };
}

/** What a respondent sees once their response is stored: an ending's title and message, or a redirect. */
export interface EndingScreen {
  title?: string;
  message?: string;
  redirectUrl?: string;
}

/**
 * `endingScreen` (`#engine/path`) with the recall it uses handed over, so that this module shares
 * no module with a browser's start.
 */
export function endingScreenWith(
  recall: (text: string, context: RecallContext) => string,
  schema: FormSchema,
  endingId: string | null,
  context: Omit<RecallContext, 'schema'>,
): EndingScreen {
  const reached = endingId === null ? undefined : schema.settings?.endings?.find((e) => e.id === endingId);
  const shown = reached ?? schema.settings?.completion;
  const screen: EndingScreen = {};
  const recalled = { ...context, schema };
  if (reached?.title !== undefined) screen.title = recall(reached.title, recalled);
  if (shown?.message !== undefined) screen.message = recall(shown.message, recalled);
  const redirect = shown?.redirectUrl;
  if (redirect !== undefined && /^https:\/\//i.test(redirect)) screen.redirectUrl = redirect;
  return screen;
}

/** The path's code, which compile-form.ts takes from `#engine/path` (a chunk of its own in a browser). */
export const PATH_CODE = { compile: compileAlongPath, endingScreen: endingScreenWith };
export type PathCode = typeof PATH_CODE;
