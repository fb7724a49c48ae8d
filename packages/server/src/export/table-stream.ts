import { pipeline, Readable, Transform } from 'node:stream';
import type { ExportFormat } from '@formloom/contract';
import { stringify } from 'csv-stringify';
import { createXlsxStream, type XlsxCell } from './xlsx-stream.js';

/** How one kind of item becomes a file: its columns and rows for csv and xlsx, its object for json. */
export interface TableExport<T> {
  format: ExportFormat;
  /** The header row of csv and xlsx. */
  columns: readonly string[];
  /** An item as one row of `columns`. */
  row: (item: T) => XlsxCell[];
  /** An item as an element of the json array (default: the item itself). */
  json?: (item: T) => unknown;
  /** csv only: a UTF-8 byte order mark first. */
  bom?: boolean;
  /** xlsx only: the sheet's name. */
  sheetName?: string;
}

/** A JSON array written element by element. */
function jsonArray<T>(toJson: (item: T) => unknown): Transform {
  let first = true;
  return new Transform({
    writableObjectMode: true,
    transform(item: T, _enc, done) {
      const text = JSON.stringify(toJson(item));
      done(null, first ? `[\n${text}` : `,\n${text}`);
      first = false;
    },
    flush(done) {
      done(null, first ? '[]\n' : '\n]\n');
    },
  });
}

/** Items to rows (arrays of cells) for csv and xlsx. */
function toRows<T>(row: (item: T) => XlsxCell[], cell: (value: XlsxCell) => XlsxCell = (v) => v): Transform {
  return new Transform({
    objectMode: true,
    transform(item: T, _enc, done) {
      done(null, row(item).map(cell));
    },
  });
}

/**
 * A text cell a spreadsheet could read as a formula: starting with `=`, `+`, `-` or `@`, also
 * after whitespace or line breaks (`" =1+1"`, `"\n=1"`), or with a tab or carriage return.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * A csv cell made safe from CSV injection (OWASP): text that could start a formula gets a `'` in
 * front, so a spreadsheet shows it as text. Numbers stay numbers.
 */
export function neutraliseFormula(value: XlsxCell): XlsxCell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * An export as streams: `source` (the items, read lazily from `items`) piped through the format's
 * writer into `output`, the bytes to send; every step waits for the next (backpressure), and a
 * failure anywhere destroys `output` with it. csv cells go through `neutraliseFormula` (a cell
 * that could start a formula, also after leading whitespace, gets a `'` in front, so a
 * spreadsheet shows it as text: no CSV injection), then csv-stringify; xlsx cells are inline strings,
 * never formulas. Used by every export of the server (smart-form sessions, form responses).
 */
export async function exportStream<T>(
  items: AsyncIterable<T>,
  options: TableExport<T>,
): Promise<{ source: Readable; output: Readable }> {
  const source = Readable.from(items, { objectMode: true, highWaterMark: 16 });
  let output: Readable;
  let chain: (NodeJS.ReadableStream | NodeJS.WritableStream)[];
  if (options.format === 'json') {
    output = jsonArray(options.json ?? ((item: T) => item));
    chain = [source, output];
  } else if (options.format === 'csv') {
    output = stringify({
      header: true,
      columns: [...options.columns],
      bom: options.bom ?? false,
    });
    chain = [source, toRows(options.row, neutraliseFormula), output];
  } else {
    const xlsx = await createXlsxStream(options.sheetName);
    xlsx.input.write([...options.columns]);
    output = xlsx.output;
    chain = [source, toRows(options.row), xlsx.input];
  }
  pipeline(chain, (error) => {
    if (error) output.destroy(error);
  });
  return { source, output };
}
