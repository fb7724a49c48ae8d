/** A piece of a text with links: plain text, or a link's label and its https address. */
export interface TextPiece {
  readonly text: string;
  readonly href?: string;
}

const LINK = /\[([^\]\n]+)\]\((https:\/\/[^\s()<>"]+)\)/g;

/**
 * A consent's or a statement's text as the renderers draw it: paragraphs (split at blank lines),
 * each a list of plain pieces and `[label](https://…)` links. Only https addresses become links;
 * anything else, HTML included, stays text as written, for the renderer to insert as text.
 *
 * ```ts
 * linkedParagraphs('I accept the [terms](https://x.example/terms).');
 * // [[{text: 'I accept the '}, {text: 'terms', href: 'https://x.example/terms'}, {text: '.'}]]
 * ```
 */
export function linkedParagraphs(text: string): TextPiece[][] {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => {
      const pieces: TextPiece[] = [];
      let at = 0;
      for (const m of paragraph.matchAll(LINK)) {
        if (m.index > at) pieces.push({ text: paragraph.slice(at, m.index) });
        pieces.push({ text: m[1]!, href: m[2]! });
        at = m.index + m[0].length;
      }
      if (at < paragraph.length) pieces.push({ text: paragraph.slice(at) });
      return pieces;
    });
}
