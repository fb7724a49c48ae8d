import { withoutControlCharacters } from '../util/file-name.js';

/**
 * `attachment` with an ASCII fallback name and the exact name in RFC 5987 form: the one place a
 * download's name is written (uploaded files, exports), never with control or bidi characters
 * (names stored before uploads were cleaned of them included).
 */
export function contentDisposition(name: string): string {
  const safe = withoutControlCharacters(name) || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
