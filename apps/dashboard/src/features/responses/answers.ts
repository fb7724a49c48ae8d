import { answerDisplayText } from '@formloom/contract';
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

/**
 * An answer as text, as the engine shows it (an option by its label, a file by its name, "4/5"); a
 * signature by its file's name, as a file.
 */
export function answerText(field: Field, value: FormResponse['answers'][string] | undefined): string {
  return answerDisplayText(field.type === 'signature' ? { ...field, type: 'file' } : field, value);
}
