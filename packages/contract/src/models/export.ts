import { z } from 'zod';

/** Files the exports stream: smart-form sessions and form responses. */
export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `Content-Type` of each export format. */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv').describe('File format'),
  bom: z
    .enum(['true', 'false'])
    .default('false')
    .describe('csv only: start with a UTF-8 byte order mark, so Excel reads the file as UTF-8'),
});
export type ExportQuery = z.infer<typeof ExportQuery>;
