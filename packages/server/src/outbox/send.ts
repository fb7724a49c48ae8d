import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import {
  BlockedTargetError,
  checkLiteralHost,
  checkPort,
  guardedLookup,
  type TargetPolicy,
} from '../net/ssrf-guard.js';

/**
 * An attempt fails after 10 s without a complete answer (docs/webhooks.md "Delivery, retries and the log").
 */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read and kept for the delivery log (the contract's 1 KB). */
export const RESPONSE_BODY_CAP = 1024;

export interface SendOptions {
  timeoutMs: number;
  policy: TargetPolicy;
  userAgent?: string;
  /** Answer headers to return (lower case): a platform's rate-limit headers, for one. */
  keepHeaders?: readonly string[];
  /** The body's type (default `application/json`). */
  contentType?: string;
  /** The request's method (default POST); a GET or DELETE sends no body. */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  /**
   * How much of the answer is read (default the log's 1 KB): a sender that reads ids from the
   * answer asks for more, and cuts `responseBody` to the log's size itself.
   */
  readBytes?: number;
}

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** A network error, a refused target or the timeout; null when an HTTP answer came. */
  error: string | null;
  /** At most the first KB of the answer, as text. */
  responseBody: string | null;
  /** The headers `keepHeaders` asked for, when the answer had them. */
  headers?: Record<string, string>;
}

/**
 * A failed attempt's error for the delivery log: a short class a person can act on (timeout,
 * connection refused, TLS error...), not the raw network text, which can carry internal detail.
 */
export function classifyNetworkError(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedTargetError) return `target refused: ${error.message}`;
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DNS lookup failed';
  if (code === 'ETIMEDOUT' || code === 'ECONNABORTED') return 'connection timed out';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (/CERT|SSL|TLS|EPROTO/i.test(code) || /certificate|tls|ssl/i.test(error.message)) return 'TLS error';
  if (/blocked|not public|private/i.test(error.message)) return `target refused: ${error.message}`;
  return 'network error';
}

/**
 * POSTs one delivery (or sends it with `options.method`). Redirects are not followed (a 3xx is just a non-2xx answer), the answer
 * body is read only up to 1 KB and the socket is then dropped, the whole attempt (connect, TLS,
 * answer, body) is bounded by `timeoutMs`, and the connection goes only to addresses the SSRF
 * guard checked while resolving (see net/ssrf-guard.ts). Never throws.
 */
export function postDelivery(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const fail = (message: string) => finish({ statusCode: null, error: message, responseBody: null });
    const kept = (res: IncomingMessage) => {
      const out: Record<string, string> = {};
      for (const name of options.keepHeaders ?? []) {
        const value = res.headers[name];
        if (typeof value === 'string') out[name] = value;
      }
      return out;
    };

    let url: URL;
    try {
      url = new URL(target);
      checkLiteralHost(url, options.policy);
      checkPort(url, options.policy);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.policy.allowPrivateTargets)) {
        throw new Error(`${url.protocol} targets are not allowed`);
      }
    } catch (error) {
      fail((error as Error).message);
      return;
    }

    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const method = options.method ?? 'POST';
    const bodyless = method === 'GET' || method === 'DELETE';
    const cap = options.readBytes ?? RESPONSE_BODY_CAP;
    const req = send(url, {
      method,
      // A fresh connection per attempt: every connect goes through the guarded lookup.
      agent: false,
      lookup: guardedLookup(options.policy),
      headers: {
        ...headers,
        ...(bodyless
          ? {}
          : {
              'content-type': options.contentType ?? 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            }),
        'user-agent': options.userAgent ?? 'Formloom-Webhooks/1',
        connection: 'close',
      },
    });
    timer = setTimeout(() => {
      req.destroy();
      fail(`timed out after ${options.timeoutMs} ms`);
    }, options.timeoutMs);

    req.on('error', (error: NodeJS.ErrnoException) => fail(classifyNetworkError(error)));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, cap).toString('utf8');
        finish({
          statusCode: res.statusCode ?? null,
          error: null,
          responseBody: text.slice(0, cap),
          ...(options.keepHeaders === undefined ? {} : { headers: kept(res) }),
        });
        // Whatever the receiver still sends is not read.
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= cap) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(bodyless ? undefined : body);
  });
}
