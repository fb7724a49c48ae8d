/** Files streamed to a client (csv, json, xlsx): one writer per format for every export. */
export { exportFileName, sendExport } from './send-export.js';
export { exportStream, type TableExport } from './table-stream.js';
export { createXlsxStream, type XlsxCell } from './xlsx-stream.js';
