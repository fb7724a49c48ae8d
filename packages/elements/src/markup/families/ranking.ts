import type { Field, FieldOption } from '@formloom/contract';
import { shuffled } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { all, isOther, partId, partName, postedNumber, shell } from './parts.js';
import { familyTexts } from './texts.js';

/**
 * `ranking`: a list of the options, best first. Each item has a place select (posted as
 * `<fieldId>~<option index>`, so the page without JavaScript ranks too) and, with JavaScript,
 * Move up and Move down buttons; a polite live region says where an item went. Pointer users
 * drag an item or press its buttons. Answer: the ranked values, best first (all of them, or the
 * best `ranking.top`). With `other`, an "Other" item with a text box ranks too, as `{other: text}`,
 * once its text is filled in (without a script: once it is given a place); its place posts as
 * `<fieldId>~other-place` and its text as `<fieldId>~other`, as a choice's Other text does.
 */

/** The places a select offers: every option (and the Other item), or the best `ranking.top`. */
const placesOf = (field: Field) =>
  Math.min(field.ranking?.top ?? Infinity, (field.options?.length ?? 0) + (field.other ? 1 : 0));

const OTHER_PLACE = 'other-place';

/** An item of the list: an option with its index in the schema, or the Other item. */
type Item = [FieldOption, number] | 'other';

function replace(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));
}

/** The items in the order shown: the answer's first, then the rest in the respondent's order. */
function ordered(field: Field, answer: unknown, seed: string): Item[] {
  const indexed = (field.options ?? []).map((o, i): [FieldOption, number] => [o, i]);
  const rest: Item[] = shuffled(field, indexed, seed);
  if (field.other) rest.push('other');
  const ranked = Array.isArray(answer) ? answer : [];
  const first = ranked.flatMap((v): Item[] =>
    isOther(v) ? (field.other ? ['other'] : []) : indexed.filter(([o]) => o.value === v),
  );
  return [...first, ...rest.filter((item) => !first.includes(item))];
}

const items = (wrapper: HTMLElement) => all<HTMLLIElement>(wrapper, 'li');
const otherBox = (li: HTMLElement) => li.querySelector<HTMLInputElement>('.fl-rank-other');

/** An item's answer: its option's value, or `{other: text}`. */
function itemValue(field: Field, li: HTMLLIElement): string | { other: string } | undefined {
  const box = otherBox(li);
  if (box !== null) return { other: box.value };
  return field.options?.[Number(li.querySelector('select')!.name.slice(field.id.length + 1))]?.value;
}

/**
 * Every item's place is its position (the best `top` only); the Other item takes one only once its
 * text is filled in. The moved item's move is said.
 */
function renumber(field: Field, wrapper: HTMLElement, moved?: HTMLLIElement) {
  const list = items(wrapper);
  const top = field.ranking?.top ?? Infinity;
  let place = 0;
  for (const li of list) {
    const box = otherBox(li);
    const ranks = (box === null || box.value.trim() !== '') && place < top;
    li.querySelector('select')!.value = ranks ? String(++place) : '';
  }
  if (moved === undefined) return;
  const at = list.indexOf(moved);
  const live = wrapper.querySelector('.fl-live');
  const lang = wrapper.closest('[lang]')?.getAttribute('lang') ?? 'en';
  if (live !== null)
    live.textContent = replace(familyTexts(lang).moved, {
      item: moved.querySelector('.fl-rank-label')?.textContent ?? '',
      place: at + 1,
      count: list.length,
    });
}

function move(field: Field, wrapper: HTMLElement, li: HTMLLIElement, to: number) {
  const list = items(wrapper);
  const target = Math.max(0, Math.min(list.length - 1, to));
  const parent = li.parentElement!;
  const focused = li.ownerDocument.activeElement;
  list.splice(list.indexOf(li), 1);
  list.splice(target, 0, li);
  parent.append(...list);
  if (focused instanceof HTMLElement && li.contains(focused)) focused.focus();
  renumber(field, wrapper, li);
}

let dragged: HTMLLIElement | undefined;

function control({ field, answer, aria, seed, language }: FieldView): SafeHtml {
  const texts = familyTexts(language);
  const ranked = Array.isArray(answer) ? answer : [];
  const places = Array.from({ length: placesOf(field) }, (_, i) => i + 1);
  const rows = ordered(field, answer, seed).map((item, at) => {
    const other = item === 'other';
    const name = other ? (field.other?.label ?? '') || texts.other : item[0].label;
    const part = other ? OTHER_PLACE : item[1];
    const label = partId(field.id, other ? 'l-other' : `l${part}`);
    const place = at < ranked.length ? at + 1 : undefined;
    const text = other ? ranked.find(isOther)?.other : undefined;
    const box = other
      ? html`<input type="text" class="fl-rank-other" id="${partId(field.id, 'other')}" name="${partName(field.id, 'other')}" aria-label="${name}: ${texts.otherText}"${text === undefined ? '' : html` value="${text}"`}>`
      : '';
    return html`<li class="fl-rank-item" draggable="true"${other ? html` data-other` : ''}><span class="fl-rank-label" id="${label}">${name}</span>${box}
<select id="${partId(field.id, part)}" name="${partName(field.id, part)}" aria-labelledby="${label}"${aria}><option value="">${texts.unranked}</option>${places.map((p) => html`<option value="${p}"${p === place ? html` selected` : ''}>${replace(texts.place, { n: p })}</option>`)}</select>
<span class="fl-moves" hidden><button type="button" class="fl-move" data-move="-1" aria-label="${texts.moveUp}: ${name}">↑</button><button type="button" class="fl-move" data-move="1" aria-label="${texts.moveDown}: ${name}">↓</button></span></li>
`;
  });
  return html`<ol class="fl-ranking">
${rows}</ol>
<p class="fl-sr fl-live" aria-live="polite"></p>`;
}

