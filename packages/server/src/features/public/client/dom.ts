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

/** Puts a prefilled value in a field's controls (`prefillAnswers` gives a string, or a list for checkbox). */
export function writeField(field: Field, value: string | string[]): void {
  const values = Array.isArray(value) ? value : [value];
  const controls = controlsOf(field);
  if (field.type === 'radio' || field.type === 'checkbox') {
    for (const el of controls) el.checked = values.includes(el.value);
    return;
  }
  const el = controls[0];
  if (el !== undefined) el.value = values[0] ?? '';
}

/** Shows a prefilled field read-only (`prefill.editable: false`): its value stays and is sent. */
export function lockField(field: Field): void {
  for (const el of controlsOf(field)) {
    // readOnly keeps a text control focusable and readable; choices have no read-only state.
    if (el.tagName === 'INPUT' && el.type !== 'radio' && el.type !== 'checkbox') el.readOnly = true;
    else if (el.tagName === 'TEXTAREA') el.readOnly = true;
    else el.disabled = true;
  }
}

/** The first control a person can reach inside an element, skipping hidden and disabled ones. */
export function firstControlIn(container: HTMLElement): HTMLElement | undefined {
  const candidates = container.querySelectorAll<HTMLInputElement>('input, select, textarea');
  return [...candidates].find((el) => !el.disabled && el.closest('[hidden]') === null);
}
