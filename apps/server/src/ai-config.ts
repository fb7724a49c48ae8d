import { type AiSettings, STRUCTURED_OUTPUT_MODES, type StructuredOutputMode } from '@formloom/server';
import { duration, type Env, integer, read } from './env.js';

/** The AI settings of `formloom serve` (docs/ai.md lists them). */
export interface AiConfig {
  settings: AiSettings;
  /** FORMLOOM_AI_CONCURRENCY: AI jobs run at once per instance. */
  concurrency: number;
  /**
   * FORMLOOM_AI_JOB_LEASE: how long a claimed job is held without renewal; a job of an instance
   * that died is taken over this long after its last renewal.
   */
  jobLeaseMs: number;
  /** FORMLOOM_AI_JOB_RETENTION: finished jobs are deleted this long after they end. */
  jobRetentionMs: number;
  /** FORMLOOM_DEFAULT_CREDITS: the starting balance of the `default` account of a new installation. */
  defaultCredits: number;
}

/** When only a key is given, the provider is OpenAI itself, with this model unless one is named. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_STARTING_CREDITS = 100;

function baseUrl(env: Env, fail: (m: string) => Error): string | undefined {
  const raw = read(env, 'FORMLOOM_AI_BASE_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(
      `FORMLOOM_AI_BASE_URL must be an absolute URL such as http://localhost:11434/v1 (got "${raw}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fail(`FORMLOOM_AI_BASE_URL must use http or https (got "${url.protocol}")`);
  }
  if (url.username !== '' || url.password !== '') {
    // fetch refuses such URLs, and they would end up in logs: the key has its own variable.
    throw fail('FORMLOOM_AI_BASE_URL must not carry credentials: put the key in FORMLOOM_AI_API_KEY');
  }
  return raw.replace(/\/+$/, '');
}

/**
 * Reads the AI variables. Nothing set: the offline provider. FORMLOOM_AI_BASE_URL (any
 * OpenAI-compatible server, which then needs FORMLOOM_AI_MODEL) or FORMLOOM_AI_API_KEY alone
 * (OpenAI itself): the OpenAI-compatible provider.
 */
export function loadAiConfig(env: Env, fail: (message: string) => Error): AiConfig {
  const base = baseUrl(env, fail);
  const apiKey = read(env, 'FORMLOOM_AI_API_KEY');
  const model = read(env, 'FORMLOOM_AI_MODEL');
  const mode = read(env, 'FORMLOOM_AI_STRUCTURED_OUTPUTS') ?? 'json_schema';
  if (!(STRUCTURED_OUTPUT_MODES as readonly string[]).includes(mode)) {
    throw fail(
      `FORMLOOM_AI_STRUCTURED_OUTPUTS must be one of ${STRUCTURED_OUTPUT_MODES.join(', ')} (got "${mode}")`,
    );
  }
  let settings: AiSettings = { provider: 'offline' };
  if (base !== undefined || apiKey !== undefined) {
    if (base !== undefined && model === undefined) {
      throw fail(
        'FORMLOOM_AI_MODEL must name the model to use with FORMLOOM_AI_BASE_URL (e.g. llama3.1 or gpt-4o-mini)',
      );
    }
    const maxTokens = read(env, 'FORMLOOM_AI_MAX_TOKENS');
    settings = {
      provider: 'openai',
      baseURL: base,
      apiKey,
      model: model ?? DEFAULT_OPENAI_MODEL,
      timeoutMs: duration(env, 'FORMLOOM_AI_TIMEOUT', 60_000, fail),
      maxRetries: integer(env, 'FORMLOOM_AI_MAX_RETRIES', 3, 0, 10, fail),
      structuredOutputs: mode as StructuredOutputMode,
      maxTokens:
        maxTokens === undefined ? undefined : integer(env, 'FORMLOOM_AI_MAX_TOKENS', 0, 16, 1_000_000, fail),
    };
  }
  return {
    settings,
    concurrency: integer(env, 'FORMLOOM_AI_CONCURRENCY', 4, 1, 64, fail),
    jobLeaseMs: duration(env, 'FORMLOOM_AI_JOB_LEASE', 60_000, fail),
    jobRetentionMs: duration(env, 'FORMLOOM_AI_JOB_RETENTION', 30 * 86_400_000, fail),
    defaultCredits: integer(
      env,
      'FORMLOOM_DEFAULT_CREDITS',
      DEFAULT_STARTING_CREDITS,
      0,
      1_000_000_000,
      fail,
    ),
  };
}
