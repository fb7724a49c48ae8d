import type { AiProvenance } from '@formloom/contract';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Logger } from '../../logger.js';
import {
  AiError,
  type AiProvider,
  type AiTask,
  type AiTextTask,
  type AiUsage,
  type CallOptions,
  type ChatMessage,
  type TextStream,
} from '../provider.js';
import { parseDraft } from '../structured.js';
import { estimateUsage } from '../tokens.js';

/**
 * How a structured answer is asked for. `json_schema`: the provider enforces the draft's JSON
 * Schema (OpenAI, Azure OpenAI, vLLM, recent Ollama and LM Studio). `json_object`: JSON mode, with
 * the schema in the instructions, for servers without `json_schema`. `prompt`: only the
 * instructions, for servers with neither. The answer is validated against the draft in every mode.
 */
export const STRUCTURED_OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number];

export interface OpenAiProviderOptions {
  /** Default: OpenAI's own API. */
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  /** Retries of a transient failure (429, 5xx, timeout, connection), with backoff (default 3). */
  maxRetries?: number;
  structuredOutputs?: StructuredOutputMode;
  /** `max_tokens` of every call; default: the provider's own. */
  maxTokens?: number | undefined;
  logger?: Logger;
  /** Tests: the backoff without a Retry-After, as a function of the retry number (from 1). */
  backoffMs?: (retry: number) => number;
}

/** A Retry-After beyond this is not waited for in the call: the call fails as transient. */
const MAX_RETRY_AFTER_MS = 30_000;

function defaultBackoff(retry: number): number {
  const base = Math.min(500 * 2 ** (retry - 1), 8_000);
  return base * (1 - Math.random() * 0.25);
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (raw === null || raw === undefined) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * What went wrong, in words for the job's `error` and the operator, from the `openai` client's
 * error classes. The provider's own message is not repeated: it can quote the request.
 */
export function classifyError(error: unknown, options: { model: string; timeoutMs: number }): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiError(
      'transient',
      `The AI provider did not answer within ${options.timeoutMs / 1000} s`,
      undefined,
      {
        cause: error,
      },
    );
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiError('transient', 'Could not reach the AI provider (connection failed)', undefined, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    const code = typeof error.code === 'string' ? error.code : undefined;
    if (status === 429 && code === 'insufficient_quota') {
      return new AiError('refused', 'The AI provider account has no quota left (429 insufficient_quota)');
    }
    if (status === 429) return new AiError('transient', 'The AI provider is rate limiting requests (429)');
    if (status >= 500 || status === 408 || status === 409) {
      return new AiError('transient', `The AI provider failed (${status})`);
    }
    if (status === 401 || status === 403) {
      return new AiError(
        'refused',
        `The AI provider refused the credentials (${status}): check FORMLOOM_AI_API_KEY`,
      );
    }
    if (status === 404) {
      return new AiError(
        'refused',
        `The AI provider does not know the model "${options.model}" (404): check FORMLOOM_AI_MODEL and FORMLOOM_AI_BASE_URL`,
      );
    }
    if (/response_format|json_schema/i.test(error.message)) {
      return new AiError(
        'refused',
        `The AI provider does not accept this structured-output request (${status}): set FORMLOOM_AI_STRUCTURED_OUTPUTS=json_object (or prompt)`,
      );
    }
    return new AiError('refused', `The AI provider refused the request (${status})`);
  }
  return new AiError('transient', 'The AI call failed unexpectedly', undefined, { cause: error });
}

function toParams(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m) => ({ role: m.role, content: m.content }));
}

function usageOf(completion: { usage?: OpenAI.CompletionUsage | null }): AiUsage | undefined {
  const u = completion.usage;
  if (u === undefined || u === null) return undefined;
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, estimated: false };
}

/**
 * An OpenAI-compatible chat-completions provider through the official `openai` client: OpenAI,
 * Azure OpenAI (its `/openai/v1` base URL), Ollama, vLLM, LM Studio. Transient failures are
 * retried here with backoff, honouring Retry-After; everything else fails with an AiError whose
 * message says what to fix. Nothing of a prompt, an answer or the key is logged.
 */
