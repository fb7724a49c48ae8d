import type { FormSchema } from '@formloom/contract';
import { recallText, type VariableValues } from '@formloom/contract/engine';
import { byId } from './dom.js';
import { ids } from './page-data.js';

interface Target {
  template: string;
  apply: (text: string) => void;
  last?: string;
}

/**
 * The page's texts that recall answers (`{{id}}` in labels, placeholders, help texts, section
 * titles and the description), filled by the engine's `recallText` as the respondent answers.
 * Always set as text (`textContent`, a property), never as HTML: an answer is whatever was typed.
 */
export function createRecall(schema: FormSchema, description: string | null) {
  const targets: Target[] = [];
  const add = (
    template: string | undefined | null,
    el: HTMLElement | null,
    apply?: (text: string) => void,
  ) => {
    if (!template?.includes('{{') || el === null) return;
    targets.push({ template, apply: apply ?? ((text) => (el.textContent = text)) });
  };
  add(description, byId(ids.description));
  for (const section of schema.sections) add(section.title, byId(ids.sectionTitle(section.id)));
  for (const field of schema.fields) {
    if (field.type === 'hidden') continue;
    add(field.label, byId(ids.labelText(field.id)));
    add(field.helpText, byId(ids.help(field.id)));
    const control = byId<HTMLInputElement>(ids.control(field.id));
    if (control instanceof HTMLSelectElement) {
      const first = control.options[0] ?? null;
      if (field.placeholder !== undefined) add(field.placeholder, first);
    } else if (control !== null) {
      add(field.placeholder, control, (text) => (control.placeholder = text));
    }
  }

  return {
    /** Fills every recall with these answers (the page's, as read) and variables. */
    update(answers: Record<string, unknown>, variables: VariableValues): void {
      for (const target of targets) {
        const text = recallText(target.template, { schema, answers, variables });
        if (text === target.last) continue;
        target.last = text;
        target.apply(text);
      }
    },
  };
}
