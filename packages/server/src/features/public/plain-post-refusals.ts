import { ForbiddenError } from '../../domain-errors.js';
import { html, type SafeHtml } from '../../platform/html.js';
import type { PageTexts, PlainPageTexts } from './page-texts.js';
import { OriginRefusedError } from './public-cors.js';

/** A plain post whose page token is missing, not ours or expired (403): the page must be opened again. */
export class PageExpiredError extends ForbiddenError {
  override name = 'PageExpiredError';
  constructor() {
    super('This form page has expired: open it again');
  }
}

/**
 * The heading and sentence of a plain post refused as a whole, by its cause: what happened and
 * what to do. `again` is the form page's link (its query kept, so its language and prefill too).
 */
export function refusalTexts(
  error: unknown,
  status: number,
  texts: PageTexts,
  plain: PlainPageTexts,
  again: string,
): [string, string | SafeHtml] {
  const openAgain = html`<a href="${again}">${plain.openAgain}</a>`;
  if (error instanceof PageExpiredError) return [texts.errorTitle, html`${plain.pageExpired} ${openAgain}.`];
  if (error instanceof OriginRefusedError) {
    return [
      texts.errorTitle,
      html`${plain.originRefused.replace('{origin}', () => error.origin)} ${openAgain}.`,
    ];
  }
  if (status === 413) return [texts.errorTitle, texts.tooLarge];
  if (status === 409) return [texts.closedTitle, texts.closedBody];
  return [texts.errorTitle, texts.genericError];
}
