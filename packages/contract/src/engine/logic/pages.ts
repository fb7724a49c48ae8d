import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { ValidationIssue } from '../types.js';
import type { CompiledForm } from '../validate/compile-form.js';
import { compiledFormFor } from '../validate/validate-response.js';
import { type FormPath, isPaged, sectionOrder } from './path-basics.js';
import { type VisibilityNode, visibilityEdges } from './visibility-graph.js';

/**
 * Pages (docs/form-model.md): with `settings.layout: "paged"` each visible section is a page,
 * named by its section's id, in section order; otherwise the whole form is one page, named by its
 * first section.
 */

function schemaOf(form: FormSchema | CompiledForm): FormSchema {
  return 'validate' in form && typeof form.validate === 'function'
    ? (form as CompiledForm).schema
    : (form as FormSchema);
}

/**
 * The form's fields in the order a respondent meets them: section by section (by `order`), each
 * section's fields by `order`, then any field whose section does not exist. Hidden fields are
 * included: they hold answers too.
 *
 * ```ts
 * fieldOrder(schema).map((f) => f.id); // ['name', 'email', 'utm_source']
 * ```
 */
export function fieldOrder(schema: FormSchema): Field[] {
  const sections = sectionOrder(schema);
  const rank = new Map(sections.map((id, i) => [id, i]));
  return schema.fields
    .map((field, i) => ({ field, i, section: rank.get(field.sectionId) ?? sections.length }))
    .sort((a, b) => a.section - b.section || a.field.order - b.field.order || a.i - b.i)
    .map((e) => e.field);
}

/**
 * The path for these answers (docs/form-model.md "Jumps and endings"): the pages in the order a
 * respondent goes through them, the sections a jump skipped (hidden: their answers are dropped),
 * and the ending reached. One mechanism for the server's checks, the runtime's Next and Back, and
 * the page without JavaScript.
 *
 * ```ts
 * formPath(schema, { plan: 'free' }); // { pages: ['about', 'thanks'], skipped: ['billing'], endingId: null }
 * ```
 */
export function formPath(form: FormSchema | CompiledForm, answers: unknown): FormPath {
  // A form without jumps or endings chosen by conditions has no `path` of its own: its path is
  // its pages not hidden.
  return (
    compiledFormFor(form).path?.(answers) ?? { pages: formPages(form, answers), skipped: [], endingId: null }
  );
}

/**
 * The pages for these answers: the sections on the path in order when the form is paged (a
 * section hidden by its conditions, or skipped by a jump, is left out), else one page. Empty when
 * the form has no section.
 *
 * ```ts
 * formPages(schema, answers); // ['about', 'details', 'consent']
 * ```
 */
export function formPages(form: FormSchema | CompiledForm, answers: unknown): string[] {
  const compiled = compiledFormFor(form);
  if (compiled.path) return compiled.path(answers).pages;
  const order = pageOrder(compiled);
  if (!isPaged(compiled.schema)) return order;
  const { hiddenSections } = compiled.visibility(answers);
  return order.filter((id) => !hiddenSections.has(id));
}

/**
 * Every page a form can show, in order, whatever the answers: the sections' ids when the form is
 * paged (hidden or not), else its one page. A saved partial's furthest page and the drop-off
 * funnel are ranked by it.
 *
 * ```ts
 * pageOrder(schema); // ['about', 'details', 'consent']
 * ```
 */
export function pageOrder(form: FormSchema | CompiledForm): string[] {
  const schema = schemaOf(form);
  const order = sectionOrder(schema);
  return isPaged(schema) ? order : order.slice(0, 1);
}

/**
 * The page a field is on (its section when paged, else the single page), or undefined when no
 * field has that id. A repeating section's id, or an entry's path (`g[1].guest`, as validation
 * names it), is on the section's page. A page may be hidden for some answers: see `formPages`.
 */
export function pageOfField(form: FormSchema | CompiledForm, fieldId: string): string | undefined {
  const schema = schemaOf(form);
  const id = fieldId.replace(/\[\d+\]\..*$/s, '');
  const sectionId =
    schema.fields.find((f) => f.id === id)?.sectionId ??
    schema.sections.find((s) => s.id === id && s.repeat !== undefined)?.id;
  if (sectionId === undefined) return undefined;
  return isPaged(schema) ? sectionId : sectionOrder(schema)[0];
}

/** The outcome of `validatePage`: the errors of that page's visible fields only. */
export interface PageValidation {
  ok: boolean;
  errors: ValidationIssue[];
}

/**
 * Validates one page: the answers are checked as a submission would be (visibility from all of
 * them), and only the errors of fields on this page are kept, so answers of other pages, missing
 * or not, and keys that name no field never fail it. An unknown page has no fields: always ok.
 *
 * ```ts
 * const { ok, errors } = validatePage(schema, answers, 'details');
 * if (ok) goToNextPage();
 * ```
 */
export function validatePage(
  form: FormSchema | CompiledForm,
  answers: unknown,
  pageId: string,
): PageValidation {
  const schema = schemaOf(form);
  const result = compiledFormFor(form).validate(answers);
  const errors = result.errors.filter(
    (e) => e.rule !== 'unknown_field' && pageOfField(schema, e.fieldId) === pageId,
  );
  return { ok: errors.length === 0, errors };
}

/**
 * Whether a field on the page shows or hides by an answer given on that same page (through its
 * own conditions, its section's, or a variable they read). A renderer without live logic (the
 * public page without JavaScript) offers to update the page for such answers; a paged form's
 * other pages follow the answers anyway at the next press. Hidden fields are left out: their
 * value comes from prefill, never typed on the page.
 *
 * ```ts
 * hasSamePageLogic(schema, 'about'); // true: "phone" shows when "contact" on it is "phone"
 * ```
 */
export function hasSamePageLogic(form: FormSchema | CompiledForm, pageId: string): boolean {
  const schema = schemaOf(form);
  const key = (node: VisibilityNode) => `${node.kind}:${node.index}`;
  const dependsOn = new Map<string, VisibilityNode[]>();
  for (const { from, to } of visibilityEdges(schema)) {
    const list = dependsOn.get(key(from)) ?? [];
    list.push(to);
    dependsOn.set(key(from), list);
  }
  const onPage = (index: number) => {
    const field = schema.fields[index]!;
    return field.type !== 'hidden' && pageOfField(schema, field.id) === pageId;
  };
  return schema.fields.some((_, start) => {
    if (!onPage(start)) return false;
    const seen = new Set<string>([key({ kind: 'field', index: start })]);
    const stack = [...(dependsOn.get(key({ kind: 'field', index: start })) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (seen.has(key(node))) continue;
      seen.add(key(node));
      if (node.kind === 'field' && onPage(node.index)) return true;
      stack.push(...(dependsOn.get(key(node)) ?? []));
    }
    return false;
  });
}
