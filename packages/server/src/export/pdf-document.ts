import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts every PDF embeds: DejaVu Sans, whose letters cover the six languages' Latin scripts
 * (Turkish's ğ, ş, ı and İ among them) and far beyond, so no answer is ever drawn as boxes. PDF's
 * own standard fonts know only Windows-1252. Read once; pdfkit embeds only the letters used.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function pdfFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** One answer as the PDF shows it: its question, the answer's text, a picture or a link under it. */
export interface PdfAnswer {
  kind: 'answer';
  label: string;
  value: string;
  /** PNG or JPEG bytes drawn under the text (a signature, a chosen picture). */
  images?: Buffer[];
  /** An address shown and linked under the text (a file's download). */
  links?: { text: string; url: string }[];
}

/** A repeating section's entries, each numbered with its answers. */
export interface PdfEntries {
  kind: 'entries';
  title: string;
  entries: { label: string; answers: PdfAnswer[] }[];
}

export interface PdfDocumentInput {
  /** The document's title and every page's header. */
  title: string;
  /** The line under the title on every page ("Submitted 30 Nov 2026, 10:04 UTC"). */
  subtitle: string;
  /** The document's language (its metadata), as the answers were given. */
  language: string;
  items: (PdfAnswer | PdfEntries)[];
  /** What an empty response says. */
  empty: string;
  /** The author the document names. */
  producer: string;
}

const MARGIN = 56;
const IMAGE_MAX = { width: 240, height: 120 };

/**
 * A response's PDF: a header with the title and submission time on every page, then each question
 * in bold with its answer under it, pictures drawn, links clickable. Text is set as text (found by
 * search and read by screen readers), never as pictures of text.
 */
export async function renderPdf(input: PdfDocumentInput): Promise<Buffer> {
  // Loaded on the first PDF: most starts of the server never make one.
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + 36, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: input.language,
    displayTitle: true,
    info: { Title: input.title, Producer: input.producer, Creator: input.producer },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  const answer = (a: PdfAnswer, indent: number) => {
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor('#111111')
      .text(a.label, MARGIN + indent, undefined, { width: width - indent });
    doc.moveDown(0.15);
    doc
      .font('body')
      .fontSize(10.5)
      .fillColor('#222222')
      .text(a.value, MARGIN + indent, undefined, { width: width - indent });
    for (const image of a.images ?? []) {
      doc.moveDown(0.3);
      if (doc.y + IMAGE_MAX.height > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      try {
        doc.image(image, MARGIN + indent, top, { fit: [IMAGE_MAX.width, IMAGE_MAX.height] });
        doc.y = top + IMAGE_MAX.height;
      } catch {
        // Bytes that are not a picture pdfkit reads: the answer's text says what it was.
      }
    }
    for (const link of a.links ?? []) {
      doc
        .font('body')
        .fontSize(9)
        .fillColor('#1f4fbf')
        .text(link.text, MARGIN + indent, undefined, {
          width: width - indent,
          link: link.url,
          underline: true,
        });
    }
    doc.fillColor('#222222').moveDown(0.8);
  };

  if (input.items.length === 0) doc.font('body').fontSize(10.5).text(input.empty);
  for (const item of input.items) {
    if (item.kind === 'answer') {
      answer(item, 0);
      continue;
    }
    doc.font('bold').fontSize(12).fillColor('#111111').text(item.title, MARGIN, undefined, { width });
    doc.moveDown(0.4);
    for (const entry of item.entries) {
      doc
        .font('bold')
        .fontSize(10.5)
        .text(entry.label, MARGIN + 12, undefined, { width: width - 12 });
      doc.moveDown(0.3);
      for (const a of entry.answers) answer(a, 24);
    }
  }

  // The header on every page, drawn once the pages are known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('bold')
      .fontSize(13)
      .fillColor('#111111')
      .text(input.title, MARGIN, MARGIN - 16, { width, lineBreak: false, ellipsis: true });
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#555555')
      .text(input.subtitle, MARGIN, MARGIN + 2, { width, lineBreak: false });
    doc
      .moveTo(MARGIN, MARGIN + 18)
      .lineTo(MARGIN + width, MARGIN + 18)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#777777')
      .text(`${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
