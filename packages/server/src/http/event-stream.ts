import { PassThrough } from 'node:stream';
import type { ErrorCode } from '@formloom/contract';
import type { Request, Response } from 'express';
import { aiFailure } from '../ai/failure.js';
import type { Logger } from '../logger.js';
import { asAppError, fromDomainError } from './app-error.js';

/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** Whether the client asked for server-sent events (`Accept: text/event-stream`). */
export function wantsEventStream(req: Request): boolean {
  return /\btext\/event-stream\b/i.test(req.get('accept') ?? '');
}

/** Writes one server-sent event whose `data` is JSON. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * The body of a streamed AI answer (the chats): `write` sends its events as they come; when it
 * throws, an `error {message, error}` event ends the stream instead. Nothing is buffered (no
 * compression here; `X-Accel-Buffering: no` for nginx), and a client that goes away aborts
 * `signal`, which ends the model call. Return it as the route's body (ts-rest pipes a stream).
 *
 * ```ts
 * return { status: 200, body: eventStream(res, logger, 'chat', async (send, signal) => {
 *   send('done', await answer({ onText: (text) => send('chunk', { text }), signal }));
 * }) as never };
 * ```
 */
export function eventStream(
  res: Response,
  logger: Logger,
  what: string,
  write: (send: SendEvent, signal: AbortSignal) => Promise<void>,
): PassThrough {
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache, no-transform');
  res.setHeader('x-accel-buffering', 'no');
  res.setHeader('connection', 'keep-alive');
  const out = new PassThrough();
  const abort = new AbortController();
  const send: SendEvent = (event, data) => {
    out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let finished = false;
  res.on('close', () => {
    if (!finished) abort.abort(new Error('client disconnected'));
  });
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();

  void (async () => {
    try {
      await write(send, abort.signal);
    } catch (error) {
      // Past the headers no error middleware sees it: an unexpected one is logged here.
      if (asAppError(error) === undefined) logger.error({ err: error }, `${what} stream failed`);
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
