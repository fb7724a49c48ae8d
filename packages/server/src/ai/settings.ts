import type { Logger } from '../logger.js';
import type { AiProvider } from './provider.js';
import { createOfflineProvider } from './providers/offline.js';
import { createOpenAiProvider, type StructuredOutputMode } from './providers/openai.js';

/** Which provider the server uses: the offline one unless an OpenAI-compatible endpoint is configured. */
export type AiSettings =
  | { provider: 'offline' }
  | {
      provider: 'openai';
      /** Absent: OpenAI's own API. */
      baseURL: string | undefined;
      apiKey: string | undefined;
      model: string;
      timeoutMs: number;
      maxRetries: number;
      structuredOutputs: StructuredOutputMode;
      maxTokens: number | undefined;
    };

export function createAiProvider({
  settings,
  logger,
}: {
  settings: AiSettings;
  logger?: Logger;
}): AiProvider {
  if (settings.provider === 'offline') return createOfflineProvider();
  const { provider: _, ...options } = settings;
  return createOpenAiProvider({ ...options, ...(logger === undefined ? {} : { logger }) });
}

/** One line for the operator: which provider answers AI calls (never the key). */
export function describeAiSettings(settings: AiSettings): string {
  if (settings.provider === 'offline') {
    return 'AI provider: offline (deterministic, for development and tests; set FORMLOOM_AI_BASE_URL or FORMLOOM_AI_API_KEY for a model)';
  }
  const where = new URL(settings.baseURL ?? 'https://api.openai.com/v1');
  // A base URL may carry credentials (https://user:secret@host): never print them.
  where.username = '';
  where.password = '';
  return `AI provider: OpenAI-compatible at ${where}, model ${settings.model}, structured outputs ${settings.structuredOutputs}`;
}
