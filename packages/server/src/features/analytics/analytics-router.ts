import { PassThrough } from 'node:stream';
import { contract, type ErrorCode, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Request, Response } from 'express';
import { aiFailure } from '../../ai/failure.js';
import { asAppError, fromDomainError } from '../../http/app-error.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { Logger } from '../../logger.js';
import type { AnalyticsChatService, PreparedChat } from './analytics-chat-service.js';
import type { SigningSecrets } from './signing-secret.js';
import type { SmartAnalytics } from './smart-analytics.js';

const s = initServer();

/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

function wantsStream(req: Request): boolean {
  return /\btext\/event-stream\b/i.test(req.get('accept') ?? '');
}

/**
 * The SSE answer: `session`, `chunk`s as the provider streams them, then `done` or `error`.
 * Nothing is buffered (no compression here; `X-Accel-Buffering: no` for nginx), and a client that
 * goes away ends the model call.
 */
function streamAnswer(chat: AnalyticsChatService, prepared: PreparedChat, res: Response, logger: Logger) {
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache, no-transform');
  res.setHeader('x-accel-buffering', 'no');
  res.setHeader('connection', 'keep-alive');
  const out = new PassThrough();
  const abort = new AbortController();
  const send = (event: string, data: unknown) =>
    out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let finished = false;
  res.on('close', () => {
    if (!finished) abort.abort(new Error('client disconnected'));
  });
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();

  void (async () => {
    send('session', { sessionId: prepared.sessionId });
    try {
      const onText = (text: string) => send('chunk', { text });
      const { sessionId: _, ...done } = await chat.answer(prepared, { onText, signal: abort.signal });
      send('done', done);
    } catch (error) {
      // Past the headers no error middleware sees it: an unexpected one is logged here.
      if (asAppError(error) === undefined) logger.error({ err: error }, 'analytics chat stream failed');
      if (!abort.signal.aborted) {
        const failure = asAppError(error) ?? fromDomainError(aiFailure(error));
        send('error', { message: failure.message, error: failure.generalCode satisfies ErrorCode });
      }
    } finally {
      finished = true;
      clearInterval(keepAlive);
      out.end();
    }
  })();
  return out;
}

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
      if (wantsStream(req)) {
        // A stream body is piped as it is written (ts-rest skips its JSON handling).
        return { status: 200, body: streamAnswer(chat, prepared, res, logger) as never };
      }
      return {
        status: 200,
        body: successBody(await chat.answer(prepared), 'Analytics chat answer'),
      };
    },
  });
}
