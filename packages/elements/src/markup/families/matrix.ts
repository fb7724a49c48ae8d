import type { Field } from '@formloom/contract';
import { shuffled } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { all, checked, partId, partName, shell } from './parts.js';

/**
 * `matrix` as a table: the columns' headers, a row's header, and a radio group per row (checkboxes
 * when `matrix.multiple`), each row's inputs named `<fieldId>~<rowId>` so a plain post reads them.
 * Each input is named by its row and column headers. Answer: `{rowId: value}` (`value[]` when multiple).
 */

const rowsOf = (field: Field) => field.matrix?.rows ?? [];

function control({ field, answer, aria, seed }: FieldView): SafeHtml {
  const config = field.matrix ?? { rows: [], columns: [] };
  const type = config.multiple ? 'checkbox' : 'radio';
  const given = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const head = config.columns.map(
    (c, i) => html`<th scope="col" id="${partId(field.id, `c${i}`)}">${c.label}</th>`,
  );
  const rows = shuffled(field, rowsOf(field), seed).map((row) => {
    const rowHead = partId(field.id, `r-${row.id}`);
    const value = given[row.id];
    const cells = config.columns.map((c, i) => {
      const on = Array.isArray(value) ? value.includes(c.value) : value === c.value;
      const id = partId(field.id, `${row.id}~${i}`);
      // The column's label beside its input, shown only when the rows are stacked on a phone.
      return html`<td><input type="${type}" id="${id}" name="${partName(field.id, row.id)}" value="${c.value}" aria-labelledby="${rowHead} ${partId(field.id, `c${i}`)}"${checked(on)}${aria}><label for="${id}" class="fl-col">${c.label}</label></td>`;
    });
    return html`<tr><th scope="row" id="${rowHead}">${row.label}</th>${cells}</tr>\n`;
  });
  return html`<div class="fl-matrix"><table>
<thead><tr><td></td>${head}</tr></thead>
<tbody>
${rows}</tbody>
</table></div>`;
}

export const family: Family = {
  field: (view) => shell(view, true, control(view)),
  controls: (_field, wrapper) => all(wrapper, 'input'),
  read(field, wrapper) {
    const answer: Record<string, string | string[]> = {};
    for (const row of rowsOf(field)) {
      const chosen = all(wrapper, `input[name="${CSS.escape(partName(field.id, row.id))}"]:checked`).map(
        (el) => el.value,
      );
      if (chosen.length > 0) answer[row.id] = field.matrix?.multiple ? chosen : chosen[0]!;
    }
    return Object.keys(answer).length > 0 ? answer : undefined;
  },
  write(field, wrapper, value) {
    const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    for (const el of all(wrapper, 'input')) {
      const row = el.name.slice(field.id.length + 1);
      const v = Object.hasOwn(given, row) ? given[row] : undefined;
      el.checked = Array.isArray(v) ? v.includes(el.value) : v === el.value;
    }
  },
  post(field, value) {
    if (typeof value !== 'object' || value === null) return [];
    const given = value as Record<string, unknown>;
    return rowsOf(field).flatMap((row) => {
      const v = Object.hasOwn(given, row.id) ? given[row.id] : undefined;
      return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((one): [string, string] => [
        partName(field.id, row.id),
        String(one),
      ]);
    });
  },
  posted(field, get) {
    const answer: Record<string, string | string[]> = {};
    for (const row of rowsOf(field)) {
      const chosen = [...new Set(get(partName(field.id, row.id)).filter((v) => v !== ''))];
      if (chosen.length > 0) answer[row.id] = field.matrix?.multiple ? chosen : chosen[0]!;
    }
    return Object.keys(answer).length > 0 ? answer : undefined;
  },
  // On a phone the rows stack, each a list of its columns' choices, as peers show a matrix there:
  // a row's header no longer shares 360 px with every column's.
  style: `.fl-matrix{overflow-x:auto;max-width:100%}.fl-matrix table{border-collapse:collapse;width:100%}
.fl-matrix th,.fl-matrix td{padding:.4rem;text-align:center;border-bottom:1px solid var(--fl-line)}.fl-matrix th[scope=row]{text-align:start;font-weight:400;overflow-wrap:anywhere}.fl-matrix thead th{font-size:.9rem;font-weight:600}
.fl-matrix input{width:1.25rem;height:1.25rem;margin:0}.fl-matrix .fl-col{display:none}
@media (max-width:30rem){.fl-matrix thead{display:none}.fl-matrix table,.fl-matrix tbody,.fl-matrix tr,.fl-matrix th,.fl-matrix td{display:block}.fl-matrix tr{padding:.5rem 0;border-bottom:1px solid var(--fl-line)}.fl-matrix th[scope=row]{font-weight:600;padding:.25rem 0;border:0}.fl-matrix td{display:flex;align-items:center;gap:.6rem;min-height:2.75rem;padding:0;border:0;text-align:start}.fl-matrix .fl-col{display:inline;flex:1}}`,
};
