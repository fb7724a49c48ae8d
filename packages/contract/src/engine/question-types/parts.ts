import type { Field } from '../../models/field.js';
import { numberText } from '../logic/answer-values.js';

export { formatMinorUnits } from '../../models/currencies.js';
export { shuffled } from './shuffle.js';

/**
 * What the renderers' question-type components use of the engine, `@formloom/contract/engine/parts`:
 * an entry apart from `./engine` so that an app's bundler keeps it in the lazily loaded chunks
 * that draw the question types, out of the start every form pays for (docs/embedding.md "Sizes").
 */

/**
 * A slider's value as the engine shows it everywhere (exports, recall, the slider's own output):
 * the number as a person writes it, then the unit. `''` for no number.
 *
 * ```ts
 * sliderText({ slider: { min: 0, max: 10, step: 0.5, unit: 'km' } }, 2.5); // '2.5 km'
 * ```
 */
export function sliderText(field: Pick<Field, 'slider'>, value: unknown): string {
  const shown = typeof value === 'number' ? numberText(value) : '';
  return shown !== '' && field.slider?.unit !== undefined ? `${shown} ${field.slider.unit}` : shown;
}

/**
 * An option's image as a renderer shows it: an https URL, a path on the form's own server, or the
 * server's own image route over plain http (`publicImageUrl` of a server without TLS, such as one
 * run locally, names an owner upload so). Anything else (`//host`, `/\\host`, `data:`,
 * `javascript:`, another http URL) shows no image.
 *
 * ```ts
 * imageSource('http://localhost:3000/v1/public/images/Qm9v'); // shown
 * imageSource('http://tracker.example/pixel.png'); // undefined
 * ```
 */
export function imageSource(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  if (/^https:\/\//i.test(url) || /^\/(?![/\\])/.test(url)) return url;
  return /^http:\/\/[^/?#\\@]+\/v1\/public\/images\/[\w-]+$/i.test(url) ? url : undefined;
}

/** A piece of a notice's text: plain text, or a link (always https). */
export type NoticePiece = string | { readonly text: string; readonly href: string };

const NOTICE_LINK = /\[([^\]\n]+)\]\((https:\/\/[^\s()<>"]+)\)/g;

/**
 * A consent's or a statement's text as paragraphs (split at blank lines) of text and links: a
 * `[label](https://…)` becomes a link; any other bracket, and a link to anything but https, stays
 * text as written. A renderer shows the pieces as text (never as HTML), each link opening apart.
 *
 * ```ts
 * noticeParagraphs('I agree to the [terms](https://example.com/terms).');
 * // [['I agree to the ', { text: 'terms', href: 'https://example.com/terms' }, '.']]
 * ```
 */
export function noticeParagraphs(text: string): NoticePiece[][] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((paragraph) => {
      const pieces: NoticePiece[] = [];
      let at = 0;
      for (const m of paragraph.matchAll(NOTICE_LINK)) {
        if (m.index > at) pieces.push(paragraph.slice(at, m.index));
        pieces.push({ text: m[1]!, href: m[2]! });
        at = m.index + m[0].length;
      }
      if (at < paragraph.length) pieces.push(paragraph.slice(at));
      return pieces;
    });
}

/*
 * What a family chunk reads of the engine's state (the language packs, the phone numbering once
 * loaded) comes through this entry too: importing `./engine` from a chunk would split the engine's
 * modules out of the element's start (docs/embedding.md "Sizes").
 */
export { enQuestionTypes } from '../messages/en-question-types.js';
export { messagesFor } from '../messages/packs.js';
export { phoneNumbering } from './phone-numbering.js';

/** The countries an address can name: ISO 3166-1 alpha-2, and XK (Kosovo). */
const COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

/**
 * Countries as a country choice lists them: `[code, name]` with the names in `language`
 * (`Intl.DisplayNames`), ordered by name. `codes` narrows the list (the phone numbering's
 * countries); by default, every country an address can name.
 *
 * ```ts
 * countryNames('de', ['DE', 'AT']); // [['DE', 'Deutschland'], ['AT', 'Österreich']]
 * ```
 */
export function countryNames(language: string, codes?: readonly string[]): [code: string, name: string][] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator([language, 'en']);
  return (codes ?? COUNTRY_CODES.split(' '))
    .map((code): [string, string] => [code, names?.of(code) ?? code])
    .sort((a, b) => collator.compare(a[1], b[1]));
}

// What a renderer's repeating-section code uses (`@formloom/runtime/repeat`), kept out of the start likewise.
export { SCHEMA_LIMITS } from '../../models/limits.js';
