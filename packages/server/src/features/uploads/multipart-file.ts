import type { Readable } from 'node:stream';
import { errorBody } from '@formloom/contract';
import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import { badRequest } from '../../domain-errors.js';
import { AppError, asAppError } from '../../http/app-error.js';
import { lingeringClose } from '../../http/body-parsing.js';
import { MULTIPART_OVERHEAD_BYTES } from '../../platform/multipart.js';

export interface FileInfo {
  filename?: string | undefined;
  mimeType: string;
}

export interface ReceiveOptions<T> {
  /** The largest file any upload of the route may be; busboy stops reading one byte past it. */
  capBytes: number;
  /** Names the parts the client should send, for the 400 of a body without a file. */
  partsHint: string;
  /**
   * Starts storing the `file` part, given the text parts sent before it. A throw (sync or async)
   * refuses the upload; the stream is drained and nothing is kept.
   */
  onFile: (fields: ReadonlyMap<string, string>, stream: Readable, info: FileInfo) => Promise<T>;
}

/** The Content-Length the client declared, if any (an honest one lets a route refuse early). */
export function declaredLength(req: Request): number | undefined {
  return req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
}

/**
 * Reads a multipart body: its text parts, then one `file`, which `onFile` streams straight into
 * storage. Resolves once the file is stored.
 */
export function receiveFile<T>(req: Request, { capBytes, partsHint, onFile }: ReceiveOptions<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let saving: Promise<T> | undefined;
    let current: Readable | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // A file still streaming (the client went away) fails its storage write, which cleans up.
      current?.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fields: 4, fieldSize: 1024, files: 1, parts: 6, headerPairs: 20, fileSize: capBytes + 1 },
      });
    } catch {
      // busboy refuses a Content-Type it cannot split (no boundary): the same 400 as a bad body.
      settled = true;
      reject(badRequest('Malformed multipart body: the Content-Type has no boundary'));
      return;
    }
    parser.on('field', (name, value) => {
      fields.set(name, value);
    });
    parser.on('file', (name, stream: Readable, info) => {
      if (name !== 'file' || saving !== undefined || settled) {
        stream.resume();
        return;
      }
      try {
        saving = onFile(fields, stream, info);
        // Only a stream handed to storage has a listener for the error `fail` destroys it with.
        current = stream;
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      saving.catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('filesLimit', () => fail(badRequest('Send one file per upload')));
    parser.on('error', () => fail(badRequest('Malformed multipart body')));
    parser.on('close', () => {
      if (settled) return;
      if (saving === undefined) {
        fail(badRequest(`No "file" part in the body: send ${partsHint}`));
        return;
      }
      saving.then((result) => {
        if (settled) return;
        settled = true;
        resolve(result);
      }, fail);
    });
    req.on('aborted', () => fail(badRequest('The upload was not received completely')));
    req.pipe(parser);
  });
}

/**
 * Answers an upload refused while its body was still arriving. The rest of the body is read and
 * dropped (Node does that for a finished response), so a browser still sending sees the answer
 * instead of a reset connection; a body of unknown or excessive length is read for a short,
 * capped time after the answer, then the connection closes (`lingeringClose`).
 */
function refuse(req: Request, res: Response, error: AppError, capBytes: number) {
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  if (!(length <= capBytes + MULTIPART_OVERHEAD_BYTES)) lingeringClose(req, res);
  req.resume();
  res.status(error.status).json(errorBody(error.code, error.message));
}

/** A body that is not multipart is a 415 naming the parts to send. */
export function assertMultipart(req: Request, partsHint: string): void {
  if (!req.is('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data with ${partsHint}`);
  }
}

/** A body whose declared length is already over `capBytes` and the framing is refused before it is read. */
export function assertDeclaredWithin(
  req: Request,
  capBytes: number,
  tooLarge: (capBytes: number) => Error,
): void {
  if ((declaredLength(req) ?? 0) > capBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(capBytes);
}

/**
 * An upload route's ts-rest middleware: the multipart body is streamed to storage before ts-rest
 * validates; `receive` answers what becomes `req.body` (or `undefined` to let ts-rest answer a
 * malformed path itself), and a refusal is answered as the body still arrives.
 */
export function multipartUpload(capBytes: number, receive: (req: Request) => Promise<unknown>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = await receive(req);
      if (body !== undefined) req.body = body;
      next();
    } catch (error) {
      const answer = asAppError(error);
      if (answer !== undefined && !res.headersSent) refuse(req, res, answer, capBytes);
      else next(error);
    }
  };
}
