import { contract, OWNER_UPLOAD_MAX_BYTES, type OwnerUpload, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { assertDeclaredWithin, assertMultipart, multipartUpload, receiveFile } from './multipart-file.js';
import { imageTooLarge, type OwnerUploadsService } from './owner-uploads-service.js';

const s = initServer();
const PARTS = 'the part "file"';

/** `POST /v1/uploads`: the image streams to storage before ts-rest validates; the handler answers what was stored. */
export function ownerUploadRouter(
  uploads: OwnerUploadsService,
): RouterImplementation<typeof contract.uploads> {
  const middleware = multipartUpload(OWNER_UPLOAD_MAX_BYTES, async (req) => {
    const { accountId } = authOf(req);
    assertMultipart(req, PARTS);
    assertDeclaredWithin(req, OWNER_UPLOAD_MAX_BYTES, imageTooLarge);
    const upload = await receiveFile(req, {
      capBytes: OWNER_UPLOAD_MAX_BYTES,
      partsHint: PARTS,
      onFile: (_fields, stream, info) => uploads.save(accountId, stream, info),
    });
    return { file: upload };
  });
  return s.router(contract.uploads, {
    createUpload: s.route(contract.uploads.createUpload, {
      middleware: [middleware],
      handler: async ({ req }) => ({
        status: 201,
        body: successBody((req.body as unknown as { file: OwnerUpload }).file, 'Image stored'),
      }),
    }),
  });
}
