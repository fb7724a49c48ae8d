import { z } from 'zod';
import { AiJob, GenerateFormAccepted, GenerateFormBody, TranslateFormBody } from '../models/ai-job.js';
import { Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  IdempotencyHeaders,
} from './shared.js';

export const aiRouter = c.router({
  generateForm: {
    method: 'POST',
    path: '/v1/ai/generate-form',
    body: GenerateFormBody,
    summary: 'Generate a form with AI',
    description:
      'Starts an asynchronous job; poll `GET /v1/ai/jobs/{jobId}` every 3 seconds for up to 60 seconds. ' +
      'A generated schema passes the same integrity checks as a hand-written one before the job is DONE. Costs credits.',
    responses: {
      202: success(GenerateFormAccepted, 'Job queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 503, 409]),
    },
    headers: IdempotencyHeaders,
    metadata: creates(
      meta({
        auth: 'apiKey',
        scope: 'AI_GENERATE',
        permission: 'ai.use',
        minPlan: 'STARTER',
        aiLimit: 'generateForm',
        consumesCredits: true,
      }),
    ),
  },
  translateForm: {
    method: 'POST',
    path: '/v1/forms/:id/translate',
    pathParams: FormIdParams,
    body: TranslateFormBody,
    summary: "Translate a form's texts with AI",
    description:
      "Starts an asynchronous job that writes the form's texts in `language` into `schema.translations.<language>` " +
      '(keys as in docs/form-texts.md; recall `{{id}}` kept). Only the texts that language does not have yet are translated; ' +
      'the ones it has (made by a person or an earlier job) stay, unless `overwrite` is true. Poll `GET /v1/ai/jobs/{jobId}`: ' +
      'DONE carries the form. The offline provider copies the base texts into the missing ones only, even with `overwrite`, ' +
      'and says so (`ai.offline`). ' +
      'Costs credits as a chat: 1 plus 1 per 1,000 tokens; counts against the generate-form hourly limit.',
    responses: {
      202: success(GenerateFormAccepted, 'Job queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 404, 503, 409], {
        400: "Invalid body, or `language` is the form's base language",
        404: 'Form not found',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(
      meta({
        auth: 'apiKey',
        scope: 'AI_GENERATE',
        permission: 'ai.use',
        minPlan: 'STARTER',
        aiLimit: 'generateForm',
        consumesCredits: true,
      }),
    ),
  },
  getAiJob: {
    method: 'GET',
    path: '/v1/ai/jobs/:jobId',
    pathParams: z.object({ jobId: Uuid.describe('Job id') }),
    summary: 'Get an AI job',
    description:
      'PENDING, PROCESSING, DONE (with `form`: a generated DRAFT form, or the translated form) or FAILED (with `error`).',
    responses: {
      200: success(AiJob, 'The job'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Job not found' }),
    },
    metadata: meta({ auth: 'apiKey', scope: 'AI_GENERATE', permission: 'ai.use', minPlan: 'STARTER' }),
  },
});
