import type { Field } from '@formloom/contract';
import { sliderText } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { ids } from '../ids.js';
import { all, checked, partId, postedNumber, shell } from './parts.js';
import { familyTexts } from './texts.js';

/**
 * `rating`, `nps` and `scale` as a radio group (native radios in a fieldset: arrow keys move and
 * choose), `slider` as a native range input (Home, End, PageUp, PageDown built in) with its value
 * in an `<output>` (without a script, a number input: see `slider`). Answers are numbers.
 */

const ICONS = { star: '★', heart: '♥' } as const;

/** The points of a radio scale, low to high. */
function points(field: Field): number[] {
  const [min, max] =
    field.type === 'nps'
      ? [0, 10]
      : field.type === 'scale'
        ? [field.scale?.min ?? 1, field.scale?.max ?? 5]
        : [1, field.rating?.max ?? 5];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function ends(labels: (string | undefined)[]): SafeHtml | '' {
  if (labels.every((l) => l === undefined)) return '';
  return html`<div class="fl-ends" aria-hidden="true">${labels.map((l) => html`<span>${l ?? ''}</span>`)}</div>`;
}

function radios(view: FieldView): SafeHtml {
  const { field, answer, aria } = view;
  const icon = field.type === 'rating' ? (field.rating?.icon ?? 'star') : 'number';
  const texts = familyTexts(view.language);
  const items = points(field).map((n) => {
    const id = partId(field.id, n);
    const face =
      icon === 'number'
        ? html`${n}`
        : html`<span aria-hidden="true">${ICONS[icon]}</span><span class="fl-sr">${n}</span>`;
    return html`<span class="fl-point"><input type="radio" id="${id}" name="${field.id}" value="${n}"${checked(answer === n)}${aria}><label for="${id}">${face}</label></span>`;
  });
  const labels =
    field.type === 'nps'
      ? [field.nps?.lowLabel ?? texts.npsLow, field.nps?.highLabel ?? texts.npsHigh]
      : field.type === 'scale'
        ? [field.scale?.lowLabel, field.scale?.midLabel, field.scale?.highLabel]
        : [];
  // The end labels are also read with the first and last point, where a screen reader meets them.
  return html`<div class="fl-points fl-${field.type}${icon === 'number' ? '' : ' fl-icons'}">${items}</div>
${ends(labels)}${labels.some((l) => l !== undefined) ? html`<p class="fl-sr">${labels.filter((l) => l !== undefined).join(' … ')}</p>` : ''}`;
}

/** Unanswered, a range's thumb rests on the grid point nearest the middle. */
function middle(field: Field): number {
  const { min, max, step } = field.slider ?? { min: 0, max: 100, step: 1 };
  return min + Math.round((max - min) / 2 / step) * step;
}

/**
 * A number input with the slider's bounds and step, and its unit beside it: a range always posts
 * a value, so the page without a script could not tell an untouched slider from a chosen middle.
 * The script turns it into a range (`mount`), whose value the `<output>` shows with the unit.
 */
function slider(view: FieldView): SafeHtml {
  const { field, answer, aria } = view;
  const { min, max, step, unit } = field.slider ?? { min: 0, max: 100, step: 1, unit: undefined };
  const id = ids.control(field.id);
  return html`<div class="fl-slider"><input type="number" inputmode="decimal" id="${id}" name="${field.id}" min="${min}" max="${max}" step="${step}"${typeof answer === 'number' ? html` value="${answer}"` : ''}${aria}>
${unit === undefined ? '' : html`<span class="fl-unit">${unit}</span>`}<output id="${partId(field.id, 'value')}" for="${id}" hidden></output></div>`;
}

function showValue(field: Field, wrapper: HTMLElement, input: HTMLInputElement) {
  const output = wrapper.querySelector('output');
  if (output !== null) output.textContent = sliderText(field, Number(input.value));
}

export const family: Family = {
  field: (view) =>
    shell(view, view.field.type !== 'slider', view.field.type === 'slider' ? slider(view) : radios(view)),
  controls: (_field, wrapper) => all(wrapper, 'input'),
  mount(field, wrapper) {
    const input = wrapper.querySelector('input');
    if (field.type !== 'slider' || input === null || input.type === 'range') return;
    const answered = input.value !== '';
    input.type = 'range';
    input.removeAttribute('inputmode');
    if (answered) input.setAttribute('data-answered', '');
    else input.value = String(middle(field));
    for (const unit of all(wrapper, '.fl-unit')) unit.hidden = true;
    wrapper.querySelector('output')!.hidden = false;
    showValue(field, wrapper, input);
  },
  read(field, wrapper) {
    if (field.type === 'slider') {
      const input = wrapper.querySelector('input');
      return input?.hasAttribute('data-answered') ? Number(input.value) : undefined;
    }
    const chosen = all(wrapper, 'input').find((el) => el.checked);
    return chosen === undefined ? undefined : Number(chosen.value);
  },
  write(field, wrapper, value) {
    if (field.type === 'slider') {
      const input = wrapper.querySelector('input');
      if (input === null || typeof value !== 'number') return;
      input.value = String(value);
      input.setAttribute('data-answered', '');
      showValue(field, wrapper, input);
      return;
    }
    for (const el of all(wrapper, 'input')) el.checked = el.value === String(value);
  },
  edit(field, wrapper, event) {
    const input = event.target as HTMLInputElement;
    if (field.type !== 'slider' || input.type !== 'range') return;
    input.setAttribute('data-answered', '');
    showValue(field, wrapper, input);
  },
  post: (field, value) => (typeof value === 'number' ? [[field.id, String(value)]] : []),
  posted: (field, get) => postedNumber(get(field.id)[0]),
  style: `.fl-points{display:flex;flex-wrap:wrap;gap:.35rem}.fl-point{position:relative}.fl-point input{position:absolute;opacity:0;width:100%;height:100%;margin:0;cursor:pointer}
.fl-point label{display:flex;align-items:center;justify-content:center;min-width:2.75rem;min-height:2.75rem;padding:0 .5rem;border:1px solid var(--fl-line);border-radius:var(--fl-radius);font-weight:600}
.fl-point input:checked+label{background:var(--fl-accent);color:var(--fl-accent-fg);border-color:var(--fl-accent)}.fl-point input:focus-visible+label{outline:3px solid var(--fl-accent);outline-offset:2px}
.fl-point input[aria-invalid=true]+label{border-color:var(--fl-error)}
.fl-icons .fl-point label{font-size:1.6rem;border-color:transparent;color:var(--fl-muted)}.fl-icons .fl-point input:checked+label,.fl-icons .fl-point:has(~.fl-point input:checked) label{background:none;color:var(--fl-accent)}
.fl-nps .fl-point label{min-width:2.5rem}.fl-ends{display:flex;justify-content:space-between;gap:1rem;font-size:.9rem;color:var(--fl-muted);margin-top:.35rem}
.fl-slider{display:flex;align-items:center;gap:1rem}.fl-slider input{flex:1;min-width:0;min-height:2.75rem;accent-color:var(--fl-accent)}.fl-slider output{font-weight:600;min-width:4rem}.fl-slider input[type=number]{flex:0 1 10rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}`,
};
