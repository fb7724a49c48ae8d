import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The PDF's text, page by page, and how many pictures each page draws, as a reader finds them. */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ pages: string[]; images: number; links: string[]; title: unknown }> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  let images = 0;
  const links: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    const ops = await page.getOperatorList();
    const drawn: number[] = [OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject];
    images += ops.fnArray.filter((f) => drawn.includes(f)).length;
    for (const annotation of await page.getAnnotations())
      if (annotation.url) links.push(annotation.url as string);
  }
  const { info } = await pdf.getMetadata();
  return { pages, images, links, title: (info as { Title?: unknown }).Title };
}
