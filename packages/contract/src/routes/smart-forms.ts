import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import { ExportQuery } from '../models/export.js';
import {
  CreateSmartFormBody,
  PublishSmartFormResult,
  SmartForm,
  SmartFormDetail,
  SmartFormListQuery,
  SmartFormPage,
  UnpublishSmartFormBody,
  UpdateSmartFormBody,
} from '../models/smart-form.js';
import { AggregateAnalyticsBody, AggregateAnalyticsResult } from '../models/smart-form-analytics.js';
import {
  SMART_FORM_CHAT_SSE_DESCRIPTION,
  SmartFormChatBody,
  SmartFormChatResult,
} from '../models/smart-form-chat.js';
import { SessionListQuery, SessionPage, SmartFormSessionDetail } from '../models/smart-form-session.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  EXPORT_TYPES_TEXT,
  errorResponses,
  exportFile,
  IdempotencyHeaders,
  SmartFormIdParams,
} from './shared.js';

const read = meta({
  auth: 'apiKey',
  scope: 'SMART_FORMS_READ',
  permission: 'smart_forms.read',
  minPlan: 'PRO',
});
const write = meta({
  auth: 'apiKey',
  scope: 'SMART_FORMS_WRITE',
  permission: 'smart_forms.write',
  minPlan: 'PRO',
});
const analytics = meta({
  auth: 'apiKey',
  scope: 'SMART_FORMS_ANALYTICS',
  permission: 'ai.use',
  minPlan: 'PRO',
  consumesCredits: true,
});
const chat = meta({
  auth: 'apiKey',
  scope: 'SMART_FORMS_ANALYTICS',
  permission: 'ai.use',
  minPlan: 'PRO',
  aiLimit: 'smartFormChat',
  consumesCredits: true,
});
const notFound = { 404: 'Smart form not found or owned by another account' };

const aggregateAnalytics = {
  method: 'POST',
  pathParams: SmartFormIdParams,
  body: AggregateAnalyticsBody,
  responses: {
    200: success(AggregateAnalyticsResult, 'Trends, sentiment, key insights and summary statistics'),
    ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 404, 503], {
      400: 'Invalid body, or no completed sessions to analyse',
      ...notFound,
    }),
  },
  metadata: analytics,
} as const;

export const smartFormsRouter = c.router({
  listSmartForms: {
    method: 'GET',
    path: '/v1/smart-forms',
    query: SmartFormListQuery,
    summary: 'List smart forms',
    responses: { 200: success(SmartFormPage, 'A page of smart forms'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
  getSmartForm: {
    method: 'GET',
    path: '/v1/smart-forms/:id',
    pathParams: SmartFormIdParams,
    summary: 'Get a smart form',
    description: 'The smart form with its session statistics.',
    responses: {
      200: success(SmartFormDetail, 'The smart form'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  createSmartForm: {
    method: 'POST',
    path: '/v1/smart-forms',
    body: CreateSmartFormBody,
    summary: 'Create a smart form',
    description: 'An AI interview built from `purpose`. It starts as a draft.',
    responses: {
      201: success(SmartForm, 'The created smart form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409]),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  updateSmartForm: {
    method: 'PATCH',
    path: '/v1/smart-forms/:id',
    pathParams: SmartFormIdParams,
    body: UpdateSmartFormBody,
    summary: 'Update a smart form',
    description:
      'Only the properties sent change; `null` clears an optional one. Running sessions are not affected.',
    responses: {
      200: success(SmartForm, 'The updated smart form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  deleteSmartForm: {
    method: 'DELETE',
    path: '/v1/smart-forms/:id',
    pathParams: SmartFormIdParams,
    summary: 'Delete a smart form',
    description: 'Deletes the smart form and all its sessions.',
    responses: {
      200: success(DeleteResult, 'Deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  publishSmartForm: {
    method: 'POST',
    path: '/v1/smart-forms/:id/publish',
    pathParams: SmartFormIdParams,
    body: c.noBody(),
    summary: 'Publish a smart form',
    description: 'Starts accepting interview sessions at the share URL.',
    responses: {
      200: success(PublishSmartFormResult, 'Published'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  unpublishSmartForm: {
    method: 'POST',
    path: '/v1/smart-forms/:id/unpublish',
    pathParams: SmartFormIdParams,
    body: UnpublishSmartFormBody,
    summary: 'Unpublish a smart form',
    description:
      'Back to draft: no new sessions start. `soft` (default) lets active sessions finish; `hard` marks them abandoned at once.',
    responses: {
      200: success(SmartForm, 'Unpublished'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  listSmartFormSessions: {
    method: 'GET',
    path: '/v1/smart-forms/:id/sessions',
    pathParams: SmartFormIdParams,
    query: SessionListQuery,
    summary: 'List sessions',
    responses: {
      200: success(SessionPage, 'A page of sessions'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  getSmartFormSession: {
    method: 'GET',
    path: '/v1/smart-forms/:id/sessions/:sessionId',
    pathParams: SmartFormIdParams.extend({ sessionId: Uuid.describe('Session id') }),
    summary: 'Get a session',
    description: 'The session with its question-and-answer transcript and AI analysis.',
    responses: {
      200: success(SmartFormSessionDetail, 'The session'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Smart form or session not found' }),
    },
    metadata: read,
  },
  chatWithSmartForm: {
    method: 'POST',
    path: '/v1/smart-forms/:id/chat',
    pathParams: SmartFormIdParams,
    headers: z.object({
      accept: z
        .string()
        .optional()
        .describe('`application/json` (default) for one answer, `text/event-stream` for server-sent events'),
    }),
    body: SmartFormChatBody,
    summary: 'Ask about the interviews',
    description:
      'Answers a question about the 50 most recently completed sessions (transcripts and analyses): sessions, trends, sentiment, common themes. ' +
      `Pass earlier turns in \`conversationHistory\`. Costs at least 1 credit. ${SMART_FORM_CHAT_SSE_DESCRIPTION}`,
    responses: {
      200: success(SmartFormChatResult, 'The answer (JSON mode)'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 404, 503], {
        400: 'Invalid body, or no completed sessions yet',
        ...notFound,
      }),
    },
    metadata: chat,
  },
  smartFormAnalytics: {
    ...aggregateAnalytics,
    path: '/v1/smart-forms/:id/analytics',
    summary: 'Aggregate analytics',
    description:
      'Trends, sentiment, key insights and summary statistics over the completed sessions, or over `sessionIds`.',
  },
  smartFormAggregateAnalytics: {
    ...aggregateAnalytics,
    path: '/v1/smart-forms/:id/aggregate-analytics',
    summary: 'Aggregate analytics (alias)',
    description: 'The same operation as `POST /v1/smart-forms/{id}/analytics`, which is canonical.',
    deprecated: true,
  },
  exportSmartForm: {
    method: 'GET',
    path: '/v1/smart-forms/:id/export',
    pathParams: SmartFormIdParams,
    query: ExportQuery,
    summary: 'Export sessions',
    description: `All sessions as a downloadable file, streamed. ${EXPORT_TYPES_TEXT}`,
    responses: {
      200: exportFile,
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
});
