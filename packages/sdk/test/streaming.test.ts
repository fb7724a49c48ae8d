import { describe, expect, it } from 'vitest';
import { type AnalyticsChatEvent, APIUserAbortError, NotFoundError, Stream } from '../src/index.js';
import { decodeSSE } from '../src/internal/sse.js';
import { client, errorAnswer, FORM_ID, mockFetch } from './support/mock-fetch.js';

const encoder = new TextEncoder();

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function decode(chunks: (string | Uint8Array)[]) {
  const events = [];
  for await (const event of decodeSSE(streamOf(chunks))) events.push(event);
  return events;
}

describe('SSE decoder', () => {
  it('decodes events, comments, multi-line data, ids and retry', async () => {
    const events = await decode([
      ': keep-alive\n\nevent: session\ndata: {"sessionId":"s"}\nid: 1\nretry: 500\n\n',
      'data: line one\ndata: line two\n\n',
      'data:no-space\n\n',
    ]);
    expect(events).toEqual([
      { event: 'session', data: '{"sessionId":"s"}', id: '1', retry: 500 },
      { event: 'message', data: 'line one\nline two', id: undefined, retry: undefined },
      { event: 'message', data: 'no-space', id: undefined, retry: undefined },
    ]);
  });

  it('handles CR, LF and CRLF line ends, also split across chunks', async () => {
    const events = await decode([
      'event: a\r',
      '\ndata: 1\r',
      '\n\r',
      '\nevent: b\rdata: 2\r\r',
      'data: 3\n\n',
    ]);
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['message', '3'],
    ]);
  });

  it('handles UTF-8 characters split across chunks', async () => {
    const bytes = encoder.encode('data: {"text":"héllo 👋"}\n\n');
    const events = await decode([bytes.slice(0, 16), bytes.slice(16, 24), bytes.slice(24)]);
    expect(JSON.parse(events[0]!.data)).toEqual({ text: 'héllo 👋' });
  });

  it('drops events without data, resets the event type at a blank line, and delivers a last unterminated event', async () => {
    const events = await decode(['event: ping\n\ndata: x\n\nevent: tail\ndata: y']);
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['message', 'x'],
      ['tail', 'y'],
    ]);
  });
});

function sse(events: [string, unknown][]): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

const CHAT: [string, unknown][] = [
  ['session', { sessionId: 'c0a80101-0000-4000-8000-000000000001' }],
  ['chunk', { text: 'Most ' }],
  ['future-event', { anything: true }],
  ['chunk', { text: 'like it.' }],
  [
    'done',
    {
      message: 'Most like it.',
      suggestedActions: [],
      creditsUsed: 1,
      ai: { provider: 'offline', model: 'x', offline: true },
    },
  ],
];

describe('analytics.chatStream', () => {
  it('yields the typed events and skips unknown ones', async () => {
    const { fetch, requests } = mockFetch(
      () => new Response(sse(CHAT), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const stream = client(fetch).analytics.chatStream(FORM_ID, { message: 'What do people like?' });
    expect(stream).toBeInstanceOf(Stream);
    expect(requests).toHaveLength(0); // sent when iterated
    const events: AnalyticsChatEvent[] = await stream.toArray();
    expect(events.map((e) => e.event)).toEqual(['session', 'chunk', 'chunk', 'done']);
    let text = '';
    for (const e of events) if (e.event === 'chunk') text += e.data.text;
    expect(text).toBe('Most like it.');
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe(`/v1/forms/${FORM_ID}/analytics-chat`);
    expect(requests[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(requests[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(JSON.parse(requests[0]!.body)).toEqual({ message: 'What do people like?' });
  });

  it('aborts the request when the loop is left early', async () => {
    let signal: AbortSignal | undefined;
    let cancelled = false;
    const { fetch } = mockFetch((request) => {
      signal = request.signal;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(sse(CHAT.slice(0, 2))));
          // ... and then the stream stays open, as a slow model would keep it.
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const seen: string[] = [];
    for await (const event of client(fetch).analytics.chatStream(FORM_ID, { message: 'Hi' })) {
      seen.push(event.event);
      if (event.event === 'chunk') break;
    }
    expect(seen).toEqual(['session', 'chunk']);
    expect(signal?.aborted).toBe(true);
    expect(cancelled).toBe(true);
  });

  it('stops with APIUserAbortError when abort() is called mid-stream', async () => {
    const { fetch } = mockFetch(
      (request) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(encoder.encode(sse(CHAT.slice(0, 1))));
              request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const stream = client(fetch).analytics.chatStream(FORM_ID, { message: 'Hi' });
    const error = await (async () => {
      for await (const _event of stream) stream.abort();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it('throws the API error of an answer that never started streaming', async () => {
    const { fetch } = mockFetch(() => errorAnswer(404, 'NOT_FOUND'));
    const stream = client(fetch).analytics.chatStream(FORM_ID, { message: 'Hi' });
    await expect(stream.toArray()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('can be iterated once', async () => {
    const { fetch } = mockFetch(() => new Response(sse(CHAT)));
    const stream = client(fetch).analytics.chatStream(FORM_ID, { message: 'Hi' });
    await stream.toArray();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/once/);
  });
});

describe('analytics.chatStream with a caller signal', () => {
  it('ends with APIUserAbortError when the caller aborts', async () => {
    const controller = new AbortController();
    const { fetch } = mockFetch(
      (request) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              stream.enqueue(encoder.encode(sse(CHAT.slice(0, 1))));
              request.signal.addEventListener('abort', () => stream.error(request.signal.reason));
            },
          }),
        ),
    );
    const events: string[] = [];
    const error = await (async () => {
      for await (const event of client(fetch).analytics.chatStream(
        FORM_ID,
        { message: 'Hi' },
        { signal: controller.signal },
      )) {
        events.push(event.event);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(events).toEqual(['session']);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});
