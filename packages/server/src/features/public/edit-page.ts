import type { Request } from 'express';
import { EditWindowClosedError, NotFoundError } from '../../domain-errors.js';
import { html, type SafeHtml } from '../../platform/html.js';
import type { ResponsesService } from '../responses/index.js';
import { editPageTextsFor, editTime } from './edit-page-texts.js';
import type { PageLook } from './page-look.js';
import { type PageAssetLinks, renderMessagePage } from './render-page.js';

/** What the page asks of a respondent's edit (`/f/:code?edit=<token>`): the response, and its edit. */
export interface PageEdits {
  read: ResponsesService['readForEdit'];
  edit: ResponsesService['edit'];
}

/**
 * The edit token a page's address carries (`?edit=`), when it carries one: the form page then
 * shows the response's answers and its plain post replaces them (the form's post keeps its
 * address, so the token travels with it). Any value counts, a mistyped one too, so that a broken
 * link says so instead of showing an empty form that would store a second response.
 */
export function editTokenOf(req: Request): string | undefined {
  const token = req.query.edit;
  return typeof token === 'string' ? token : undefined;
}

/**
 * The page for an edit the service refused: an unknown token (404) or a window that has passed
 * (409), in the form's language; undefined for any other error.
 */
export function editRefusalPage(
  error: unknown,
  language: string,
  links: PageAssetLinks,
  formTitle: string,
  look: PageLook | undefined,
): { status: number; page: string } | undefined {
  const texts = editPageTextsFor(language);
  if (error instanceof EditWindowClosedError) {
    return {
      status: 409,
      page: renderMessagePage(language, links, texts.closedTitle, texts.closedBody, formTitle, look),
    };
  }
  if (error instanceof NotFoundError) {
    return {
      status: 404,
      page: renderMessagePage(language, links, texts.goneTitle, texts.goneBody, formTitle, look),
    };
  }
  return undefined;
}

/** The note the form shows while it edits a response. */
export const editingNote = (language: string) => editPageTextsFor(language).editing;

/**
 * The thank-you page's edit link (`/f/:code?edit=<token>`, relative to `/f/:code/done`) and until
 * when it works, once the token is known to work; nothing otherwise.
 */
export async function editLinkMarkup(
  edits: PageEdits | undefined,
  code: string,
  token: string | undefined,
  language: string,
): Promise<SafeHtml | undefined> {
  if (edits === undefined || token === undefined) return undefined;
  const until = await edits.read(code, token).then(
    (response) => response.editUntil,
    () => undefined,
  );
  if (until === undefined) return undefined;
  const texts = editPageTextsFor(language);
  const href = `../${encodeURIComponent(code)}?edit=${encodeURIComponent(token)}`;
  return html`<p class="fl-edit-link">${texts.editUntil.replace('{time}', editTime(until, language))} <a href="${href}">${texts.editLink}</a></p>`;
}
