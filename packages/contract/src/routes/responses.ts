import { Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  FormResponse,
  ResponseCount,
  ResponseExportQuery,
  ResponseListQuery,
  ResponsePage,
} from '../models/response.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, c, EXPORT_TYPES_TEXT, errorResponses, exportFile, FormIdParams } from './shared.js';

const read = meta({
  auth: 'apiKey',
  scope: 'RESPONSES_READ',
  permission: 'responses.read',
  minPlan: 'STARTER',
});

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
      'Newest first. `since` is exclusive (for incremental sync); `startDate` and `endDate` are inclusive.',
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
    pathParams: FormIdParams.extend({ responseId: Uuid.describe('Response id') }),
    summary: 'Get a response',
    responses: {
      200: success(FormResponse, 'The response with all answers'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or response not found' }),
    },
    metadata: read,
  },
});
