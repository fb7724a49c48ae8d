import { type AggregateAnalyticsBody, contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';
import { exportFileName, exportStream, sendExport } from '../../export/index.js';
import { eventStream, wantsEventStream } from '../../http/event-stream.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { Logger } from '../../logger.js';
import { sessionsExport } from './export-stream.js';
import type { InsightsService } from './insights-service.js';
import type { SmartFormsService } from './smart-forms-service.js';

const s = initServer();

/** The owner's smart-form routes (API key): the smart forms, their sessions, chat, analytics, export. */
export function createSmartFormsRouter(
  smartForms: SmartFormsService,
  insights: InsightsService,
  clock: () => Date,
  logger: Logger,
): RouterImplementation<typeof contract.smartForms> {
  const analytics = async ({
    params,
    body,
    req,
  }: {
    params: { id: string };
    body: AggregateAnalyticsBody;
    req: Request;
  }) => ({
    status: 200 as const,
    body: successBody(
      await insights.analytics(authOf(req).accountId, params.id, body),
      'Aggregate analytics',
    ),
  });
  return s.router(contract.smartForms, {
    listSmartForms: async ({ query, req }) => ({
      status: 200,
      body: successBody(await smartForms.list(authOf(req).accountId, query), 'Smart forms'),
    }),
    getSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.get(authOf(req).accountId, params.id), 'Smart form'),
    }),
    createSmartForm: async ({ body, req }) => ({
      status: 201,
      body: successBody(await smartForms.create(authOf(req).accountId, body), 'Smart form created'),
    }),
    updateSmartForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await smartForms.update(authOf(req).accountId, params.id, body),
        'Smart form updated',
      ),
    }),
    deleteSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.remove(authOf(req).accountId, params.id), 'Smart form deleted'),
    }),
    publishSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.publish(authOf(req).accountId, params.id), 'Smart form published'),
    }),
    unpublishSmartForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await smartForms.unpublish(authOf(req).accountId, params.id, body.mode),
        'Smart form unpublished',
      ),
    }),
    listSmartFormSessions: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await smartForms.listSessions(authOf(req).accountId, params.id, query), 'Sessions'),
    }),
    getSmartFormSession: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await smartForms.getSession(authOf(req).accountId, params.id, params.sessionId),
        'Session',
      ),
    }),
    chatWithSmartForm: async ({ params, body, req, res }) => {
      const call = await insights.prepareChat(authOf(req).accountId, params.id, body);
      if (wantsEventStream(req)) {
        // `chunk`s as the provider streams them, then `done` (or `error`).
        const events = eventStream(res, logger, 'smart-form chat', async (send, signal) => {
          const onText = (text: string) => send('chunk', { text });
          send('done', await insights.answerChat(call, { onText, signal }));
        });
        return { status: 200, body: events as never };
      }
      return { status: 200, body: successBody(await insights.answerChat(call), 'Chat answer') };
    },
    smartFormAnalytics: analytics,
    smartFormAggregateAnalytics: analytics,
    exportSmartForm: async ({ params, query, req, res }) => {
      const form = await smartForms.exportOf(authOf(req).accountId, params.id);
      const name = exportFileName(form.title, 'sessions', query.format, clock(), 'smart-form');
      const streams = await exportStream(
        form.sessions,
        sessionsExport(query.format, form.maxQuestions, query.bom === 'true'),
      );
      return sendExport(res, { name, format: query.format }, streams);
    },
  });
}
