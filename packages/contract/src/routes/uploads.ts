import { success } from '../models/envelope.js';
import { CreateUploadBody, OwnerUpload } from '../models/upload.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, BODY_ERRORS, c, errorResponses } from './shared.js';

const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });

/** Images a form maker uploads (picture choices), named in a schema as `upload:<id>`. */
export const uploadsRouter = c.router({
  createUpload: {
    method: 'POST',
    path: '/v1/uploads',
    contentType: 'multipart/form-data',
    body: CreateUploadBody,
    summary: 'Upload an image',
    description:
      'An image for the forms of the account: PNG, JPEG, GIF or WebP (by its content, never SVG), at most 5 MB. ' +
      "Name it in a schema as `upload:<id>` (a picture choice option's `imageUrl`); only the account's own uploads may be named. " +
      'The public form shows it from `GET /v1/public/images/:id`. ' +
      'It is kept while a form of the account (deleted ones too, until purged) names it; one no form names is deleted 24 hours after the upload. ' +
      'An account keeps at most 1,000.',
    responses: {
      201: success(OwnerUpload, 'Stored'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409], {
        400: 'No `file` part, or a malformed multipart body',
        409: 'The account keeps 1,000 uploads already',
        413: 'The image is larger than 5 MB',
        415: 'The content is not a PNG, JPEG, GIF or WebP image',
      }),
    },
    metadata: write,
  },
});
