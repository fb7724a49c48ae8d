import { success } from '../models/envelope.js';
import { FormAccess, PutFormAccessBody, UnlockFormBody, UnlockFormResult } from '../models/form-access.js';
import { emailVerificationRoutes } from './form-links.js';
import { meta } from './metadata.js';
import { publicRoutes } from './public-routes.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  PUBLIC_ERRORS,
  ShareCodeParams,
} from './shared.js';

// Scoped as the form's own edits: who may change the form may change who answers it.
const read = meta({ auth: 'apiKey', scope: 'FORMS_READ', permission: 'forms.read', minPlan: 'STARTER' });
const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });
const notFound = { 404: 'Form not found, deleted, or owned by another account' };

/**
 * A form's access rules (docs/server.md "Access rules"): kept apart from its schema; and the public
 * route that unlocks a password-protected form.
 */
export const formAccessRouter = c.router({
  getFormAccess: {
    method: 'GET',
    path: '/v1/forms/:id/access',
    pathParams: FormIdParams,
    summary: "Get a form's access rules",
    description: 'Whether a password protects the form (never the password), and when it opens.',
    responses: {
      200: success(FormAccess, 'Access rules'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  putFormAccess: {
    method: 'PUT',
    path: '/v1/forms/:id/access',
    pathParams: FormIdParams,
    body: PutFormAccessBody,
    summary: "Change a form's access rules",
    description:
      'Only the properties sent change. `password` is stored hashed and never read back; a new or removed password ends every unlock token given before. ' +
      'Before `opensAt` every public route of the form answers 409 FORM_CLOSED with `closedMessage`.',
    responses: {
      200: success(FormAccess, 'Access rules'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  unlockPublicForm: {
    ...publicRoutes.unlockPublicForm,
    pathParams: ShareCodeParams,
    body: UnlockFormBody,
    summary: 'Unlock a password-protected form',
    description:
      "Trades the form's password for a token valid a day: send it as `X-Formloom-Access` with every public call of the form. " +
      'A changed or removed password ends every token. Limited per address and per form (429 `UNLOCK_LIMIT`).',
    responses: {
      200: success(UnlockFormResult, 'Unlocked'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 404, 409], {
        400: 'The form has no password',
        401: 'PASSWORD_REQUIRED: wrong password',
        404: 'No published form under this code',
        409: 'FORM_CLOSED: before the form opens',
      }),
    },
    metadata: meta({ auth: 'shareCode' }),
  },
  ...emailVerificationRoutes,
});
