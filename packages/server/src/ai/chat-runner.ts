import type { AiProvenance } from '@formloom/contract';
import { type CreditsService, chatCost, type Reservation } from '../platform/credits/index.js';
import { contextWindowOf } from './context-window.js';
import { aiFailure } from './failure.js';
import type { AiProvider, AiTextTask, AiUsage } from './provider.js';
import { countPromptTokens } from './tokens.js';

/** Kept free in the model's window for the answer; it bounds the reservation too. */
export const CHAT_ANSWER_TOKENS = 1_000;

/** A feature's chat: its prompt, its context and how that context is cut to the token budget. */
export interface ChatSpec<Input> {
  task: AiTextTask<Input>;
  /** The credit ledger's reason (`ai.analyticsChat`). */
  reason: string;
  /** Most prompt tokens the chat sends; below the model's window it is the window that limits. */
  maxPromptTokens: number;
  /** The input without its fitted part: instructions, history and question (the fixed share). */
  base: Input;
  /**
   * Fills `base` with as much context as fits in `room` tokens (what the fixed share leaves of
   * the budget). `tokens`: what the filled part takes, or is allowed to take; the reservation
   * covers it. Throw here (a domain error) when there is nothing worth asking about.
   */
  fit(base: Input, room: number): Promise<{ input: Input; tokens: number }>;
}

/** A chat ready to be asked: its input fitted to the budget, its credits reserved. */
export interface ChatCall<Input> {
  readonly task: AiTextTask<Input>;
  readonly input: Input;
  readonly reservation: Reservation;
}

/** A complete answer, its usage and the credits it cost. */
export interface ChatAnswer {
  text: string;
  usage: AiUsage;
  creditsUsed: number;
  ai: AiProvenance;
}

export interface ChatRunOptions<Result> {
  /** Streams the answer: each piece of text as the provider produces it. */
  onText?: (text: string) => void;
  /** Ends the call (a client that went away). */
  signal?: AbortSignal;
  /** The feature's use of the complete answer (store it, shape it); if it throws, the credits come back. */
  keep: (answer: ChatAnswer) => Promise<Result> | Result;
}

/** A stream that ended without a complete answer, with what it used (when it is still owed). */
class Interrupted extends Error {
  constructor(
    readonly reason: unknown,
    readonly usage: AiUsage | undefined,
  ) {
    super('interrupted', { cause: reason });
  }
}

/**
 * The one pipeline of the chats (analytics chat, smart-form chat): cuts the context to the token
 * budget, reserves what the call can cost at most (402 when the balance is empty) before any
 * token is spent, asks the provider whole or streaming, settles at the provider's usage (1 + 1
 * per 1,000 tokens) or gives back what a call without a complete answer did not use, and says a
 * failure in the domain's words. A feature brings its prompt, its context and what it does with the answer.
 *
 * ```ts
 * const call = await runner.prepare(accountId, { task, reason, maxPromptTokens, base, fit });
 * const result = await runner.run(call, { keep: (answer) => ({ answer: answer.text }) });
 * ```
 */
export function createChatRunner({ credits, provider }: { credits: CreditsService; provider: AiProvider }) {
  const window = contextWindowOf(provider.provenance.model);

  /** The answer whole, or streamed piece by piece to `onText`. */
  async function ask<Input>(
    call: ChatCall<Input>,
    onText: ((text: string) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ text: string; usage: AiUsage }> {
    if (onText === undefined) return provider.text(call.task, call.input, { signal });
    const stream = provider.stream(call.task, call.input, { signal });
    let text = '';
    try {
      for await (const piece of stream) {
        // What the client already received may be buffered: stop at once, not at the end of it.
        signal?.throwIfAborted();
        text += piece;
        onText(piece);
      }
      // The openai client ends an aborted stream as if it were complete: it is not an answer.
      signal?.throwIfAborted();
      return { text, usage: await stream.usage };
    } catch (error) {
      // A client that left pays for what the provider says was used until then; a failure, nothing.
      throw new Interrupted(error, signal?.aborted ? await stream.usage.catch(() => undefined) : undefined);
    }
  }

  return {
    provenance: provider.provenance,

    /** Everything before the model is asked: the feature's errors and the 402 come from here. */
    async prepare<Input>(accountId: string, spec: ChatSpec<Input>): Promise<ChatCall<Input>> {
      const budget = Math.min(spec.maxPromptTokens, window - CHAT_ANSWER_TOKENS);
      const fixed = await countPromptTokens(spec.task.messages(spec.base));
      const { input, tokens } = await spec.fit(spec.base, Math.max(0, budget - fixed));
      const reservation = await credits.reserveUpTo(
        accountId,
        chatCost(fixed + tokens + CHAT_ANSWER_TOKENS),
        spec.reason,
      );
      return { task: spec.task, input, reservation };
    },

    /**
     * Asks the provider and settles the reservation: at the usage when the answer is complete
     * (then `keep` runs); at what the provider used until then when the client left mid-stream;
     * at nothing when the provider failed. Without a complete answer the error is a domain one
     * (the provider down is unavailable, a 503) and `keep` does not run.
     */
    async run<Input, Result>(call: ChatCall<Input>, options: ChatRunOptions<Result>): Promise<Result> {
      let answer: { text: string; usage: AiUsage };
      try {
        answer = await ask(call, options.onText, options.signal);
      } catch (error) {
        const interrupted = error instanceof Interrupted ? error : new Interrupted(error, undefined);
        await credits.settleChat(call.reservation, interrupted.usage);
        throw aiFailure(interrupted.reason);
      }
      const creditsUsed = await credits.settleChat(call.reservation, answer.usage);
      try {
        return await options.keep({ ...answer, creditsUsed, ai: provider.provenance });
      } catch (error) {
        await credits.refund(call.reservation.id);
        throw error;
      }
    },
  };
}

export type ChatRunner = ReturnType<typeof createChatRunner>;
