/**
 * A form's `ETag` is its edit version (`forms.version`, bumped by every edit): strong, so
 * `If-Match` compares it as RFC 9110 asks. Answers and reads of the same version carry the same
 * tag; archiving on expiry and counting responses are no edits and leave it as it is.
 */
export function formETag(version: number): string {
  return `"${version}"`;
}

/**
 * Whether an `If-Match` header lets an edit of `version` go ahead: `*`, or one of its
 * comma-separated tags is the form's. A weak tag (`W/"3"`) never matches (strong comparison).
 */
export function ifMatchHolds(header: string, version: number): boolean {
  const tags = header.split(',').map((tag) => tag.trim());
  return tags.includes('*') || tags.includes(formETag(version));
}
