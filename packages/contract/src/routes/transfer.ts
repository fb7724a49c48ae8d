import { success } from '../models/envelope.js';
import { FormDefinition, ImportFormBody, ImportFormResult } from '../models/form-definition.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  IdempotencyHeaders,
} from './shared.js';

const read = meta({ auth: 'apiKey', scope: 'FORMS_READ', permission: 'forms.read', minPlan: 'STARTER' });
const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });

/** Forms moving between servers and tools (docs/import.md): a portable document out, documents in. */
export const transferRouter = c.router({
  getFormDefinition: {
    method: 'GET',
    path: '/v1/forms/:id/definition',
    pathParams: FormIdParams,
    summary: "Get a form's portable document",
    description:
      'The form as a document any Formloom server imports (`POST /v1/forms/import`, `source: "formloom"`): schema, settings, endings, ' +
      'translations and the theme itself. It names nothing of this account: pictures it uploaded are their public addresses; access rules are left out.',
    responses: {
      200: success(FormDefinition, 'The portable document'),
      ...errorResponses([...API_KEY_ERRORS, 404], {
        404: 'Form not found, deleted, or owned by another account',
      }),
    },
    metadata: read,
  },
  importForm: {
    method: 'POST',
    path: '/v1/forms/import',
    body: ImportFormBody,
    summary: 'Import a form',
    description:
      'Creates a DRAFT form from a document of another tool or server. What cannot be carried over is listed in `report` with its path, never dropped silently; ' +
      'a document that is not of its `source` is a 400 naming each problem.',
    responses: {
      201: success(ImportFormResult, 'The imported form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409], {
        413: 'The document is larger than the limit',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
});
