import { success } from '../models/envelope.js';
import { AddFieldBody, Form, UpdateFieldBody } from '../models/form.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FieldIdParams,
  FormIdParams,
  IdempotencyHeaders,
  IfMatchHeaders,
} from './shared.js';

const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });
const integrity =
  'The resulting schema must pass the integrity checks; each problem is listed in `issues`. Answers the updated form, ' +
  'with its new `ETag`; with `If-Match`, a form changed since that ETag is not written (412).';
const stale = { 412: 'The form was changed since the `If-Match` ETag: read it again' };

export const fieldsRouter = c.router({
  addField: {
    method: 'POST',
    path: '/v1/forms/:id/fields',
    pathParams: FormIdParams,
    body: AddFieldBody,
    summary: 'Add a field',
    description: `Adds one field to an existing section. ${integrity}`,
    responses: {
      201: success(Form, 'The form with the new field'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 412, 409], {
        404: 'Form not found',
        ...stale,
      }),
    },
    headers: IdempotencyHeaders.merge(IfMatchHeaders),
    metadata: creates(write),
  },
  updateField: {
    method: 'PATCH',
    path: '/v1/forms/:id/fields/:fieldId',
    pathParams: FieldIdParams,
    body: UpdateFieldBody,
    summary: 'Update a field',
    description: `Only the properties sent change; \`null\` removes an optional one. ${integrity}`,
    responses: {
      200: success(Form, 'The form with the updated field'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 412], {
        404: 'Form or field not found',
        ...stale,
      }),
    },
    headers: IfMatchHeaders,
    metadata: write,
  },
  deleteField: {
    method: 'DELETE',
    path: '/v1/forms/:id/fields/:fieldId',
    pathParams: FieldIdParams,
    summary: 'Remove a field',
    description: `Fails while conditional logic or a validation rule of another field refers to it. ${integrity}`,
    responses: {
      200: success(Form, 'The form without the field'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 412], {
        404: 'Form or field not found',
        ...stale,
      }),
    },
    headers: IfMatchHeaders,
    metadata: write,
  },
});
