import { answerDisplayText, entryLines } from '@formloom/contract';
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

/** What a response shows in form order: a field's answer, or a repeating section's entries. */
export type AnswerItem =
  | { kind: 'field'; id: string; label: string; field: Field }
  | { kind: 'entries'; id: string; label: string };

/**
 * The form's answers in the order the respondent saw them (`fieldsInOrder`), a repeating section
 * once, where its fields are, in place of them: its answer is the list of its entries. A payment
 * field is left out: its status and amount have their own panel and columns.
 */
export function answerItems(schema: FormSchema): AnswerItem[] {
  const repeating = new Map(schema.sections.filter((s) => s.repeat !== undefined).map((s) => [s.id, s]));
  const items: AnswerItem[] = [];
  for (const field of fieldsInOrder(schema)) {
    if (field.type === 'payment') continue;
    const section = repeating.get(field.sectionId);
    if (section === undefined) items.push({ kind: 'field', id: field.id, label: field.label, field });
    else if (!items.some((item) => item.id === section.id))
      items.push({ kind: 'entries', id: section.id, label: section.title });
  }
  return items;
}

/** An item's answer as text: a field's (`answerText`), or a section's entries one line each. */
export function itemText(schema: FormSchema, item: AnswerItem, answers: FormResponse['answers']): string {
  return item.kind === 'field'
    ? answerText(item.field, answers[item.id])
    : entryLines(schema, schema.sections.find((s) => s.id === item.id)!, answers)
        .map((entry) => entry.lines.map((line) => `${line.label}: ${line.value}`).join('; '))
        .join('\n');
}

type QuizWords = (key: 'quizCell' | 'quizPassed' | 'quizFailed', values?: Record<string, number>) => string;

/**
 * A response's quiz marks in words, as the table and the response's page show them: "75 % (3 of
 * 4), passed" (passed or not only when the quiz has a pass score); empty for a response without.
 */
export function quizText(marks: FormResponse['quiz'] | undefined, words: QuizWords): string {
  if (marks == null) return '';
  const cell = words('quizCell', { score: marks.score, correct: marks.correct, total: marks.total });
  return typeof marks.passed === 'boolean'
    ? `${cell}, ${marks.passed ? words('quizPassed') : words('quizFailed')}`
    : cell;
}