/** A task's JSON Schema, converted from its zod draft once (the conversion walks the whole model). */
const responseFormats = new WeakMap<object, ReturnType<typeof zodResponseFormat>>();
function responseFormatOf(task: AiTask<unknown, unknown>): ReturnType<typeof zodResponseFormat> {
  let format = responseFormats.get(task);
  if (format === undefined) {
    format = zodResponseFormat(task.draft as never, task.name);
    responseFormats.set(task, format);
  }
  return format;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 3;
  const mode = options.structuredOutputs ?? 'json_schema';
  const backoff = options.backoffMs ?? defaultBackoff;
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers (Ollama, vLLM) take any key; the client insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  const provenance: AiProvenance = { provider: 'openai', model: options.model, offline: false };
  const logger = options.logger;

  /** Runs `call`, retrying transient failures; a Retry-After the call cannot wait for fails it. */
  async function withRetries<T>(what: string, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await call();
      } catch (error) {
        if (signal?.aborted || error instanceof OpenAI.APIUserAbortError) throw error;
        const failure = classifyError(error, { model: options.model, timeoutMs });
        const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
        const after = retryAfterMs(headers);
        if (failure.kind !== 'transient' || retry >= maxRetries || (after ?? 0) > MAX_RETRY_AFTER_MS) {
          throw failure;
        }
        const wait = after ?? backoff(retry + 1);
        logger?.warn(
          { call: what, retry: retry + 1, waitMs: Math.round(wait), reason: failure.message },
          'AI call retried',
        );
        await new Promise<void>((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  function baseParams(messages: readonly ChatMessage[]) {
    return {
      model: options.model,
      messages: toParams(messages),
      ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
    };
  }

  async function complete(
    what: string,
    params: ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal | undefined,
  ): Promise<ChatCompletion> {
    return withRetries(what, () => client.chat.completions.create(params, { signal }), signal);
  }

  function answerOf(completion: ChatCompletion): string {
    const choice = completion.choices?.[0];
    if (choice === undefined) throw new AiError('invalid_output', 'The AI provider sent no answer');
    const message = choice.message as { content?: string | null; refusal?: string | null };
    if (typeof message.refusal === 'string' && message.refusal !== '') {
      throw new AiError('refused', 'The model declined to answer this request');
    }
    if (choice.finish_reason === 'length') {
      // Cut off at the token limit: half a JSON document is not repaired by parsing it.
      throw new AiError(
        'refused',
        'The answer was cut off at the token limit (finish_reason "length"): raise FORMLOOM_AI_MAX_TOKENS or ask for less',
      );
    }
    return message.content ?? '';
  }

  return {
    provenance,

    async generate<Input, Draft>(task: AiTask<Input, Draft>, input: Input, call: CallOptions = {}) {
      const jsonSchema = responseFormatOf(task);
      const instructions: ChatMessage[] =
        mode === 'json_schema'
          ? []
          : [
              {
                role: 'system',
                content: `Answer with one JSON object, and nothing else, that matches this JSON Schema:\n${JSON.stringify(
                  jsonSchema.json_schema.schema,
                )}`,
              },
            ];
      const messages = [...task.messages(input), ...instructions, ...(call.followUp ?? [])];
      const completion = await complete(
        task.name,
        {
          ...baseParams(messages),
          ...(mode === 'json_schema'
            ? { response_format: { type: 'json_schema', json_schema: jsonSchema.json_schema } }
            : mode === 'json_object'
              ? { response_format: { type: 'json_object' } }
              : {}),
        },
        call.signal,
      );
      const raw = answerOf(completion);
      const usage = usageOf(completion) ?? (await estimateUsage(messages, raw));
      try {
        return { value: parseDraft(task as AiTask<unknown, Draft>, raw), raw, usage };
      } catch (error) {
        if (error instanceof AiError) error.usage = usage;
        throw error;
      }
    },

    async text<Input>(task: AiTextTask<Input>, input: Input, call: CallOptions = {}) {
      const messages = [...task.messages(input), ...(call.followUp ?? [])];
      const completion = await complete(task.name, baseParams(messages), call.signal);
      const choice = completion.choices?.[0];
      if (choice === undefined) throw new AiError('invalid_output', 'The AI provider sent no answer');
      const text = choice.message.content ?? '';
      return { text, usage: usageOf(completion) ?? (await estimateUsage(messages, text)) };
    },

    stream<Input>(task: AiTextTask<Input>, input: Input, call: CallOptions = {}): TextStream {
      const messages = [...task.messages(input), ...(call.followUp ?? [])];
      let settle!: (usage: AiUsage) => void;
      let fail!: (error: unknown) => void;
      const usage = new Promise<AiUsage>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      // Read by nobody when the caller gave up early; never an unhandled rejection.
      usage.catch(() => undefined);
      async function* chunks(): AsyncGenerator<string> {
        let text = '';
        let reported: AiUsage | undefined;
        let completed = false;
        try {
          // Only opening the stream is retried: once text has gone out, a retry would repeat it.
          const stream = await withRetries(
            task.name,
            () =>
              client.chat.completions.create(
                { ...baseParams(messages), stream: true, stream_options: { include_usage: true } },
                { signal: call.signal },
              ),
            call.signal,
          );
          for await (const chunk of stream) {
            reported = usageOf(chunk) ?? reported;
            const piece = chunk.choices?.[0]?.delta?.content;
            if (typeof piece === 'string' && piece !== '') {
              text += piece;
              yield piece;
            }
          }
          completed = true;
        } catch (error) {
          const failure =
            call.signal?.aborted || error instanceof OpenAI.APIUserAbortError
              ? error
              : classifyError(error, { model: options.model, timeoutMs });
          fail(failure);
          throw failure;
        } finally {
          // Also when the consumer broke out of its loop: the tokens used so far still count.
          if (!completed || reported === undefined) settle(reported ?? (await estimateUsage(messages, text)));
          else settle(reported);
        }
      }
      const iterable = chunks();
      return {
        usage,
        [Symbol.asyncIterator]: () => iterable,
      };
    },
  };
}
