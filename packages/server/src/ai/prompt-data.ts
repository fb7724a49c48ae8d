/**
 * Data for a prompt inside `<tag>…</tag>`: respondents' text the model must read, never obey. The
 * data cannot close its own block: any copy of the tag inside it is taken out.
 */
export function dataBlock(tag: string, text: string): string {
  return `<${tag}>\n${text.replace(new RegExp(`</?\\s*${tag}\\s*>`, 'gi'), ' ')}\n</${tag}>`;
}
