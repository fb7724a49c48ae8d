import type { Field } from '@formloom/contract';
import { ids } from './page-data.js';

export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

/** The focusable controls of a field: its options for radio and checkbox, else its one control. */
export function controlsOf(field: Field): HTMLInputElement[] {
  if (field.type === 'radio' || field.type === 'checkbox') {
    return (field.options ?? [])
      .map((_, i) => byId<HTMLInputElement>(ids.option(field.id, i)))
      .filter((el): el is HTMLInputElement => el !== null);
  }
  const el = byId<HTMLInputElement>(ids.control(field.id));
  return el === null ? [] : [el];
}

/** What a field holds now, as the engine reads answers; `undefined` when it is empty. */
export function readField(field: Field): unknown {
  const controls = controlsOf(field);
  switch (field.type) {
    case 'radio':
      return controls.find((el) => el.checked)?.value;
    case 'checkbox': {
      const chosen = controls.filter((el) => el.checked).map((el) => el.value);
      return chosen.length > 0 ? chosen : undefined;
    }
    case 'file':
      return undefined;
    default: {
      const value = controls[0]?.value ?? '';
      return value === '' ? undefined : value;
    }
  }
}

function setDescribedBy(el: HTMLElement, id: string, on: boolean) {
  const current = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((v) => v !== '' && v !== id);
  if (on) current.push(id);
  if (current.length > 0) el.setAttribute('aria-describedby', current.join(' '));
  else el.removeAttribute('aria-describedby');
}

/** Shows (or, with `null`, clears) a field's error: text under it, `aria-invalid`, `aria-describedby`. */
export function setFieldError(field: Field, message: string | null): void {
  const slot = byId(ids.error(field.id));
  if (slot === null) return;
  slot.textContent = message ?? '';
  slot.hidden = message === null;
  const targets: HTMLElement[] = controlsOf(field);
  const wrapper = byId(ids.wrapper(field.id));
  if (field.type === 'radio' && wrapper !== null) targets.push(wrapper);
  for (const el of targets) {
    if (message === null) el.removeAttribute('aria-invalid');
    else el.setAttribute('aria-invalid', 'true');
    setDescribedBy(el, ids.error(field.id), message !== null);
  }
}

/** Focuses a field: its checked option, else its first control. */
export function focusField(field: Field): void {
  const controls = controlsOf(field);
  (controls.find((el) => el.checked) ?? controls[0])?.focus();
}

export function randomKey(): string {
  // crypto.randomUUID needs a secure context; getRandomValues works on plain http too.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
