import type { FormSchema } from '@formloom/contract';
import { type CompiledForm, formPages } from '@formloom/contract/engine';
import type { PageTexts } from '../page-texts.js';
import { byId, firstControlIn } from './dom.js';
import { ids } from './page-data.js';

/**
 * A paged form's navigation (`settings.layout: "paged"`): which page shows, the progress, and
 * which of Back, Next and Submit are offered. The pages are the engine's (`formPages`): the
 * visible sections in order, so the list follows the answers. Nothing here judges answers.
 */
export function createPaging(engine: CompiledForm, schema: FormSchema, texts: PageTexts) {
  const paged = schema.settings?.layout === 'paged';
  const back = byId<HTMLButtonElement>(ids.back);
  const next = byId<HTMLButtonElement>(ids.next);
  const submit = byId<HTMLButtonElement>(ids.submit)!;
  const bar = byId(ids.pageProgress);
  let pages: string[] = formPages(engine, {});
  let current: string | undefined = pages[0];

  function index(): number {
    return current === undefined ? -1 : pages.indexOf(current);
  }

  /** Shows the current page's section alone, the progress and the buttons of this page. */
  function render() {
    const at = index();
    const count = pages.length;
    if (bar !== null) {
      const text = texts.pageOf.replace('{page}', String(at + 1)).replace('{pages}', String(count));
      bar.setAttribute('aria-valuenow', String(at + 1));
      bar.setAttribute('aria-valuemax', String(count));
      bar.setAttribute('aria-valuetext', text);
      byId(ids.pageProgressText)!.textContent = text;
      const meter = byId<HTMLProgressElement>(ids.pageProgressBar)!;
      meter.max = Math.max(count, 1);
      meter.value = at + 1;
    }
    const last = at >= count - 1;
    if (back !== null) back.hidden = at <= 0;
    if (next !== null) next.hidden = last;
    submit.hidden = !last;
  }

  return {
    paged,
    /** The page on show, when paged. */
    get current(): string | undefined {
      return paged ? current : undefined;
    },
    /** Whether a section is off the current page (a single-column form has one page: never). */
    offPage(sectionId: string): boolean {
      return paged && sectionId !== current;
    },
    /** Whether this is the last page: Submit, rather than Next, is what it offers. */
    onLastPage(): boolean {
      return !paged || index() >= pages.length - 1;
    },
    /** Takes the page list for these (visible) answers; a page that vanished gives way to the one before. */
    follow(answers: Record<string, unknown>) {
      if (!paged) return;
      const before = pages;
      pages = formPages(engine, answers);
      if (current === undefined || !pages.includes(current)) {
        const order = before.slice(0, Math.max(before.indexOf(current ?? ''), 0) + 1).reverse();
        current = order.find((id) => pages.includes(id)) ?? pages[0];
      }
      render();
    },
    /** Moves `by` pages (1 Next, -1 Back) and returns the section to focus, or undefined at an end. */
    move(by: number): HTMLElement | undefined {
      const target = pages[index() + by];
      if (target === undefined) return undefined;
      current = target;
      return byId(ids.section(target)) ?? undefined;
    },
    /** Shows the page a field is on (to show its error). */
    showPageOf(sectionId: string) {
      if (paged && pages.includes(sectionId)) current = sectionId;
    },
    focusFirst(section: HTMLElement) {
      firstControlIn(section)?.focus();
    },
  };
}
