import type { Field, FormResponse, FormSchema } from '@formloom/sdk';

/** The form's fields in the order the respondent saw them: by section, then by field. */
export function fieldsInOrder(schema: FormSchema): Field[] {
  const sectionIndex = new Map(
    [...schema.sections].sort((a, b) => a.order - b.order).map((section, i) => [section.id, i]),
  );
  return [...schema.fields].sort(
    (a, b) =>
      (sectionIndex.get(a.sectionId) ?? 0) - (sectionIndex.get(b.sectionId) ?? 0) || a.order - b.order,
  );
}

/** An answer as text: an option by its label, a file by its name, several values joined. */
export function answerText(field: Field, value: FormResponse['answers'][string] | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const labels = new Map((field.options ?? []).map((o) => [o.value, o.label]));
  if (Array.isArray(value)) return value.map((v) => labels.get(v) ?? v).join(', ');
  if (typeof value === 'object') return value.name;
  return labels.get(value) ?? value;
}
