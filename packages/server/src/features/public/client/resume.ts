import { byId } from './dom.js';
import type { PageData } from './page-data.js';
import { ids } from './page-data.js';

/** What a saved partial gives back: its answers and the page the respondent was on. */
export interface Saved {
  answers: Record<string, unknown>;
  page: string | null;
}

const PARAM = 'resume';

/**
 * Save and resume on a paged form (decisions.md "Partial responses"): after each Next the answers
 * are saved as a partial response (created the first time, replaced after), the page's URL and a
 * copyable link become `/f/:code?resume=<token>`, and opening that link restores the answers and
 * the page. Saves run one after the other; a failed save is tried again with the next one.
 */
export function createResume(data: PageData) {
  let token = new URL(window.location.href).searchParams.get(PARAM) ?? undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const box = byId(ids.resume);
  const link = byId<HTMLInputElement>(ids.resumeLink);
  const copied = byId(ids.resumeCopied);

  const url = (path: string) => `${data.api}/partials${path}`;
  const json = (method: string, body: unknown) => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  /** The URL with `?resume=<token>` (or without it), kept in the address bar so a reload resumes. */
  function linkFor(value: string | undefined): string {
    const at = new URL(window.location.href);
    if (value === undefined) at.searchParams.delete(PARAM);
    else at.searchParams.set(PARAM, value);
    return at.toString();
  }

  function showLink() {
    if (token === undefined) return;
    window.history.replaceState(window.history.state, '', linkFor(token));
    if (link !== null) link.value = `${window.location.origin}${window.location.pathname}?${PARAM}=${token}`;
    if (box !== null) box.hidden = false;
  }

  async function save(answers: Record<string, unknown>, page: string | undefined) {
    const body = { answers, ...(page === undefined ? {} : { page }) };
    if (token !== undefined) {
      // A 404 (completed in another browser, or expired) keeps the token: Submit then completes
      // it, which answers with the response already stored, or gives way to a submission.
      await fetch(url(`/${token}`), json('PUT', body));
      return;
    }
    const res = await fetch(url(''), json('POST', body));
    if (res.status !== 201) return;
    token = ((await res.json()) as { data: { resumeToken: string } }).data.resumeToken;
    showLink();
  }

  link?.addEventListener('focus', () => link.select());
  byId(ids.resumeCopy)?.addEventListener('click', () => {
    if (link === null) return;
    link.select();
    void navigator.clipboard?.writeText(link.value).then(
      () => {
        if (copied !== null) copied.textContent = data.texts.copied;
      },
      () => undefined,
    );
  });

  return {
    /** The token of this respondent's partial, once one is saved (or opened by its link). */
    get token(): string | undefined {
      return token;
    },

    /** The partial the page's link names, if it is still there; a gone one is forgotten (and said). */
    async load(): Promise<Saved | 'gone' | undefined> {
      if (token === undefined) return undefined;
      try {
        const res = await fetch(url(`/${token}`));
        if (res.ok) {
          showLink();
          return ((await res.json()) as { data: Saved }).data;
        }
      } catch {
        return undefined;
      }
      token = undefined;
      window.history.replaceState(window.history.state, '', linkFor(undefined));
      return 'gone';
    },

    /** Saves after the ones already queued; never rejects. */
    save(answers: Record<string, unknown>, page: string | undefined): void {
      queue = queue.then(() => save(answers, page)).catch(() => undefined);
    },

    /** Resolves when every queued save has ended. */
    idle: () => queue,

    /** Ends the partial: the saved answers with `body`'s merged over them, stored as one response. */
    complete(body: string): Promise<Response> {
      return fetch(url(`/${token}/complete`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    },

    /** After a completed (or refused as gone) partial: the link is of no more use. */
    forget() {
      token = undefined;
      window.history.replaceState(window.history.state, '', linkFor(undefined));
      if (box !== null) box.hidden = true;
    },
  };
}
