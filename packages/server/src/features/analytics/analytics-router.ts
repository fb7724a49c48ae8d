import { PassThrough } from 'node:stream';
import { contract, type ErrorCode, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Request, Response } from 'express';
import { aiFailure } from '../../ai/failure.js';
import type { AiUsage } from '../../ai/provider.js';
import { asAppError, fromDomainError } from '../../http/app-error.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { Logger } from '../../logger.js';
import { authOf } from '../auth/auth-middleware.js';
import type { AnalyticsChatService, PreparedChat } from './analytics-chat-service.js';
import { analyticsChatTask } from './chat-task.js';
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
    const stream = chat.provider.stream(analyticsChatTask, prepared.input, { signal: abort.signal });
    let answer = '';
    try {
      for await (const text of stream) {
        answer += text;
        send('chunk', { text });
      }
      const result = await chat.finish(prepared, answer, await stream.usage);
      const { sessionId: _, ...done } = result;
      send('done', done);
    } catch (error) {
      const usage: AiUsage | undefined = await stream.usage.catch(() => undefined);
      await chat.abandon(prepared, abort.signal.aborted ? usage : undefined).catch((e: unknown) => {
        logger.error({ err: e }, 'analytics chat: giving credits back failed');
      });
      if (!abort.signal.aborted) {
        const failure = asAppError(error) ?? fromDomainError(aiFailure(error));
        send('error', { message: failure.message, error: failure.code satisfies ErrorCode });
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
      let answer: { text: string; usage: AiUsage };
      try {
        answer = await chat.provider.text(analyticsChatTask, prepared.input);
      } catch (error) {
        await chat.abandon(prepared);
        throw asAppError(error) ?? aiFailure(error);
      }
      return {
        status: 200,
        body: successBody(await chat.finish(prepared, answer.text, answer.usage), 'Analytics chat answer'),
      };
    },
  });
}
