import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.js';
import { AiProvenance } from './common.js';
import { ConversationHistory } from './conversation.js';
import { TEXT_LIMITS } from './limits.js';

/** Sessions the smart form chat reads: the most recently completed ones. */
export const SMART_FORM_CHAT_SESSION_WINDOW = 50;

/** POST /smart-forms/:id/chat (docs/ai.md "Smart-form chat and aggregate analytics"). */
export const SmartFormChatBody = z
  .object({
    message: z.string().trim().min(1).max(TEXT_LIMITS.chatMessage).describe('Your question'),
    conversationHistory: ConversationHistory.optional(),
  })
  .strict()
  .describe('Ask about the interviews');
export type SmartFormChatBody = z.infer<typeof SmartFormChatBody>;

export const SmartFormChatResult = z
  .object({
    answer: z.string().describe("The assistant's reply"),
    creditsUsed: z.number().int().min(1),
    sessionsAnalyzed: z
      .number()
      .int()
      .nonnegative()
      .describe(`Completed sessions the answer is based on (at most ${SMART_FORM_CHAT_SESSION_WINDOW})`),
    ai: AiProvenance,
  })
  .describe('Chat answer');
export type SmartFormChatResult = z.infer<typeof SmartFormChatResult>;

/**
 * Server-sent events of the streaming mode (`Accept: text/event-stream`), by event name:
 * `chunk`s as the answer is written, then `done` (the JSON answer), or `error` instead of `done`.
 */
export const SMART_FORM_CHAT_EVENTS = {
  chunk: z.object({ text: z.string() }),
  done: SmartFormChatResult,
  error: z.object({ message: z.string(), error: z.enum(ERROR_CODES) }),
} as const;
export type SmartFormChatEventName = keyof typeof SMART_FORM_CHAT_EVENTS;

/** A decoded server-sent event of the smart-form chat. */
export type SmartFormChatEvent = {
  [K in SmartFormChatEventName]: { event: K; data: z.infer<(typeof SMART_FORM_CHAT_EVENTS)[K]> };
}[SmartFormChatEventName];

export const SMART_FORM_CHAT_SSE_DESCRIPTION = [
  'With `Accept: text/event-stream` the answer is streamed as server-sent events, each `data` a JSON object:',
  '`chunk` `{text}` as the answer grows; then `done` `{answer, creditsUsed, sessionsAnalyzed, ai}`;',
  'or `error` `{message, error}` (an error code) instead of `done`.',
  'Errors found before streaming starts (auth, validation, no completed session, credits) are ordinary JSON error answers.',
].join(' ');
