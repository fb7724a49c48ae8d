import { z } from 'zod';
import {
  ANALYTICS_CHAT_SSE_DESCRIPTION,
  AnalyticsChatBody,
  AnalyticsChatResult,
  AnalyticsSigningSecret,
  AnalyticsSigningSecretInfo,
  SmartAnalyticsAccepted,
  SmartAnalyticsBody,
  SmartAnalyticsReport,
} from '../models/analytics.js';
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

export const analyticsRouter = c.router({
  requestSmartAnalytics: {
    method: 'POST',
    path: '/v1/forms/:id/smart-analytics',
    pathParams: FormIdParams,
    body: SmartAnalyticsBody,
    summary: 'Request a smart analytics report',
    description:
      'Answers at once with `jobId` and `reportId`; the report (metrics, trends, AI analysis) is POSTed to `callbackUrl` when ready, ' +
      'signed with `X-Service-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>` using the account analytics signing secret. ' +
      'Costs credits.',
    responses: {
      202: success(SmartAnalyticsAccepted, 'Report queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 404, 503, 409], {
        400: 'Invalid body, or a callback URL the server does not accept',
        404: 'Form not found',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(
      meta({
        auth: 'apiKey',
        scope: 'ANALYTICS_READ',
        permission: 'ai.use',
        minPlan: 'PRO',
        aiLimit: 'smartAnalytics',
        consumesCredits: true,
      }),
    ),
  },
  getSmartAnalyticsReport: {
    method: 'GET',
    path: '/v1/forms/:id/smart-analytics/:reportId',
    pathParams: FormIdParams.extend({ reportId: Uuid.describe('Report id') }),
    summary: 'Get a smart analytics report',
    description:
      'The report of a `smart-analytics` request: its status, the report when DONE, and its callback delivery.',
    responses: {
      200: success(SmartAnalyticsReport, 'The report'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or report not found' }),
    },
    metadata: meta({ auth: 'apiKey', scope: 'ANALYTICS_READ', permission: 'analytics.read', minPlan: 'PRO' }),
  },
  createAnalyticsSigningSecret: {
    method: 'POST',
    path: '/v1/analytics/signing-secret',
    body: c.noBody(),
    summary: 'Create or rotate the analytics signing secret',
    description:
      'Makes a new secret for `X-Service-Signature-256` on smart analytics callbacks, replacing any earlier one. ' +
      'The full secret is in this answer only; later reads show its last 4 characters.',
    responses: {
      201: success(AnalyticsSigningSecret, 'Secret created'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409]),
    },
    headers: IdempotencyHeaders,
    // The secret signs callbacks as webhook deliveries are signed: replacing it is a webhook write.
    metadata: creates(
      meta({ auth: 'apiKey', scope: 'WEBHOOKS_WRITE', permission: 'webhooks.write', minPlan: 'PRO' }),
    ),
  },
  getAnalyticsSigningSecret: {
    method: 'GET',
    path: '/v1/analytics/signing-secret',
    summary: 'Get the analytics signing secret',
    description: 'Its last 4 characters and when it was made; 404 when the account has none yet.',
    responses: {
      200: success(AnalyticsSigningSecretInfo, 'The secret (last 4 characters)'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'No analytics signing secret yet' }),
    },
    metadata: meta({ auth: 'apiKey', scope: 'ANALYTICS_READ', permission: 'analytics.read', minPlan: 'PRO' }),
  },
  analyticsChat: {
    method: 'POST',
    path: '/v1/forms/:id/analytics-chat',
    pathParams: FormIdParams,
    headers: z.object({
      accept: z
        .string()
        .optional()
        .describe('`application/json` (default) for one answer, `text/event-stream` for server-sent events'),
    }),
    body: AnalyticsChatBody,
    summary: 'Chat about the responses',
    description:
      'Ask questions about the form responses; pass `sessionId` back for follow-ups. A session ends after 30 minutes idle ' +
      `or 10 messages (then a 400 says to start a new one). Costs credits. ${ANALYTICS_CHAT_SSE_DESCRIPTION}`,
    responses: {
      200: success(AnalyticsChatResult, 'The answer (JSON mode)'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 402, 404, 503], {
        400: 'Invalid body, or the chat session expired or is full: start a new one',
        404: 'Form or chat session not found',
      }),
    },
    metadata: meta({
      auth: 'apiKey',
      scope: 'ANALYTICS_READ',
      permission: 'ai.use',
      minPlan: 'PRO',
      aiLimit: 'analyticsChat',
      consumesCredits: true,
    }),
  },
});
