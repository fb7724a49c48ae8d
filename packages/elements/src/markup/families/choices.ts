import type { Field, FieldOption } from '@formloom/contract';
import { imageSource, shuffled } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { ids } from '../ids.js';
import { all, checked, isOther, OTHER_VALUE, partId, partName, shell } from './parts.js';
import { familyTexts } from './texts.js';

/**
 * Choices with the new choice options: `picture_choice` (radios, or checkboxes when `multiple`,
 * whose labels hold the image), `select` with `multiple` (a filter box above a list of
 * checkboxes), and radio, checkbox or select with `other` (an "Other" choice with a text box),
 * `exclusiveValue` (a "None of the above" that clears the others) or `shuffle`.
 */

const isMultiple = (field: Field) =>
  field.type === 'checkbox' || (field.type !== 'radio' && field.multiple === true);

/** The options in the respondent's order, each with its index in the schema (its id). */
function ordered(field: Field, seed: string): [FieldOption, number][] {
  const indexed = (field.options ?? []).map((o, i): [FieldOption, number] => [o, i]);
  return shuffled(field, indexed, seed, ([o]) => o.value === field.exclusiveValue);
}

function chosenValues(answer: unknown): { values: string[]; other: string | undefined } {
  const list = Array.isArray(answer) ? answer : answer === undefined ? [] : [answer];
  const other = list.find(isOther);
  return { values: list.filter((v): v is string => typeof v === 'string'), other: other?.other };
}

function otherBox(field: Field, other: string | undefined, language: string): SafeHtml {
  return html`<div class="fl-other-text"><input type="text" id="${partId(field.id, 'other')}" name="${partName(field.id, 'other')}" aria-label="${field.other?.label ?? familyTexts(language).other}: ${familyTexts(language).otherText}"${other === undefined ? '' : html` value="${other}"`}></div>`;
}

function select(view: FieldView): SafeHtml {
  const { field, answer, aria, seed, language } = view;
  const { values, other } = chosenValues(answer);
  const texts = familyTexts(language);
  return html`<select id="${ids.control(field.id)}" name="${field.id}"${aria}>
<option value="">${field.placeholder ?? ''}</option>
${ordered(field, seed).map(([o]) => html`<option value="${o.value}"${values.includes(o.value) ? html` selected` : ''}>${o.label}</option>`)}
${field.other ? html`<option value="${OTHER_VALUE}"${other === undefined ? '' : html` selected`}>${field.other.label || texts.other}</option>` : ''}
</select>${field.other ? otherBox(field, other, language) : ''}`;
}

function list(view: FieldView): SafeHtml {
  const { field, answer, aria, seed, language } = view;
  const { values, other } = chosenValues(answer);
  const type = isMultiple(field) ? 'checkbox' : 'radio';
  const picture = field.type === 'picture_choice';
  const options = ordered(field, seed).map(([o, i]) => {
    const id = ids.option(field.id, i);
    const src = picture ? imageSource(o.imageUrl) : undefined;
    const face =
      src === undefined
        ? html`${o.label}`
        : html`<img src="${src}" alt="${o.label}" loading="lazy"><span aria-hidden="true">${o.label}</span>`;
    return html`<div class="fl-option${picture ? ' fl-picture' : ''}"><input type="${type}" id="${id}" name="${field.id}" value="${o.value}"${checked(values.includes(o.value))}${aria}><label for="${id}">${face}</label></div>\n`;
  });
  const otherId = partId(field.id, 'other-choice');
  const otherChoice = field.other
    ? html`<div class="fl-option"><input type="${type}" class="fl-other-choice" id="${otherId}" name="${field.id}" value="${OTHER_VALUE}"${checked(other !== undefined)}${aria}><label for="${otherId}">${field.other.label || familyTexts(language).other}</label></div>
${otherBox(field, other, language)}`
    : '';
  const listId = partId(field.id, 'list');
  // The filter says what it is where a sighted respondent looks, not only to a screen reader.
  const search = familyTexts(language).search;
  const filter =
    field.type === 'select'
      ? html`<input type="search" class="fl-filter" id="${partId(field.id, 'filter')}" aria-label="${search}" placeholder="${search}" aria-controls="${listId}" autocomplete="off">`
      : '';
  return html`${filter}<div class="fl-options${picture ? ' fl-pictures' : ''}" id="${listId}">
${options}${otherChoice}</div>`;
}

