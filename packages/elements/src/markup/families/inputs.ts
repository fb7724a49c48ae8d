import type { Field } from '@formloom/contract';
import { phoneNumbering } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { ids } from '../ids.js';
import { all, countryOptions, partId, partName, shell } from './parts.js';
import { familyTexts } from './texts.js';

/**
 * `phone`, `url`, `time` and `datetime` as the browser's own inputs (docs/form-model.md "Question
 * types"). A phone number has a country picker whose calling code goes before a national number;
 * a date and time keeps the respondent's UTC offset: the browser's zone with a script, a picked
 * offset without one (`~offset`).
 */

/** The offsets in use, UTC−12:00 … UTC+14:00, as an ISO 8601 date and time writes them. */
const OFFSETS = [
  ...['12', '11', '10', '09:30', '09', '08', '07', '06', '05', '04', '03:30', '03', '02', '01'].map(
    (o) => `-${o.length === 2 ? `${o}:00` : o}`,
  ),
  ...['00', '01', '02', '03', '03:30', '04', '04:30', '05', '05:30', '05:45', '06', '06:30', '07', '08']
    .concat(['08:45', '09', '09:30', '10', '10:30', '11', '12', '12:45', '13', '13:45', '14'])
    .map((o) => `+${o.length === 2 ? `${o}:00` : o}`),
];

const LOCAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?$/;
const STORED = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** `+01:00` as people read it: `UTC+01:00`, `UTC−05:00` (a minus sign), `UTC`. */
const offsetText = (offset: string) => (offset === '+00:00' ? 'UTC' : `UTC${offset.replace('-', '−')}`);

/** A date and time answer's parts: the local date and time as written, and its offset. */
function dateTimeParts(answer: unknown): { local: string; offset: string } | undefined {
  const m = typeof answer === 'string' ? STORED.exec(answer.trim()) : null;
  return m === null ? undefined : { local: m[1]!, offset: m[2] === 'Z' ? '+00:00' : m[2]! };
}

/** A local date and time (`2026-12-01T09:30`) with its offset, seconds always written. */
const withOffset = (local: string, offset: string) =>
  `${local.length === 16 ? `${local}:00` : local}${offset}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC offset of a local date and time in the browser's time zone (summer time counted). */
function browserOffset(local: string): string {
  const [y, mo, d, h, mi, s] = local.split(/[-T:]/).map(Number);
  const minutes = -new Date(y!, mo! - 1, d!, h!, mi!, s ?? 0).getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A stored instant as the browser's local date and time (the input shows the respondent's zone). */
function browserLocal(answer: unknown): string {
  const parts = dateTimeParts(answer);
  const at = parts === undefined ? Number.NaN : Date.parse(withOffset(parts.local, parts.offset));
  if (Number.isNaN(at)) return '';
  const d = new Date(at);
  const seconds = d.getSeconds() === 0 ? '' : `:${pad(d.getSeconds())}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

function dateTime(view: FieldView): SafeHtml {
  const { field, answer, aria } = view;
  const parts = dateTimeParts(answer);
  const offset = parts?.offset ?? '+00:00';
  const offsets = OFFSETS.includes(offset) ? OFFSETS : [...OFFSETS, offset];
  return html`<div class="fl-row"><input type="datetime-local" id="${ids.control(field.id)}" name="${field.id}"${parts === undefined ? '' : html` value="${parts.local}"`}${aria}>
<select class="fl-offset" id="${partId(field.id, 'offset')}" name="${partName(field.id, 'offset')}" aria-label="${familyTexts(view.language).timeZone}"${aria}>
${offsets.map((o) => html`<option value="${o}"${o === offset ? html` selected` : ''}>${offsetText(o)}</option>`)}
</select></div>`;
}

/** The country whose calling code starts a number, the field's default country first. */
function countryOf(number: string, field: Field): string | undefined {
  const preferred = field.phone?.defaultCountry;
  const countries = phoneNumbering()?.countries() ?? [];
  const digits = number.replace(/[^\d+]/g, '');
  const matching = countries.filter(([, code]) => digits.startsWith(`+${code}`));
  const longest = Math.max(0, ...matching.map(([, code]) => code.length));
  const best = matching.filter(([, code]) => code.length === longest).map(([country]) => country);
  return preferred !== undefined && best.includes(preferred) ? preferred : best[0];
}

/**
 * The number's input, and before it a picker of countries with their calling codes (once the
 * engine's phone numbering is loaded; without it a national number is read in the default country).
 */
