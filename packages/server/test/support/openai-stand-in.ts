import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the stand-in answers to one chat-completions request. */
export type StandInReply =
  | {
      /** The assistant message's text (any text: malformed JSON is a test case too). */
      content: string;
      /** Default `stop`; `length` for a cut-off answer. */
      finishReason?: 'stop' | 'length';
      /** Token usage to report; `null` reports none (as many local servers do). Default: counted by words. */
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
      /** Answer after this long (per request; added to the stand-in's `latencyMs`). */
      delayMs?: number;
      /** Streaming only: fail the connection after this many chunks. */
      breakAfterChunks?: number;
      refusal?: string;
    }
  | {
      /** An HTTP error answer in OpenAI's error shape. */
      status: number;
      headers?: Record<string, string>;
      code?: string;
      message?: string;
      delayMs?: number;
      /** Answer only once this has settled (then after `delayMs`): a test lets its requests through together. */
      after?: Promise<unknown>;
    }
  /** The body as given, whatever it is (not JSON, cut off). */
  | { raw: string; status?: number; delayMs?: number }
  /** Never answers (until the stand-in closes): for timeouts. */
  | { hang: true };

export interface RecordedRequest {
  path: string;
  /** True once the client closed the connection before the answer was complete. */
  closedEarly: boolean;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: the request body as the client sent it
  body: any;
}

export interface OpenAiStandIn {
  /** For the `openai` client and FORMLOOM_AI_BASE_URL: `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Replies used in order, one per request, before `respond` is asked. */
  script(...replies: StandInReply[]): void;
  /** Forgets the script and the recorded requests. */
  reset(): void;
  /** The reply when the script is empty (default: a short fixed text). */
  respond: (body: RecordedRequest['body']) => StandInReply;
  /** Added to every answer's time (the model's "thinking"), e.g. 200 for the benchmark. */
  latencyMs: number;
  close(): Promise<void>;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function promptWords(body: { messages?: { content?: unknown }[] }): number {
  return (body.messages ?? []).reduce(
    (n, m) => n + (typeof m.content === 'string' ? words(m.content) : 0),
    0,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text split in pieces of a few characters, as models stream. */
function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,8}/g) ?? [];
}

/**
 * A local OpenAI-compatible chat-completions server for tests and benchmarks: the real `openai`
 * client talks to it over HTTP. It answers `POST /v1/chat/completions` with and without
 * `stream: true` (SSE chunks, a usage chunk when asked, `[DONE]`), from a script of replies that
 * can be errors (429 with Retry-After, 500), slow, cut off or malformed, and records every request.
 */
export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const queue: StandInReply[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  let counter = 0;

  const standIn = {
    baseURL: '',
    requests,
    latencyMs: 0,
    respond: (_body: unknown): StandInReply => ({ content: 'This is the stand-in model answering.' }),
    script: (...replies: StandInReply[]) => {
      queue.push(...replies);
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {},
  } satisfies Omit<OpenAiStandIn, 'baseURL'> & { baseURL: string };

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    // biome-ignore lint/suspicious/noExplicitAny: whatever the client sent
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'body is not JSON', type: 'invalid_request_error' } }));
      return;
    }
    const record: RecordedRequest = { path, headers: req.headers, body, closedEarly: false };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const reply = queue.shift() ?? standIn.respond(body);
    if ('hang' in reply) return;
    if ('after' in reply) await reply.after;
    await sleep(standIn.latencyMs + (reply.delayMs ?? 0));
    if ('raw' in reply) {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(reply.raw);
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        JSON.stringify({
          error: {
            message: reply.message ?? `stand-in error ${reply.status}`,
            type: reply.status === 429 ? 'rate_limit_exceeded' : 'server_error',
            code: reply.code ?? null,
          },
        }),
      );
      return;
    }
    counter += 1;
    const id = `chatcmpl-standin-${counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body.model ?? 'stand-in');
    const usage =
      reply.usage === null
        ? undefined
        : (reply.usage ?? { prompt_tokens: promptWords(body), completion_tokens: words(reply.content) });
    const fullUsage = usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const finish = reply.finishReason ?? 'stop';
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
              finish_reason: finish,
              logprobs: null,
            },
          ],
          ...(fullUsage ? { usage: fullUsage } : {}),
        }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: object, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    });
    send(chunk({ role: 'assistant', content: '' }, null));
    let sent = 0;
    for (const piece of pieces(reply.content)) {
      if (reply.breakAfterChunks !== undefined && sent >= reply.breakAfterChunks) {
        res.destroy();
        return;
      }
      if (res.destroyed) return;
      send(chunk({ content: piece }, null));
      sent += 1;
      await sleep(1);
    }
    send(chunk({}, finish));
    if (body.stream_options?.include_usage === true && fullUsage) {
      send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: fullUsage });
    }
    res.write('data: [DONE]\n\n');
    res.end();
  }

  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      raw += d;
    });
    req.on('end', () => {
      handle(req, res, raw).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.baseURL = `http://127.0.0.1:${port}/v1`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}

/**
 * The stand-in for the tests of one file: started before them and closed after. The object it
 * returns forwards to the running stand-in (set `respond` or `latencyMs` on it as on the real one).
 */
export function useOpenAiStandIn(): OpenAiStandIn {
  let running: OpenAiStandIn | undefined;
  beforeAll(async () => {
    running = await startOpenAiStandIn();
  });
  afterAll(async () => {
    await running?.close();
  });
  const current = () => {
    if (running === undefined) throw new Error('the stand-in starts in beforeAll: use it inside a test');
    return running;
  };
  return new Proxy({} as OpenAiStandIn, {
    get: (_target, property) => {
      const value = Reflect.get(current(), property);
      return typeof value === 'function' ? value.bind(current()) : value;
    },
    set: (_target, property, value) => Reflect.set(current(), property, value),
  });
}
