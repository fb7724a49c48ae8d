import {
  contract,
  type Field,
  type FormSchema,
  SCHEMA_LIMITS,
  successBody,
  type UploadResult,
} from '@formloom/contract';
import { takesUpload } from '@formloom/contract/engine';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';
import type { FormRow } from '../../db/database.js';
import { badRequest } from '../../domain-errors.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { formClosed } from '../../platform/form-errors.js';
import { schemaOf } from '../../platform/form-schema.js';
import { MULTIPART_OVERHEAD_BYTES } from '../../platform/multipart.js';
import {
  assertDeclaredWithin,
  assertMultipart,
  declaredLength,
  multipartUpload,
  receiveFile,
} from './multipart-file.js';
import { fileTooLarge, maxUploadBytes, type UploadsService } from './uploads-service.js';

const s = initServer();

const CAP_BYTES = SCHEMA_LIMITS.maxUploadMB * 1024 * 1024;
const PARTS = 'the parts "fieldId" and "file"';

/**
 * Reads the multipart body: `fieldId` first (so the field's limits are known before any file
 * byte arrives), then one `file`, which streams straight into storage.
 */
function receive(req: Request, form: FormRow, schema: FormSchema, uploads: UploadsService) {
  const length = declaredLength(req);
  return receiveFile(req, {
    capBytes: CAP_BYTES,
    partsHint: PARTS,
    onFile: (fields, stream, info) => {
      const fieldId = fields.get('fieldId');
      if (fieldId === undefined) throw badRequest('Send the "fieldId" part before the "file" part');
      const field: Field | undefined = schema.fields.find((f) => f.id === fieldId);
      if (field === undefined || !takesUpload(field))
        throw badRequest(`"${fieldId}" is not a file or signature field of this form`);
      // An honest Content-Length already says the file is too large: refuse before reading it.
      const maxBytes = maxUploadBytes(field);
      if (length !== undefined && length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(maxBytes);
      return uploads.save(form, field, stream, info).then((upload) => ({ fieldId, file: upload }));
    },
  });
}

/**
 * The upload route as ts-rest middleware: the multipart body is streamed to storage before
 * ts-rest validates, and the handler answers with what was stored.
 */
export function uploadRoute(
  uploads: UploadsService,
  publicForm: (code: string) => Promise<FormRow>,
): RouterImplementation<typeof contract.public>['uploadPublicFile'] {
  const middleware = multipartUpload(CAP_BYTES, async (req) => {
    const params = contract.public.uploadPublicFile.pathParams.safeParse(req.params);
    // A malformed code: ts-rest's own validation answers it.
    if (!params.success) return undefined;
    assertMultipart(req, PARTS);
    const form = await publicForm(params.data.code);
    if (form.publish_status !== 'PUBLISHED') throw formClosed();
    assertDeclaredWithin(req, CAP_BYTES, fileTooLarge);
    return receive(req, form, schemaOf(form), uploads);
  });
  return s.route(contract.public.uploadPublicFile, {
    middleware: [middleware],
    handler: async ({ req }) => ({
      status: 201,
      body: successBody((req.body as unknown as { file: UploadResult }).file, 'File stored'),
    }),
  });
}
