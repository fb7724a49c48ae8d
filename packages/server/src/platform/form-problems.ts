import { CreateFormFromSchemaBody } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';

/**
 * Everything wrong with a form a machine wrote (title and schema), as `path: message` lines: the
 * contract's model first, then the same integrity check as for a hand-written schema.
 */
export function formProblems(title: string, schema: unknown): string[] {
  const parsed = CreateFormFromSchemaBody.safeParse({ title, schema });
  if (!parsed.success) {
    return parsed.error.issues.map(
      (i) => `${['$', ...i.path].join('.').replace(/\.(\d+)/g, '[$1]')}: ${i.message}`,
    );
  }
  return checkSchema(parsed.data.schema).map((p) => `${p.path}: ${p.message}`);
}
