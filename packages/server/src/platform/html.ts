import { SafeHtml } from '@formloom/elements/markup';

// The escaping tag is the form markup's own (`@formloom/elements/markup`), shared by the server's pages.
export { escapeHtml, html, SafeHtml } from '@formloom/elements/markup';

/**
 * JSON for a `<script type="application/json">` data block: `<`, `>` and `&` are written as
 * `\u003c`-style escapes, so no value can close the element or open a comment.
 */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}
