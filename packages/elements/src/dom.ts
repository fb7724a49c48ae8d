import type { Field } from '@formloom/contract';
import { type Families, type Family, familyOf } from './markup/family.js';
import { ids } from './markup/ids.js';

/**
 * The form's markup inside a shadow root, or inside the element itself where it took over the
 * server's markup (light DOM, one form a page): its elements by id.
 */
export function createDom(root: ShadowRoot | HTMLElement, families: Families = {}) {
  const byId = <T extends HTMLElement = HTMLElement>(id: string): T | null => {
    if (root instanceof ShadowRoot) return root.getElementById(id) as T | null;
    const el = root.ownerDocument.getElementById(id);
    return el !== null && root.contains(el) ? (el as T) : null;
  };

  /** A question type's family module and the field's wrapper, when its family draws it. */
  function drawn(field: Field): [Family, HTMLElement] | undefined {
    const family = families[familyOf(field)!];
    const wrapper = family === undefined ? null : byId(ids.wrapper(field.id));
    return wrapper === null ? undefined : [family!, wrapper];
  }

  /** The focusable controls of a field: its options for radio and checkbox, else its one control. */
  function controlsOf(field: Field): HTMLInputElement[] {
    const family = drawn(field);
    if (family !== undefined) return family[0].controls(field, family[1]) as HTMLInputElement[];
    if (field.type === 'radio' || field.type === 'checkbox') {
      return (field.options ?? [])
        .map((_, i) => byId<HTMLInputElement>(ids.option(field.id, i)))
        .filter((el): el is HTMLInputElement => el !== null);
    }
    const el = byId<HTMLInputElement>(ids.control(field.id));
    return el === null ? [] : [el];
  }

  function setDescribedBy(el: HTMLElement, id: string, on: boolean) {
    const current = (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((v) => v !== '' && v !== id);
    if (on) current.push(id);
    if (current.length > 0) el.setAttribute('aria-describedby', current.join(' '));
    else el.removeAttribute('aria-describedby');
  }

  return {
    byId,
    controlsOf,
    drawn,

    /** What a field holds now, as the engine reads answers; `undefined` when it is empty. */
    read(field: Field): unknown {
      const family = drawn(field);
      if (family !== undefined) return family[0].read(field, family[1]);
      const controls = controlsOf(field);
      if (field.type === 'radio') return controls.find((el) => el.checked)?.value;
      if (field.type === 'checkbox') {
        const chosen = controls.filter((el) => el.checked).map((el) => el.value);
        return chosen.length > 0 ? chosen : undefined;
      }
      const value = controls[0]?.value ?? '';
      return value === '' ? undefined : value;
    },

    /** Puts an answer (a string, a list for checkbox, or a number) in a field's controls. */
    write(field: Field, value: unknown): void {
      const family = drawn(field);
      if (family !== undefined) {
        family[0].write(field, family[1], value);
        return;
      }
      const values = (Array.isArray(value) ? value : [value]).map(String);
      const controls = controlsOf(field);
      if (field.type === 'radio' || field.type === 'checkbox') {
        for (const el of controls) el.checked = values.includes(el.value);
        return;
      }
      const el = controls[0];
      if (el !== undefined && el.type !== 'file') el.value = values[0] ?? '';
    },

    /** Shows a prefilled field read-only (`prefill.editable: false`): its value stays and is sent. */
    lock(field: Field): void {
      for (const el of controlsOf(field)) {
        // readOnly keeps a text control focusable and readable; choices have no read-only state.
        if (
          (el.tagName === 'INPUT' && el.type !== 'radio' && el.type !== 'checkbox') ||
          el.tagName === 'TEXTAREA'
        )
          el.readOnly = true;
        else el.disabled = true;
      }
    },

    /** Shows (or, with `null`, clears) a field's error: text under it, `aria-invalid`, `aria-describedby`. */
    setError(field: Field, message: string | null): void {
      const slot = byId(ids.error(field.id));
      if (slot === null || (slot.textContent === (message ?? '') && slot.hidden === (message === null)))
        return;
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
    },

    /** Focuses a field: its checked option, else its first control. */
    focus(field: Field): void {
      const controls = controlsOf(field);
      (controls.find((el) => el.checked) ?? controls[0])?.focus();
    },

    /** The first control a person can reach inside an element, skipping hidden and disabled ones. */
    firstControlIn(container: HTMLElement): HTMLElement | undefined {
      const candidates = container.querySelectorAll<HTMLInputElement>('input, select, textarea');
      return [...candidates].find(
        (el) => !el.disabled && el.closest('[hidden]') === null && el.tabIndex >= 0,
      );
    },
  };
}

export type Dom = ReturnType<typeof createDom>;

/**
 * The `::part()` names of the markup's elements (the markup carries classes; the element names
 * parts): `.fl-<name>` is the part `<name>`, and a few more by element.
 */
const CLASS_PARTS = 'description progress section field label help error alert button resume done'.split(' ');
const PARTS: [string, string][] = [
  ['form', 'form'],
  ['h1', 'title'],
  ...CLASS_PARTS.map((name): [string, string] => [`.fl-${name}`, name]),
  ['.fl-field input:not([type=radio],[type=checkbox]),select,textarea', 'input'],
  ['.fl-option input', 'input choice'],
  ['.fl-secondary', 'button secondary'],
];

export function nameParts(root: ParentNode): void {
  for (const [selector, part] of PARTS)
    for (const el of root.querySelectorAll(selector)) el.setAttribute('part', part);
}
