import type { FormSchema } from '@formloom/contract';
import type { Dom } from './dom.js';
import type { ids as Ids } from './markup/ids.js';

/** A text that recalls answers (`{{id}}`) and how to set it, with the text last set. */
export interface Recall {
  template: string;
  apply: (text: string) => void;
  last?: string;
}

/**
 * The texts of the drawn form that recall answers (`{{id}}`): the description, section titles,
 * labels, help texts and placeholders, which the element fills as text from the runtime as it
 * changes. A chunk of its own, loaded with a form that has any (most have none); the element hands
 * over its ids rather than this chunk importing them, so the element's start stays one file.
 */
export function collectRecalls(
  schema: FormSchema,
  description: string | null,
  dom: Dom,
  ids: typeof Ids,
): Recall[] {
  const recalls: Recall[] = [];
  const add = (
    template: string | undefined | null,
    el: HTMLElement | null,
    apply?: (text: string) => void,
  ) => {
    if (!template?.includes('{{') || el === null) return;
    recalls.push({ template, apply: apply ?? ((text) => (el.textContent = text)) });
  };
  add(description, dom.byId(ids.description));
  for (const section of schema.sections) add(section.title, dom.byId(ids.sectionTitle(section.id)));
  for (const field of schema.fields) {
    if (field.type === 'hidden') continue;
    add(field.label, dom.byId(ids.labelText(field.id)));
    add(field.helpText, dom.byId(ids.help(field.id)));
    const control = dom.byId<HTMLInputElement>(ids.control(field.id));
    if (control?.tagName === 'SELECT')
      add(field.placeholder, (control as unknown as HTMLSelectElement).options[0] ?? null);
    else if (control !== null) add(field.placeholder, control, (text) => (control.placeholder = text));
  }
  return recalls;
}
