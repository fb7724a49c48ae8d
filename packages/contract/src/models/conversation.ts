import { z } from 'zod';

export const CONVERSATION_LIMITS = { maxEntries: 20, maxContentLength: 10_000 } as const;

/** One prior turn of a smart form chat. */
export const ConversationHistoryEntry = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string().max(CONVERSATION_LIMITS.maxContentLength).describe('Message text'),
  })
  .strict()
  .describe('Conversation turn');
export type ConversationHistoryEntry = z.infer<typeof ConversationHistoryEntry>;

export const ConversationHistory = z
  .array(ConversationHistoryEntry)
  .max(CONVERSATION_LIMITS.maxEntries)
  .describe('Prior turns, oldest first');
export type ConversationHistory = z.infer<typeof ConversationHistory>;
