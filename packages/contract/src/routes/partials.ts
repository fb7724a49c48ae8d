import { success } from '../models/envelope.js';
import { PageQuery } from '../models/paging.js';
import {
  CompletePartialBody,
  CreatedPartial,
  PartialPage,
  PublicPartial,
  ResumeToken,
  SavePartialBody,
} from '../models/partial.js';
import { SubmitResponseResult } from '../models/response.js';
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

/** The share code and the resume token in the path are the credential. */
const byShareCode = meta({ auth: 'shareCode' });
const TokenParams = ShareCodeParams.extend({ token: ResumeToken });
const locked = {
  401: 'PASSWORD_REQUIRED: the form is password-protected and no valid `X-Formloom-Access` token came',
};
const formGone = { 404: 'No published form under this code', ...locked };
const partialGone = {
  ...locked,
  404: 'No published form under this code, or no unfinished partial under this token (unknown, expired, of another form)',
};

/** Save and resume (docs/form-model.md "Save and resume"): answers saved page by page, completed once. */
export const partialsRouter = c.router({
  createPartial: {
    ...publicRoutes.createPartial,
    pathParams: ShareCodeParams,
    body: SavePartialBody,
    summary: 'Save a partial response',
    description:
      "Saves answers so far (types checked, not required-ness) and answers with a resume token that expires after the form's `settings.resumeDays` (default 7). " +
      'Partials do not count as responses nor against any quota.',
    responses: {
      201: success(CreatedPartial, 'Saved'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 404, 409], {
        400: 'An answer of the wrong type; see `issues`',
        ...formGone,
        409: 'The form accepts no more responses (ARCHIVED)',
      }),
    },
    metadata: byShareCode,
  },
  getPartial: {
    ...publicRoutes.getPartial,
    pathParams: TokenParams,
    summary: 'Read a partial response',
    responses: {
      200: success(PublicPartial, 'The saved answers and page'),
      ...errorResponses([...PUBLIC_ERRORS, 401, 404, 409], {
        ...partialGone,
        409: 'FORM_CLOSED: before the form opens',
      }),
    },
    metadata: byShareCode,
  },
  updatePartial: {
    ...publicRoutes.updatePartial,
    pathParams: TokenParams,
    body: SavePartialBody,
    summary: 'Replace a partial response',
    description: 'Replaces the saved answers and page (types checked, not required-ness).',
    responses: {
      200: success(PublicPartial, 'Saved'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 404, 409], {
        400: 'An answer of the wrong type; see `issues`',
        ...partialGone,
        409: 'The form accepts no more responses (ARCHIVED)',
      }),
    },
    metadata: byShareCode,
  },
  completePartial: {
    ...publicRoutes.completePartial,
    pathParams: TokenParams,
    body: CompletePartialBody,
    summary: 'Complete a partial response',
    description:
      "Merges the body's answers over the saved ones and submits them exactly like a submission. The response is stored once: " +
      'a repeated or concurrent complete answers with the same response id. A refused complete (400) keeps the partial. Emits FORM_RESPONSE_CREATED.',
    responses: {
      201: success(SubmitResponseResult, 'Stored'),
      ...errorResponses(
        [
          ...PUBLIC_ERRORS,
          ...BODY_ERRORS,
          404,
          409,
          'CAPTCHA_FAILED',
          'LINK_REQUIRED',
          'VERIFICATION_REQUIRED',
          'ALREADY_ANSWERED',
          'CHECKOUT_REQUIRED',
        ],
        {
          400: 'Invalid answers (see `issues`), or CAPTCHA_FAILED: the captcha token is missing or was refused',
          ...partialGone,
          403: 'LINK_REQUIRED: the form takes submissions through a personal link only; VERIFICATION_REQUIRED: through a verified address only',
          409: 'FORM_CLOSED: the form accepts no more responses (ARCHIVED); ALREADY_ANSWERED: the link or address answered already; CHECKOUT_REQUIRED: the form has a payment field',
        },
      ),
    },
    metadata: byShareCode,
  },
  listPartials: {
    method: 'GET',
    path: '/v1/forms/:id/partials',
    pathParams: FormIdParams,
    query: PageQuery,
    summary: 'List unfinished partial responses',
    description: 'Newest saved first; never the resume token nor the answers.',
    responses: {
      200: success(PartialPage, 'A page of partial responses'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form not found' }),
    },
    metadata: meta({
      auth: 'apiKey',
      scope: 'RESPONSES_READ',
      permission: 'responses.read',
      minPlan: 'STARTER',
    }),
  },
});
