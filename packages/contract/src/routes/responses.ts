import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import { FormFigures, FormFiguresQuery } from '../models/form-figures.js';
import {
  FormResponse,
  ResponseCount,
  ResponseExportQuery,
  ResponseHistory,
  ResponseListQuery,
  ResponsePage,
} from '../models/response.js';
import { meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  EXPORT_TYPES_TEXT,
  errorResponses,
  exportFile,
  FormIdParams,
} from './shared.js';

const pdfFile = c.otherResponse({
  contentType: 'application/pdf',
  body: z.unknown().describe('The PDF'),
});

/**
 * The bytes of a file answer of a stored response (`GET`; needs what reading the response needs).
 * Served beside the contract's routes (it streams a file, not an envelope), so it is not a route
 * object here: the server and the SDK share this path.
 */
export const RESPONSE_FILE_PATH = '/v1/forms/:id/responses/:responseId/files/:uploadId';

const read = meta({
  auth: 'apiKey',
  scope: 'RESPONSES_READ',
  permission: 'responses.read',
  minPlan: 'STARTER',
});

const write = meta({
  auth: 'apiKey',
  scope: 'FORMS_WRITE',
  permission: 'forms.write',
  minPlan: 'STARTER',
});

const ResponseParams = FormIdParams.extend({ responseId: Uuid.describe('Response id') });

// `count` and `export` are declared before `:responseId`, so servers that register routes in this order
// never read "count" or "export" as a response id.
export const responsesRouter = c.router({
  listResponses: {
    method: 'GET',
    path: '/v1/forms/:id/responses',
    pathParams: FormIdParams,
    query: ResponseListQuery,
    summary: 'List responses',
    description:
      'Newest first. `since` is exclusive (for incremental sync); `startDate` and `endDate` are inclusive; `search` keeps the responses with an answer containing the text, ignoring case.',
    responses: {
      200: success(ResponsePage, 'A page of responses'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form not found' }),
    },
    metadata: read,
  },
  countResponses: {
    method: 'GET',
    path: '/v1/forms/:id/responses/count',
    pathParams: FormIdParams,
    summary: 'Count responses',
    responses: {
      200: success(ResponseCount, 'The count'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form not found' }),
    },
    metadata: read,
  },
  exportResponses: {
    method: 'GET',
    path: '/v1/forms/:id/responses/export',
    pathParams: FormIdParams,
    query: ResponseExportQuery,
    summary: 'Export responses',
    description: `Every response (or those of \`startDate\`..\`endDate\`, inclusive), oldest first, as a downloadable file, streamed. csv and xlsx: submittedAt, id, language, one column per field in form order (headed by its label; options by label, files by name, several values joined by a semicolon and a space), then one per variable. json: an array of responses as the list returns them. ${EXPORT_TYPES_TEXT}`,
    responses: {
      200: exportFile,
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form not found' }),
    },
    metadata: read,
  },
  getResponse: {
    method: 'GET',
    path: '/v1/forms/:id/responses/:responseId',
    pathParams: ResponseParams,
    summary: 'Get a response',
    responses: {
      200: success(FormResponse, 'The response with all answers'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or response not found' }),
    },
    metadata: read,
  },
  getResponsePdf: {
    method: 'GET',
    path: '/v1/forms/:id/responses/:responseId/pdf',
    pathParams: ResponseParams,
    summary: "Get a response's PDF",
    description:
      'The response as a PDF (`application/pdf`): the form title and submission time on every page, each answered question as the respondent saw it (the revision they answered, in their language), a signature and chosen pictures drawn, a file by its name with a link to its download. Fonts embedded.',
    responses: {
      200: pdfFile,
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or response not found' }),
    },
    metadata: read,
  },
  getResponseHistory: {
    method: 'GET',
    path: '/v1/forms/:id/responses/:responseId/history',
    pathParams: ResponseParams,
    summary: "Get a response's earlier answers",
    description:
      'The answers a respondent replaced by editing the response through its edit link (`allowEdit`), newest first.',
    responses: {
      200: success(ResponseHistory, 'The earlier answers'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or response not found' }),
    },
    metadata: read,
  },
  deleteResponse: {
    method: 'DELETE',
    path: '/v1/forms/:id/responses/:responseId',
    pathParams: ResponseParams,
    summary: 'Delete a response',
    description:
      'Deletes the response for good, with its uploaded files; the response count drops by one. Recorded in the audit log as `response.deleted`. No webhook event.',
    responses: {
      200: success(DeleteResult, 'Response deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], { 404: 'Form or response not found' }),
    },
    metadata: write,
  },
  getFormFigures: {
    method: 'GET',
    path: '/v1/forms/:id/figures',
    pathParams: FormIdParams,
    query: FormFiguresQuery,
    summary: "Get a form's figures",
    description:
      "What the form's responses say, counted by the database: the count, responses over time, per field its completion and what suits its type (options chosen; number count, mean, median, min, max; dates per month; text lengths), and the drop-off funnel of its saved partial responses by page.",
    responses: {
      200: success(FormFigures, 'The figures'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form not found' }),
    },
    metadata: read,
  },
});
