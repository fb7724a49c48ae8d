import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  ConfirmEmailBody,
  ConfirmEmailResult,
  CreatedFormLinks,
  CreateFormLinksBody,
  FormLinkPage,
  VerifyEmailBody,
  VerifyEmailResult,
} from '../models/form-link.js';
import { PageQuery } from '../models/paging.js';
import { creates, meta } from './metadata.js';
import { publicRoutes } from './public-routes.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  IdempotencyHeaders,
  PUBLIC_ERRORS,
  ShareCodeParams,
} from './shared.js';

// Scoped as the form's access rules: who may change who answers may hand out links.
const read = meta({ auth: 'apiKey', scope: 'FORMS_READ', permission: 'forms.read', minPlan: 'STARTER' });
const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });
const notFound = { 404: 'Form not found, deleted, or owned by another account' };
const LinkParams = FormIdParams.extend({ linkId: Uuid.describe('Link id') });

/**
 * Personal links of a form and the verified addresses of its respondents (docs/server.md "Access
 * rules"): who may answer once, by link or by e-mail address.
 */
export const formLinksRouter = c.router({
  createFormLinks: {
    method: 'POST',
    path: '/v1/forms/:id/links',
    pathParams: FormIdParams,
    body: CreateFormLinksBody,
    summary: 'Create personal links',
    description:
      'One link per recipient (at most 1,000), each answering once: `/f/:code?t=<token>`. The URL is in this answer only (the token is stored hashed). ' +
      "`prefill` is checked against the form's prefillable fields; with `send`, each recipient with an address gets the link by e-mail through the outbox.",
    responses: {
      201: success(CreatedFormLinks, 'Links created'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: 'Invalid recipients, or a prefill naming no prefillable field',
        ...notFound,
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  listFormLinks: {
    method: 'GET',
    path: '/v1/forms/:id/links',
    pathParams: FormIdParams,
    query: PageQuery,
    summary: 'List personal links',
    description:
      'Newest first, with when each was used and its response. Without URLs: they cannot be rebuilt.',
    responses: {
      200: success(FormLinkPage, 'A page of links'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  revokeFormLink: {
    method: 'DELETE',
    path: '/v1/forms/:id/links/:linkId',
    pathParams: LinkParams,
    body: c.noBody(),
    summary: 'Revoke a personal link',
    description: 'The link takes no submission any more (403 LINK_REQUIRED); a response it gave stays.',
    responses: {
      200: success(DeleteResult, 'Revoked'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], { 404: 'Form or link not found' }),
    },
    metadata: write,
  },
});

/**
 * The public routes of a form with `oneResponse: "email"`: a code e-mailed, then traded for a
 * verification token. Part of the access router (the public calls' group, beside the unlock).
 */
export const emailVerificationRoutes = {
  verifyPublicEmail: {
    ...publicRoutes.verifyPublicEmail,
    pathParams: ShareCodeParams,
    body: VerifyEmailBody,
    summary: "Send a code to a respondent's address",
    description:
      'For a form with `oneResponse: "email"`: a 6-digit code, valid 10 minutes for 5 tries, e-mailed to the address. ' +
      'Limited per address and form (429 `VERIFY_LIMIT`).',
    responses: {
      200: success(VerifyEmailResult, 'Code sent'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 404, 409], {
        400: 'The form does not verify addresses',
        401: 'PASSWORD_REQUIRED',
        404: 'No published form under this code',
        409: 'FORM_CLOSED',
      }),
    },
    metadata: meta({ auth: 'shareCode' }),
  },
  confirmPublicEmail: {
    ...publicRoutes.confirmPublicEmail,
    pathParams: ShareCodeParams,
    body: ConfirmEmailBody,
    summary: "Confirm a respondent's address",
    description:
      'Trades the e-mailed code for a `verificationToken` (valid a day) to send with the submission; each address answers once.',
    responses: {
      200: success(ConfirmEmailResult, 'Address verified'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 403, 404, 409, 'ALREADY_ANSWERED'], {
        400: 'The form does not verify addresses',
        401: 'PASSWORD_REQUIRED',
        403: 'Wrong or expired code, or no tries left',
        404: 'No published form under this code',
        409: 'FORM_CLOSED; ALREADY_ANSWERED: this address answered the form already',
      }),
    },
    metadata: meta({ auth: 'shareCode' }),
  },
} as const;
