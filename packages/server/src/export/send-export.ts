import type { Readable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@formloom/contract';
import type { Response } from 'express';
import { contentDisposition } from '../http/content-disposition.js';

/**
 * `Content-Disposition`'s file name of an export: the title made safe (or `fallback`), what it
 * holds, the date, the extension; e.g. `churn-why-2026-sessions-2026-11-25.csv`.
 */
export function exportFileName(
  title: string,
  what: string,
  format: ExportFormat | 'pdf',
  now: Date,
  fallback = 'export',
): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || fallback;
  return `${base}-${what}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Sends an export built by `exportStream` as a ts-rest answer: a download that is never cached
 * or buffered by a proxy. A client that goes away stops the reading (`source`), and a failure
 * half-way cuts the connection, so the client sees an incomplete file rather than a
 * complete-looking one.
 */
export function sendExport(
  res: Response,
  file: { name: string; format: ExportFormat },
  streams: { source: Readable; output: Readable },
): { status: 200; body: never } {
  res.setHeader('content-type', EXPORT_CONTENT_TYPES[file.format]);
  res.setHeader('content-disposition', contentDisposition(file.name));
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-accel-buffering', 'no');
  res.once('close', () => {
    if (!res.writableFinished) streams.source.destroy();
  });
  streams.output.once('error', () => res.destroy());
  // A stream body is piped as it is written, with backpressure (ts-rest skips its JSON handling).
  return { status: 200, body: streams.output as never };
}
