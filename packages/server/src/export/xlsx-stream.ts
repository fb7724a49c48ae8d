import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

/** A cell: text (always an inline string, so never a formula), a number, or empty. */
export type XlsxCell = string | number | null;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const workbook = (sheet: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

// Characters XML 1.0 cannot carry (controls other than tab and line breaks, lone surrogates).
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function rowXml(index: number, cells: readonly XlsxCell[]): string {
  let xml = `<row r="${index}">`;
  cells.forEach((value, i) => {
    if (value === null || value === '') return;
    const ref = `${columnName(i)}${index}`;
    xml +=
      typeof value === 'number'
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

/**
 * An xlsx writer that streams: rows (arrays of cells) in, the .xlsx (a zip) out, with one sheet
 * written as it comes and compressed on the fly, so memory holds a few rows and the deflate window
 * whatever the row count. Text goes in as inline strings: a cell is never a formula, whatever it
 * starts with (`=HYPERLINK(...)` stays text). Backpressure runs through: the sheet's Transform
 * waits while the zip is not read. (xlsx-write-stream does the same, but drops every character
 * outside the Basic Multilingual Plane, emoji included, and pushes zip output regardless of
 * backpressure; exceljs's WorkbookWriter keeps shared state that grows with the rows.)
 */
export async function createXlsxStream(
  sheetName = 'Sheet1',
): Promise<{ input: Transform; output: Readable }> {
  // archiver (and its zip dependencies) load with the first xlsx export, not with the server.
  const { default: archiver } = await import('archiver');
  let rows = 0;
  const sheet = new Transform({
    writableObjectMode: true,
    writableHighWaterMark: 64,
    transform(cells: XlsxCell[], _enc, done) {
      rows += 1;
      done(null, rowXml(rows, cells));
    },
    flush(done) {
      done(null, SHEET_END);
    },
  });
  sheet.push(SHEET_START);
  const zip = archiver('zip', { zlib: { level: 6 } });
  // Buffers, not strings: archiver-utils turns a string into `new Buffer(string)`, which Node
  // reports as deprecated (DEP0005) in the server's log once the code is bundled out of node_modules.
  zip.append(Buffer.from(CONTENT_TYPES), { name: '[Content_Types].xml' });
  zip.append(Buffer.from(RELS), { name: '_rels/.rels' });
  zip.append(Buffer.from(workbook(sheetName)), { name: 'xl/workbook.xml' });
  zip.append(Buffer.from(WORKBOOK_RELS), { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  // Finalizing waits for the sheet's stream to end; a failure reaches the reader as an 'error'.
  zip.finalize().catch(() => {});
  sheet.once('error', (error) => zip.destroy(error));
  return { input: sheet, output: zip };
}