export const family: Family = {
  field: (view) =>
    view.field.type === 'select' && view.field.multiple !== true
      ? shell(view, false, select(view))
      : shell(view, true, list(view)),
  controls: (_field, wrapper) => all(wrapper, 'input[type=radio],input[type=checkbox],select'),
  read(field, wrapper) {
    const text = wrapper.querySelector<HTMLInputElement>('.fl-other-text input')?.value ?? '';
    const pick = (value: string) => (value === OTHER_VALUE ? { other: text } : value);
    const select = wrapper.querySelector('select');
    if (select !== null) return select.value === '' ? undefined : pick(select.value);
    const chosen = all(wrapper, 'input:checked').map((el) => pick(el.value));
    if (!isMultiple(field)) return chosen[0];
    return chosen.length > 0 ? chosen : undefined;
  },
  write(_field, wrapper, value) {
    const { values, other } = chosenValues(value);
    const on = (v: string) => values.includes(v) || (v === OTHER_VALUE && other !== undefined);
    const select = wrapper.querySelector('select');
    if (select !== null) select.value = [...select.options].find((o) => on(o.value))?.value ?? '';
    for (const el of all(wrapper, 'input[type=radio],input[type=checkbox]')) el.checked = on(el.value);
    const box = wrapper.querySelector<HTMLInputElement>('.fl-other-text input');
    if (box !== null) box.value = other ?? '';
  },
  edit(field, wrapper, event) {
    const target = event.target as HTMLInputElement;
    if (target.classList.contains('fl-filter')) {
      const query = target.value.trim().toLowerCase();
      for (const option of all(wrapper, '.fl-option'))
        option.hidden = query !== '' && !(option.textContent ?? '').toLowerCase().includes(query);
      return;
    }
    const boxes = all(wrapper, 'input[type=checkbox]');
    const exclusive = field.exclusiveValue;
    // Typing an Other text chooses Other.
    if (target.closest('.fl-other-text') !== null && target.value !== '') {
      const choice = wrapper.querySelector<HTMLInputElement>('.fl-other-choice');
      if (choice !== null) choice.checked = true;
      const select = wrapper.querySelector('select');
      if (select !== null) select.value = OTHER_VALUE;
      if (exclusive !== undefined) for (const el of boxes) if (el.value === exclusive) el.checked = false;
      return;
    }
    if (exclusive === undefined || target.type !== 'checkbox' || !target.checked) return;
    for (const el of boxes)
      if (el !== target && (target.value === exclusive || el.value === exclusive)) el.checked = false;
  },
  post(field, value) {
    const { values, other } = chosenValues(value);
    const pairs: [string, string][] = values.map((v) => [field.id, v]);
    if (other !== undefined) pairs.push([field.id, OTHER_VALUE], [partName(field.id, 'other'), other]);
    return pairs;
  },
  posted(field, get) {
    const chosen = [...new Set(get(field.id).filter((v) => v !== ''))];
    const text = get(partName(field.id, 'other'))[0] ?? '';
    const answers = chosen.map((v) => (v === OTHER_VALUE ? { other: text } : v));
    if (isMultiple(field)) return answers.length > 0 ? answers : undefined;
    return answers[0];
  },
  style: `.fl-pictures{display:grid;grid-template-columns:repeat(auto-fill,minmax(8rem,1fr));gap:.75rem}
.fl-picture{position:relative;flex-direction:column;border:1px solid var(--fl-line);border-radius:var(--fl-radius);padding:.5rem}.fl-picture:has(input:checked){border-color:var(--fl-accent);box-shadow:inset 0 0 0 2px var(--fl-accent)}
.fl-picture label{display:flex;flex-direction:column;gap:.35rem}.fl-picture img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:calc(var(--fl-radius)/2)}
.fl-other-text{margin:.25rem 0 0 1.75rem}.fl-options:not(:has(.fl-other-choice:checked))>.fl-other-text{display:none}.fl-field:has(select option[value="${OTHER_VALUE}"]:not(:checked)) .fl-other-text{display:none}
.fl-other-text input,.fl-filter{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}.fl-filter{margin-bottom:.5rem}`,
};
