import type { Readable } from 'node:stream';
import {
  contract,
  errorBody,
  type Field,
  type FormSchema,
  SCHEMA_LIMITS,
  successBody,
  type UploadResult,
} from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import type { FormRow } from '../../db/database.js';
import { badRequest } from '../../domain-errors.js';
import { AppError, asAppError } from '../../http/app-error.js';
import { lingeringClose } from '../../http/body-parsing.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { formClosed } from '../../platform/form-errors.js';
import { schemaOf } from '../../platform/form-schema.js';
import { MULTIPART_OVERHEAD_BYTES } from '../../platform/multipart.js';
import { fileTooLarge, maxUploadBytes, type UploadsService } from './uploads-service.js';

const s = initServer();

const CAP_BYTES = SCHEMA_LIMITS.maxUploadMB * 1024 * 1024;

interface Received {
  fieldId: string;
  upload: UploadResult;
}

/**
 * Reads the multipart body: `fieldId` first (so the field's limits are known before any file
 * byte arrives), then one `file`, which streams straight into storage.
 */
function receive(
  req: Request,
  form: FormRow,
  schema: FormSchema,
  uploads: UploadsService,
): Promise<Received> {
  const declaredLength =
    req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    let fieldId: string | undefined;
    let saving: Promise<UploadResult> | undefined;
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
        limits: { fields: 4, fieldSize: 1024, files: 1, parts: 6, headerPairs: 20, fileSize: CAP_BYTES + 1 },
      });
    } catch {
      // busboy refuses a Content-Type it cannot split (no boundary): the same 400 as a bad body.
      settled = true;
      reject(badRequest('Malformed multipart body: the Content-Type has no boundary'));
      return;
    }
    parser.on('field', (name, value) => {
      if (name === 'fieldId') fieldId = value;
    });
    parser.on('file', (name, stream: Readable, info) => {
      if (name !== 'file' || saving !== undefined || settled) {
        stream.resume();
        return;
      }
      if (fieldId === undefined) {
        stream.resume();
        fail(badRequest('Send the "fieldId" part before the "file" part'));
        return;
      }
      const field: Field | undefined = schema.fields.find((f) => f.id === fieldId);
      if (field?.type !== 'file') {
        stream.resume();
        fail(badRequest(`"${fieldId}" is not a file field of this form`));
        return;
      }
      // An honest Content-Length already says the file is too large: refuse before reading it.
      const maxBytes = maxUploadBytes(field);
      if (declaredLength !== undefined && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
        stream.resume();
        fail(fileTooLarge(maxBytes));
        return;
      }
      current = stream;
      saving = uploads.save(form, field, stream, info);
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
        fail(badRequest('No "file" part in the body: send the parts "fieldId" and "file"'));
        return;
      }
      saving.then((upload) => {
        if (settled) return;
        settled = true;
        resolve({ fieldId: fieldId!, upload });
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
function refuse(req: Request, res: Response, error: AppError) {
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  if (!(length <= CAP_BYTES + MULTIPART_OVERHEAD_BYTES)) lingeringClose(req, res);
  req.resume();
  res.status(error.status).json(errorBody(error.code, error.message));
}

/**
 * The upload route as ts-rest middleware: the multipart body is streamed to storage before
 * ts-rest validates, and the handler answers with what was stored.
 */
export function uploadRoute(
  uploads: UploadsService,
  publicForm: (code: string) => Promise<FormRow>,
): RouterImplementation<typeof contract.public>['uploadPublicFile'] {
  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const params = contract.public.uploadPublicFile.pathParams.safeParse(req.params);
      // A malformed code: ts-rest's own validation answers it.
      if (!params.success) return next();
      if (!req.is('multipart/form-data')) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data with the parts "fieldId" and "file"',
        );
      }
      const form = await publicForm(params.data.code);
      if (form.publish_status !== 'PUBLISHED') throw formClosed();
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > CAP_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(CAP_BYTES);
      const { fieldId, upload } = await receive(req, form, schemaOf(form), uploads);
      req.body = { fieldId, file: upload };
      next();
    } catch (error) {
      const answer = asAppError(error);
      if (answer !== undefined && !res.headersSent) refuse(req, res, answer);
      else next(error);
    }
  };
  return s.route(contract.public.uploadPublicFile, {
    middleware: [middleware],
    handler: async ({ req }) => ({
      status: 201,
      body: successBody((req.body as unknown as { file: UploadResult }).file, 'File stored'),
    }),
  });
}
