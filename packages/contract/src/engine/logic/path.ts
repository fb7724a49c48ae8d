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

/*
 * How answers along a path are checked without a copy of the form per path: one more copy, whose
 * every section is also hidden when a marker answer names it. The marker is a text field of a
 * section of its own (`~skip`, `~skipped`: no schema id can start with `~`), answered `|2|5|` for
 * the sections at indices 2 and 5 of `schema.sections`; without it, the copy behaves as the form.
 * A negated condition is exactly the negation of its twin, empty answers included, so `show` logic
 * takes `notContains` in each of its groups.
 */
const SKIP_SECTION = '~skip';
const SKIP_FIELD = '~skipped';
const skipToken = (index: number) => `|${index}|`;

function withSkipMarker(derived: FormSchema, schema: FormSchema): FormSchema {
  const marks = (id: string) => {
    const index = schema.sections.findIndex((s) => s.id === id);
    return { fieldId: SKIP_FIELD, operator: 'contains' as const, value: skipToken(index) };
  };
  const sections = derived.sections.map((section): Section => {
    if (section.id.startsWith('~')) return section;
    const logic = section.conditionalLogic;
    if (logic === undefined)
      return {
        ...section,
        conditionalLogic: { action: 'hide', conditionGroups: [{ conditions: [marks(section.id)] }] },
      };
    if (logic.action === 'hide')
      return {
        ...section,
        conditionalLogic: {
          ...logic,
          conditionGroups: [...logic.conditionGroups, { conditions: [marks(section.id)] }],
        },
      };
    const notMarked = { ...marks(section.id), operator: 'notContains' as const };
    return {
      ...section,
      conditionalLogic: {
        ...logic,
        conditionGroups: logic.conditionGroups.map((g) => ({
          ...g,
          conditions: [...g.conditions, notMarked],
        })),
      },
    };
  });
  return {
    ...derived,
    sections: [...sections, { id: SKIP_SECTION, title: '', order: Number.MAX_SAFE_INTEGER }],
    fields: [
      ...derived.fields,
      { id: SKIP_FIELD, sectionId: SKIP_SECTION, type: 'text', label: '-', order: 0 },
    ],
  };
}

/**
 * The answers without those of skipped sections (their fields, and a repeating section's list).
 * `sectionOf`: each field's section. A plain copy (a `__proto__` key is defined, not assigned):
 * this runs once per jump taken, for every response along a path.
 */
function withoutSkipped(
  sectionOf: ReadonlyMap<string, string>,
  answers: unknown,
  skipped: ReadonlySet<string>,
): unknown {
  if (skipped.size === 0 || typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    return answers;
  }
  const kept: Record<string, unknown> = {};
  const source = answers as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const section = sectionOf.get(key);
    if (skipped.has(key) || (section !== undefined && skipped.has(section))) continue;
    if (key === '__proto__')
      Object.defineProperty(kept, key, { value: source[key], enumerable: true, writable: true });
    else kept[key] = source[key];
  }
  return kept;
}

/** The most copies of a form without a path's skipped sections kept compiled at once (see `markedForm`). */
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
  /** The skip marker's answer when `form` is the marked copy (`withSkipMarker`), `answers` then our own copy. */
  marker?: string;
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
  // Each field's section.
  const sectionOf = new Map<string, string>();
  for (const field of schema.fields) if (!sectionOf.has(field.id)) sectionOf.set(field.id, field.sectionId);
  // The copy with the skip marker, compiled when first needed; null: the form cannot take it.
  let marked: FormChecks | null | undefined;
  const markedForm = (): FormChecks | null => {
    if (marked === undefined) {
      const repeat = schema.sections.some((s) => s.repeat);
      marked = repeat ? null : compile(withSkipMarker(derivedSchema(schema, new Set(), jumps), schema));
    }
    return marked;
  };

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
      const form = first;
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
          // settles them; another copy checks the answers at the end.
          input = withoutSkipped(sectionOf, answers, skipped);
          visibility = first.visibility(input);
        }
        i = next;
      }
      if (!endedByJump) endingId = endingOf(visibility.hiddenSections);
      const path = { pages, skipped: order.filter((id) => skipped.has(id)), endingId };
      if (skipped.size === 0) return { path, form, answers: input, visibility };
      // The marked copy checks the answers with the skipped sections hidden: one compile serves
      // every path. Answers that name the marker themselves (an unknown field of the form), or a
      // form with a repeating section, take a copy compiled without the skipped sections.
      const withMarker = Object.hasOwn(input as object, SKIP_FIELD) ? null : markedForm();
      if (withMarker !== null) {
        const marker = `|${[...skipped].map((id) => sectionIndex.get(id)).join('|')}|`;
        return { path, form: withMarker, answers: input, visibility, marker };
      }
      return { path, form: formFor(skipped), answers: input, visibility };
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
      const { form, answers: input, marker } = plan.walk(answers);
      if (marker === undefined) return form.validate(input);
      // `input` is the walk's own copy: the marker goes on last and comes off again, from the
      // value too (which may be that copy).
      const own = input as Record<string, unknown>;
      own[SKIP_FIELD] = marker;
      const result = form.validate(own);
      delete own[SKIP_FIELD];
      if (result.value !== own) delete (result.value as Record<string, unknown>)[SKIP_FIELD];
      return result;
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
