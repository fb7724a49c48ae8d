import type { FormTexts } from '@formloom/contract/engine';
import type { FormState } from '@formloom/runtime';
import type { Dom } from './dom.js';
import type { ids as Ids } from './markup/ids.js';

/** The progress's rules, for the element's shadow root (the server's page has them in its own sheet). */
const PAGING_STYLE =
  '.fl-progress{margin:.75rem 0 1.25rem}.fl-progress p{margin:0 0 .35rem;font-size:.9rem;font-weight:600;color:var(--fl-muted)}.fl-progress progress{display:block;width:100%;height:.4rem;accent-color:var(--fl-accent)}';

let sheet: CSSStyleSheet | undefined;

/** The progress's rules in the shadow root the form is drawn in, once. */
function adoptStyle(el: Element): void {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(PAGING_STYLE);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * A paged form's progress (its bar and "page x of y") and its Back, Next and Submit buttons for
 * the page on show. A chunk of its own, loaded with a paged form (most forms are one page); the
 * element hands over its ids rather than this chunk importing them, so the element's start stays
 * one file.
 */
export function drawPaging(dom: Dom, texts: FormTexts, state: FormState, ids: typeof Ids): void {
  const at = state.pages.indexOf(state.page ?? '');
  const count = state.pages.length;
  const bar = dom.byId(ids.pageProgress);
  if (bar !== null) {
    adoptStyle(bar);
    const text = texts.pageOf.replace('{page}', String(at + 1)).replace('{pages}', String(count));
    bar.setAttribute('aria-valuenow', String(at + 1));
    bar.setAttribute('aria-valuemax', String(count));
    bar.setAttribute('aria-valuetext', text);
    dom.byId(ids.pageProgressText)!.textContent = text;
    const meter = dom.byId<HTMLProgressElement>(ids.pageProgressBar)!;
    meter.max = Math.max(count, 1);
    meter.value = at + 1;
  }
  const last = at >= count - 1;
  const back = dom.byId(ids.back);
  const next = dom.byId(ids.next);
  if (back !== null) back.hidden = at <= 0;
  if (next !== null) next.hidden = last;
  dom.byId(ids.submit)!.hidden = !last;
}
