import { FormloomError } from './error.js';

/** An export (`client.responses.export`, `client.smartForms.export`) as it arrives: the body streams, nothing is buffered. */
export interface ExportedFile {
  /** The file's bytes, as they come from the server. */
  body: ReadableStream<Uint8Array>;
  /** The name the server gives the file (`Content-Disposition`), e.g. `churn-sessions-2026-11-25.csv`. */
  fileName: string | null;
  contentType: string;
  /** The raw answer (headers, status). */
  response: Response;
}

function fileNameOf(disposition: string | null): string | null {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  // Only a plain file name: never a path, whatever the header says.
  return name === undefined ? null : (name.split(/[\\/]/).pop() ?? null);
}

/** An export route's answer as an `ExportedFile`. */
export function exportedFile(response: Response): ExportedFile {
  if (response.body === null) throw new FormloomError('The export answer has no body');
  return {
    body: response.body,
    fileName: fileNameOf(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    response,
  };
}
