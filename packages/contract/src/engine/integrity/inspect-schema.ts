import type { ZodIssue } from 'zod';
import { FormSchema } from '../../models/form-schema.js';
import type { SchemaProblem } from '../types.js';
import { checkSchema } from './check-schema.js';
import { jsonPath } from './paths.js';

export type InspectResult =
  | { ok: true; schema: FormSchema; problems: [] }
  | { ok: false; problems: SchemaProblem[] };

/**
 * Checks untrusted input (a request body, an AI answer, an editor's state): first its shape with
 * the zod `FormSchema` (each issue becomes an `invalid_shape` problem with a JSON path), then, if
 * the shape is right, every integrity rule of `checkSchema`.
 *
 * @example
 * ```ts
 * const result = inspectSchema(JSON.parse(body));
 * if (!result.ok) return reply(400, result.problems);
 * save(result.schema);
 * ```
 */
export function inspectSchema(input: unknown): InspectResult {
  const parsed = FormSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => shapeProblem(input, issue)) };
  }
  const problems = checkSchema(parsed.data);
  return problems.length === 0 ? { ok: true, schema: parsed.data, problems: [] } : { ok: false, problems };
}

function shapeProblem(input: unknown, issue: ZodIssue): SchemaProblem {
  const path = jsonPath(issue.path);
  return { code: 'invalid_shape', path, message: `${ownerOf(input, issue.path)}${path}: ${issue.message}` };
}

/** `Field "age", ` when the issue sits inside a field or section whose id can be read. */
function ownerOf(input: unknown, path: readonly (string | number)[]): string {
  const [list, position] = path;
  if ((list !== 'fields' && list !== 'sections') || typeof position !== 'number' || path.length < 3)
    return '';
  const items = (input as Record<string, unknown>)[list];
  const item = Array.isArray(items) ? (items[position] as unknown) : undefined;
  const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id === '') return '';
  return `${list === 'fields' ? 'Field' : 'Section'} "${id}", `;
}
