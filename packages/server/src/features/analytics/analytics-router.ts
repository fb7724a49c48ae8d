import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { eventStream, wantsEventStream } from '../../http/event-stream.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { Logger } from '../../logger.js';
import type { AnalyticsChatService } from './analytics-chat-service.js';
import type { SigningSecrets } from './signing-secret.js';
import type { SmartAnalytics } from './smart-analytics.js';

const s = initServer();

export interface AnalyticsRouterDeps {
  chat: AnalyticsChatService;
  smartAnalytics: SmartAnalytics;
  secrets: SigningSecrets;
}

export function createAnalyticsRouter(
  { chat, smartAnalytics, secrets }: AnalyticsRouterDeps,
  logger: Logger,
): RouterImplementation<typeof contract.analytics> {
  return s.router(contract.analytics, {
    requestSmartAnalytics: async ({ params, body, req }) => ({
      status: 202,
      body: successBody(
        await smartAnalytics.request(authOf(req).accountId, params.id, body.callbackUrl),
        'Report queued',
      ),
    }),
    getSmartAnalyticsReport: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await smartAnalytics.get(authOf(req).accountId, params.id, params.reportId),
        'Report',
      ),
    }),
    createAnalyticsSigningSecret: async ({ req }) => ({
      status: 201,
      body: successBody(await secrets.rotate(authOf(req).accountId), 'Secret created'),
    }),
    getAnalyticsSigningSecret: async ({ req }) => ({
      status: 200,
      body: successBody(await secrets.info(authOf(req).accountId), 'Analytics signing secret'),
    }),
    analyticsChat: async ({ params, body, req, res }) => {
      const prepared = await chat.prepare(authOf(req).accountId, params.id, body);
      if (wantsEventStream(req)) {
        // `session`, `chunk`s as the provider streams them, then `done` (or `error`).
        const events = eventStream(res, logger, 'analytics chat', async (send, signal) => {
          send('session', { sessionId: prepared.sessionId });
          const onText = (text: string) => send('chunk', { text });
          const { sessionId: _, ...done } = await chat.answer(prepared, { onText, signal });
          send('done', done);
        });
        // A stream body is piped as it is written (ts-rest skips its JSON handling).
        return { status: 200, body: events as never };
      }
      return {
        status: 200,
        body: successBody(await chat.answer(prepared), 'Analytics chat answer'),
      };
    },
  });
}
