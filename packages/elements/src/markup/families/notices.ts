import { formatMinorUnits, noticeParagraphs } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { ids } from '../ids.js';
import { all, checked, shell } from './parts.js';

/**
 * `consent` (one checkbox whose label is the consent's text) and `statement` (text, no input,
 * never answered). Their texts are paragraphs with `[label](https://…)` links (the engine's
 * `noticeParagraphs`), shown as text, each link opening in a new tab.
 */

/** A notice's paragraphs: `tag` p for a statement, a block span inside a consent's label. */
function paragraphs(text: string, tag: 'p' | 'span'): SafeHtml[] {
  return noticeParagraphs(text).map((pieces) => {
    const inner = pieces.map((piece) =>
      typeof piece === 'string'
        ? piece
        : html`<a href="${piece.href}" target="_blank" rel="noopener noreferrer">${piece.text}</a>`,
    );
    return tag === 'p' ? html`<p>${inner}</p>\n` : html`<span class="fl-para">${inner}</span>`;
  });
}

function consent(view: FieldView): SafeHtml {
  const { field, answer, aria } = view;
  const id = ids.control(field.id);
  return html`<div class="fl-option fl-consent"><input type="checkbox" id="${id}" name="${field.id}" value="true"${checked(answer === true)}${view.required ? html` aria-required="true"` : ''}${aria}><label for="${id}">${paragraphs(field.consent?.text ?? '', 'span')}</label></div>`;
}

/** A statement: its label and help as a heading line, then its paragraphs; nothing to answer. */
function statement(view: FieldView): SafeHtml {
  const { field, wrapper, label, help, errorSlot } = view;
  return html`<div class="fl-field fl-statement" ${wrapper}>
<p class="fl-label">${label}</p>
${help}<div class="fl-notice">${paragraphs(field.statement?.text ?? '', 'p')}</div>
${errorSlot}
</div>
`;
}

/**
 * A payment: its label and, for a fixed amount, the amount ("12.00 EUR"); nothing to fill in, the
 * card is taken on Stripe's own page once the form is sent.
 */
function payment(view: FieldView): SafeHtml {
  const { field, wrapper, label, help, errorSlot } = view;
  const fixed = field.payment?.amount;
  const amount =
    fixed === undefined
      ? ''
      : html`<p class="fl-payment-amount">${formatMinorUnits(fixed, field.payment!.currency)}</p>\n`;
  return html`<div class="fl-field fl-payment" ${wrapper}>
<p class="fl-label">${label}</p>
${help}${amount}${errorSlot}
</div>
`;
}

export const family: Family = {
  field: (view) =>
    view.field.type === 'statement'
      ? statement(view)
      : view.field.type === 'payment'
        ? payment(view)
        : shell(view, true, consent(view)),
  controls: (_field, wrapper) => all(wrapper, 'input'),
  read: (field, wrapper) =>
    field.type === 'consent' && wrapper.querySelector('input')?.checked === true ? true : undefined,
  write(_field, wrapper, value) {
    const box = wrapper.querySelector('input');
    if (box !== null) box.checked = value === true;
  },
  post: (field, value) => (field.type === 'consent' && value === true ? [[field.id, 'true']] : []),
  posted: (field, get) => (field.type === 'consent' && get(field.id).includes('true') ? true : undefined),
  style: `.fl-consent label .fl-para{display:block}.fl-consent label .fl-para+.fl-para{margin-top:.5rem}.fl-notice p{margin:0 0 .75rem;white-space:pre-line}.fl-notice p:last-child{margin-bottom:0}
.fl-consent a,.fl-notice a{color:var(--fl-accent);text-decoration:underline}`,
};
