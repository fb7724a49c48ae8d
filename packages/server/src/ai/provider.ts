import type { AiProvenance } from '@formloom/contract';
import type { z } from 'zod';

/** One message of a chat completion. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Tokens one call used: as the provider reported them, or estimated the same way every time. */
export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  /** True when the provider gave no usage and the tokenizer counted it (see tokens.ts). */
  estimated: boolean;
}

/**
 * A piece of AI work with a structured answer: the prompt, the small "draft" model the answer
 * must match (a zod object whose optional parts are `.nullable()`, so it converts to a strict
 * JSON Schema), and the deterministic answer the offline provider gives. The caller turns the
 * validated draft into the real object and checks it; a model never writes the stored object
 * directly.
 *
 * ```ts
 * const { value } = await provider.generate(generateFormTask, { prompt: 'A feedback survey', language: 'en' });
 * ```
 */
export interface AiTask<Input, Draft> {
  /** Names the JSON Schema sent to the provider (`[a-zA-Z0-9_-]`) and the usage rows. */
  name: string;
  draft: z.ZodType<Draft, z.ZodTypeDef, unknown>;
  messages(input: Input): ChatMessage[];
  offline(input: Input): Draft;
}

/** A piece of AI work answered in free text (chat); `offline` is the offline provider's answer. */
export interface AiTextTask<Input> {
  name: string;
  messages(input: Input): ChatMessage[];
  offline(input: Input): string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Messages appended after the task's own: the model's previous answer and what was wrong with
   * it, for a repair round.
   */
  followUp?: readonly ChatMessage[];
}

export interface Generated<Draft> {
  value: Draft;
  /** The answer's text as the provider sent it (for a repair round's follow-up). */
  raw: string;
  usage: AiUsage;
}

export interface TextStream extends AsyncIterable<string> {
  /** Settles after the stream ended: what the whole answer used. */
  readonly usage: Promise<AiUsage>;
}

/**
 * An AI provider: the OpenAI-compatible one (any chat-completions endpoint) or the offline one
 * (deterministic, no network). Everything AI in the server goes through this interface, so a
 * feature is written once and runs on both.
 */
export interface AiProvider {
  /** Stamped on every result (`provider: "offline"` marks the offline provider's). */
  readonly provenance: AiProvenance;
  /** Structured output, validated against `task.draft`; throws AiError when it cannot. */
  generate<Input, Draft>(
    task: AiTask<Input, Draft>,
    input: Input,
    options?: CallOptions,
  ): Promise<Generated<Draft>>;
  /** A free-text answer, whole. */
  text<Input>(
    task: AiTextTask<Input>,
    input: Input,
    options?: CallOptions,
  ): Promise<{ text: string; usage: AiUsage }>;
  /** A free-text answer as it is produced; breaking out of the loop (or the signal) ends the call. */
  stream<Input>(task: AiTextTask<Input>, input: Input, options?: CallOptions): TextStream;
}

export type AiErrorKind =
  /** Worth trying again later: rate limited, server error, timeout, connection lost. */
  | 'transient'
  /** The answer was unusable (not JSON, not the draft model, cut off): a repair round may help. */
  | 'invalid_output'
  /** Configuration or request refused (key, model, permissions): a person has to act. */
  | 'refused';

/**
 * Why an AI call failed, in words fit for a job's `error` and an API answer: never the prompt,
 * the answer or a key.
 */
export class AiError extends Error {
  override name = 'AiError';
  /** What the failed call used, when it got an answer (an unusable one still costs tokens). */
  usage?: AiUsage;
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    /** For `invalid_output`: the text the provider sent, for a repair round. */
    readonly raw?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