function phone(view: FieldView): SafeHtml {
  const { field, answer, aria, language } = view;
  const typed = typeof answer === 'string' ? answer : undefined;
  const input = html`<input type="tel" autocomplete="tel" inputmode="tel" id="${ids.control(field.id)}" name="${field.id}"${typed === undefined ? '' : html` value="${typed}"`}${aria}>`;
  const countries = phoneNumbering()?.countries();
  if (countries === undefined) return input;
  const codes = new Map(countries);
  const chosen = (typed?.includes('+') ? countryOf(typed, field) : undefined) ?? field.phone?.defaultCountry;
  // Each option carries its calling code, so the script reads it without the numbering plans.
  const options = countryOptions([...codes.keys()], language, chosen, codes);
  return html`<div class="fl-row"><select class="fl-calling" id="${partId(field.id, 'country')}" name="${partName(field.id, 'country')}" aria-label="${familyTexts(language).callingCode}"${aria}>
${chosen === undefined ? html`<option value=""></option>` : ''}${options.map((o) => html`${o}\n`)}</select>
${input}</div>`;
}

function control(view: FieldView): SafeHtml {
  const { field, answer, aria } = view;
  const id = ids.control(field.id);
  const value = typeof answer === 'string' ? html` value="${answer}"` : '';
  switch (field.type) {
    case 'phone':
      return phone(view);
    case 'datetime':
      return dateTime(view);
    case 'time':
      return html`<input type="time" id="${id}" name="${field.id}"${value}${aria}>`;
    default:
      return html`<input type="url" inputmode="url" autocomplete="url" spellcheck="false" id="${id}" name="${field.id}"${value}${aria}>`;
  }
}

/** What a phone number's input holds, with the chosen country's calling code before a national number. */
function phoneAnswer(typed: string, callingCode: string | undefined): string | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  return text.includes('+') || callingCode === undefined || callingCode === ''
    ? text
    : `+${callingCode} ${text}`;
}

export const family: Family = {
  field: (view) => shell(view, false, control(view)),
  // The typed input first (it takes focus), then the pickers beside it.
  controls: (_field, wrapper) => [...all(wrapper, 'input'), ...all(wrapper, 'select:not([hidden])')],
  mount(field, wrapper) {
    // With a script the offset is the browser's own, for the very date and time chosen.
    if (field.type === 'datetime') for (const select of all(wrapper, 'select')) select.hidden = true;
  },
  read(field, wrapper) {
    const input = wrapper.querySelector('input')!;
    const select = wrapper.querySelector('select');
    if (field.type === 'phone') return phoneAnswer(input.value, select?.selectedOptions[0]?.dataset.code);
    const text = input.value.trim();
    if (text === '') return undefined;
    if (field.type !== 'datetime' || !LOCAL.test(text)) return text;
    return withOffset(text, select === null || select.hidden ? browserOffset(text) : select.value);
  },
  write(field, wrapper, value) {
    const input = wrapper.querySelector('input')!;
    const select = wrapper.querySelector('select');
    if (field.type === 'datetime') {
      input.value = browserLocal(value);
      return;
    }
    input.value = typeof value === 'string' ? value : '';
    if (field.type === 'phone' && select !== null && typeof value === 'string') {
      const country = countryOf(value, field);
      if (country !== undefined) select.value = country;
    }
  },
  post(field, value) {
    if (typeof value !== 'string') return [];
    const parts = field.type === 'datetime' ? dateTimeParts(value) : undefined;
    if (parts === undefined) return [[field.id, value]];
    return [
      [field.id, parts.local],
      [partName(field.id, 'offset'), parts.offset],
    ];
  },
  posted(field, get) {
    const typed = get(field.id)[0] ?? '';
    if (field.type === 'phone') {
      const country = get(partName(field.id, 'country'))[0];
      const code = phoneNumbering()
        ?.countries()
        .find(([c]) => c === country)?.[1];
      return phoneAnswer(typed, code);
    }
    const text = typed.trim();
    if (text === '') return undefined;
    if (field.type !== 'datetime' || !LOCAL.test(text)) return text;
    const offset = get(partName(field.id, 'offset'))[0] ?? '';
    return withOffset(text, /^[+-]\d\d:\d\d$/.test(offset) ? offset : '+00:00');
  },
  style: `.fl-field :is(input[type=tel],input[type=url],input[type=time],input[type=datetime-local]){display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}
.fl-row{display:flex;flex-wrap:wrap;gap:.5rem}.fl-row>input{flex:1 1 12rem;width:auto;min-width:0}.fl-row>select{flex:0 1 auto;width:auto;min-width:0;max-width:100%}.fl-row>.fl-calling{flex-basis:8.5rem}`,
};
