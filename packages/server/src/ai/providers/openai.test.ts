import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { createLogger } from '../../logger.js';
import { AiError, type AiTask, type AiTextTask } from '../provider.js';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai.js';

const Draft = z.object({ title: z.string(), tags: z.array(z.string()), note: z.string().nullable() });
type Draft = z.infer<typeof Draft>;

const SECRET_PROMPT = 'the-prompt-words-nobody-may-log';
const API_KEY = 'sk-test-key-that-must-never-be-logged';

const task: AiTask<{ topic: string }, Draft> = {
  name: 'test_draft',
  draft: Draft,
  messages: (input) => [
    { role: 'system', content: 'You answer with a draft.' },
    { role: 'user', content: `${SECRET_PROMPT}: ${input.topic}` },
  ],
  offline: (input) => ({ title: input.topic, tags: [], note: null }),
};

const textTask: AiTextTask<string> = {
  name: 'test_text',
  messages: (q) => [{ role: 'user', content: q }],
  offline: (q) => `offline: ${q}`,
};

const good: Draft = { title: 'Hello', tags: ['a', 'b'], note: null };

describe('OpenAI-compatible provider against the local stand-in (real openai client)', () => {
  let standIn: OpenAiStandIn;
  const logs: string[] = [];
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.respond = () => ({ content: JSON.stringify(good) });
  });

  const provider = (options: Partial<OpenAiProviderOptions> = {}) =>
    createOpenAiProvider({
      baseURL: standIn.baseURL,
      apiKey: API_KEY,
      model: 'stand-in-model',
      timeoutMs: 2_000,
      backoffMs: () => 10,
      logger,
      ...options,
    });

  it('json_schema mode: sends the draft as a strict JSON Schema and validates the answer', async () => {
    const result = await provider().generate(task, { topic: 'cats' });
    expect(result.value).toEqual(good);
    expect(result.usage).toMatchObject({ estimated: false });
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    const sent = standIn.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe('stand-in-model');
    expect(sent.body.response_format.type).toBe('json_schema');
    expect(sent.body.response_format.json_schema).toMatchObject({ name: 'test_draft', strict: true });
    expect(sent.body.response_format.json_schema.schema.required).toEqual(['title', 'tags', 'note']);
  });

  it('json_object and prompt modes: the schema goes in the instructions; the answer is still validated', async () => {
    await provider({ structuredOutputs: 'json_object' }).generate(task, { topic: 'dogs' });
    await provider({ structuredOutputs: 'prompt' }).generate(task, { topic: 'dogs' });
    const [jsonMode, promptMode] = standIn.requests;
    expect(jsonMode!.body.response_format).toEqual({ type: 'json_object' });
    expect(promptMode!.body.response_format).toBeUndefined();
    for (const r of [jsonMode!, promptMode!]) {
      expect(r.body.messages.at(-1).content).toContain('"required":["title","tags","note"]');
    }
    standIn.script({ content: JSON.stringify({ title: 'x', tags: 'not-a-list', note: null }) });
    const bad = await provider({ structuredOutputs: 'json_object' })
      .generate(task, { topic: 'x' })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AiError);
    expect(bad).toMatchObject({ kind: 'invalid_output' });
    expect((bad as AiError).message).toContain('$.tags: Expected array');
    expect((bad as AiError).usage?.completionTokens).toBeGreaterThan(0);
  });

  it('an answer in a Markdown fence is read; one that is not JSON is invalid_output with its text', async () => {
    standIn.script({ content: `\`\`\`json\n${JSON.stringify(good)}\n\`\`\`` }, { content: '{"title": "cut' });
    expect((await provider().generate(task, { topic: 'a' })).value).toEqual(good);
    const bad = await provider()
      .generate(task, { topic: 'a' })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({
      kind: 'invalid_output',
      message: 'The answer was not valid JSON',
      raw: '{"title": "cut',
    });
  });

  it('a cut-off answer (finish_reason "length") is an error, not a parse attempt', async () => {
    standIn.script({ content: JSON.stringify(good), finishReason: 'length' });
    const error = await provider()
      .generate(task, { topic: 'a' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'refused' });
    expect((error as Error).message).toContain('cut off at the token limit');
  });

  it('no usage from the provider: counted by the tokenizer, the same every time', async () => {
    standIn.respond = () => ({ content: JSON.stringify(good), usage: null });
    const a = await provider().generate(task, { topic: 'same' });
    const b = await provider().generate(task, { topic: 'same' });
    expect(a.usage.estimated).toBe(true);
    expect(a.usage).toEqual(b.usage);
    expect(a.usage.completionTokens).toBeGreaterThan(5);
  });

  it('429 with Retry-After, then 500, then success: retried, and the answer comes back', async () => {
    standIn.script({ status: 429, headers: { 'retry-after': '0' } }, { status: 500 });
    const started = Date.now();
    const result = await provider().generate(task, { topic: 'retry' });
    expect(result.value).toEqual(good);
    expect(standIn.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('transient failures past the retries fail as transient; a long Retry-After is not slept on', async () => {
    standIn.script({ status: 503 }, { status: 503 }, { status: 503 });
    const exhausted = await provider({ maxRetries: 2 })
      .generate(task, { topic: 'x' })
      .catch((e: unknown) => e);
    expect(exhausted).toMatchObject({ kind: 'transient', message: 'The AI provider failed (503)' });
    expect(standIn.requests).toHaveLength(3);

    standIn.requests.length = 0;
    standIn.script({ status: 429, headers: { 'retry-after': '3600' } });
    const started = Date.now();
    const limited = await provider()
      .generate(task, { topic: 'x' })
      .catch((e: unknown) => e);
    expect(limited).toMatchObject({
      kind: 'transient',
      message: 'The AI provider is rate limiting requests (429)',
    });
    expect(standIn.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a provider that does not answer in time is a transient timeout', async () => {
    standIn.script({ hang: true }, { hang: true });
    const error = await provider({ timeoutMs: 300, maxRetries: 1 })
      .generate(task, { topic: 'slow' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'transient',
      message: 'The AI provider did not answer within 0.3 s',
    });
  });

  it('refusals say what to fix, without quoting the provider, the key or the prompt', async () => {
    const cases: [number, string | undefined, RegExp][] = [
      [401, undefined, /refused the credentials \(401\): check FORMLOOM_AI_API_KEY/],
      [404, undefined, /does not know the model "stand-in-model" \(404\)/],
      [429, 'insufficient_quota', /no quota left/],
      [400, undefined, /refused the request \(400\)/],
    ];
    for (const [status, code, expected] of cases) {
      standIn.script({ status, ...(code ? { code } : {}), message: `echo ${SECRET_PROMPT}` });
      const error = await provider()
        .generate(task, { topic: 'x' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'refused' });
      expect((error as Error).message).toMatch(expected);
      expect((error as Error).message).not.toContain(SECRET_PROMPT);
    }
    standIn.script({
      status: 400,
      message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported",
    });
    const unsupported = await provider()
      .generate(task, { topic: 'x' })
      .catch((e: unknown) => e);
    expect((unsupported as Error).message).toContain('FORMLOOM_AI_STRUCTURED_OUTPUTS=json_object');
  });

  it('text and stream: the stream yields the answer in pieces, then its usage', async () => {
    const answer = 'Streaming answers arrive in several small pieces of text.';
    standIn.respond = () => ({ content: answer });
    expect((await provider().text(textTask, 'q')).text).toBe(answer);
    const stream = provider().stream(textTask, 'q');
    const pieces: string[] = [];
    for await (const piece of stream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(answer);
    expect(await stream.usage).toMatchObject({ estimated: false, completionTokens: 9 });
    expect(standIn.requests.at(-1)!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('breaking out of a stream ends it; a stream cut mid-way fails as transient', async () => {
    standIn.respond = () => ({ content: 'x'.repeat(400), usage: null });
    const stream = provider().stream(textTask, 'q');
    let seen = 0;
    for await (const _ of stream) {
      if (++seen === 2) break;
    }
    expect(seen).toBe(2);
    expect((await stream.usage).estimated).toBe(true);

    standIn.script({ content: 'y'.repeat(400), breakAfterChunks: 3 });
    const broken = provider({ maxRetries: 0 }).stream(textTask, 'q');
    const failure = await (async () => {
      for await (const _ of broken) {
        // reading until it breaks
      }
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AiError);
    expect(failure).toMatchObject({ kind: 'transient' });
  });

  it('logs a retry without the key, the prompt or the answer', async () => {
    logs.length = 0;
    standIn.script({ status: 500 });
    await provider().generate(task, { topic: 'logged?' });
    const all = logs.join('\n');
    expect(all).toContain('AI call retried');
    expect(all).not.toContain(API_KEY);
    expect(all).not.toContain(SECRET_PROMPT);
    expect(all).not.toContain('Hello');
  });
});