export const family: Family = {
  field: (view) => shell(view, true, control(view)),
  controls: (_field, wrapper) => all(wrapper, 'select'),
  // The buttons work with a script only: without one, the place selects rank.
  mount(_field, wrapper) {
    for (const moves of all(wrapper, '.fl-moves')) moves.hidden = false;
  },
  read(field, wrapper) {
    const values = items(wrapper)
      .map((li, i) => ({ li, i, place: postedNumber(li.querySelector('select')?.value) }))
      .filter((r) => r.place !== undefined)
      .sort((a, b) => a.place! - b.place! || a.i - b.i)
      .flatMap((r) => itemValue(field, r.li) ?? []);
    return values.length > 0 ? values : undefined;
  },
  write(field, wrapper, value) {
    if (!Array.isArray(value)) return;
    const list = items(wrapper);
    const first = value.flatMap((v) =>
      list.filter((li) => (isOther(v) ? otherBox(li) !== null : itemValue(field, li) === v)),
    );
    const ordered = [...first, ...list.filter((li) => !first.includes(li))];
    list[0]?.parentElement?.append(...ordered);
    ordered.forEach((li, i) => {
      li.querySelector('select')!.value = i < first.length ? String(i + 1) : '';
    });
    const box = list.map(otherBox).find((b) => b !== null);
    if (box) box.value = (value.find(isOther) as { other: string } | undefined)?.other ?? '';
  },
  edit(field, wrapper, event) {
    const target = event.target as HTMLElement;
    const li = target.closest<HTMLLIElement>('li');
    if (li === null) return;
    // A filled Other text ranks the Other item where it stands; an emptied one leaves the ranking.
    if (event.type === 'input' && target === otherBox(li)) renumber(field, wrapper);
    else if (event.type === 'click') {
      const button = target.closest<HTMLButtonElement>('.fl-move');
      if (button === null) return;
      move(field, wrapper, li, items(wrapper).indexOf(li) + Number(button.dataset.move));
    } else if (event.type === 'change' && target.tagName === 'SELECT') {
      const place = postedNumber((target as HTMLSelectElement).value);
      if (place !== undefined) move(field, wrapper, li, place - 1);
    } else if (event.type === 'dragstart') {
      dragged = li;
    } else if (event.type === 'dragover' && dragged !== undefined && items(wrapper).includes(dragged)) {
      event.preventDefault();
    } else if (event.type === 'drop' && dragged !== undefined && items(wrapper).includes(dragged)) {
      event.preventDefault();
      move(field, wrapper, dragged, items(wrapper).indexOf(li));
      dragged = undefined;
    }
  },
  post(field, value) {
    if (!Array.isArray(value)) return [];
    const options = field.options ?? [];
    return value.flatMap((v, place): [string, string][] => {
      if (isOther(v))
        return [
          [partName(field.id, OTHER_PLACE), String(place + 1)],
          [partName(field.id, 'other'), v.other],
        ];
      const i = options.findIndex((o) => o.value === v);
      return i < 0 ? [] : [[partName(field.id, i), String(place + 1)]];
    });
  },
  posted(field, get) {
    const ranked: { value: string | { other: string }; place: number | undefined }[] = (
      field.options ?? []
    ).map((o, i) => ({ value: o.value, place: postedNumber(get(partName(field.id, i))[0]) }));
    if (field.other)
      ranked.push({
        value: { other: get(partName(field.id, 'other'))[0] ?? '' },
        place: postedNumber(get(partName(field.id, OTHER_PLACE))[0]),
      });
    const values = ranked.filter((r) => r.place !== undefined).sort((a, b) => a.place! - b.place!);
    return values.length > 0 ? values.map((r) => r.value) : undefined;
  },
  style: `.fl-ranking{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.fl-rank-item{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;padding:.5rem;border:1px solid var(--fl-line);border-radius:var(--fl-radius);background:var(--fl-card);cursor:grab}
.fl-rank-label{flex:1 1 8rem;overflow-wrap:anywhere}.fl-rank-item select{width:auto;min-height:2.75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius);padding:.25rem .5rem}
.fl-rank-other{flex:1 1 10rem;min-width:0;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}
.fl-moves{display:flex;gap:.25rem}.fl-move{min-width:2.75rem;min-height:2.75rem;font:inherit;border:1px solid var(--fl-line);border-radius:var(--fl-radius);background:var(--fl-card);color:inherit;cursor:pointer}`,
};
