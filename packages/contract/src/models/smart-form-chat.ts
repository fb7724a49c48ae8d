import { z } from 'zod';
import { AiProvenance } from './common.js';
import { ConversationHistory } from './conversation.js';
import { TEXT_LIMITS } from './limits.js';

/** Sessions the smart form chat reads: the most recently completed ones. */
export const SMART_FORM_CHAT_SESSION_WINDOW = 50;

/** POST /smart-forms/:id/chat (spec 4.4.1). */
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
