import { Formloom } from '@formloom/sdk';
import type { IExecuteFunctions, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

export const CREDENTIAL_NAME = 'formloomApi';

/** The API root the SDK wants (`.../v1`), from the base URL a person typed, with or without `/v1`. */
export function apiBaseUrl(baseUrl: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/, '')}/v1`;
}

/**
 * A client for the credential of this node. Everything comes from the credential: the SDK would
 * otherwise read FORMLOOM_API_KEY / FORMLOOM_BASE_URL, which a community node must not use.
 * 429 and 503 answers are retried by the SDK (twice, honouring Retry-After).
 */
export async function createClient(
  context: IExecuteFunctions | IHookFunctions | IWebhookFunctions,
): Promise<Formloom> {
  const credentials = await context.getCredentials<{ apiKey: string; baseUrl: string }>(CREDENTIAL_NAME);
  // Said here, in the credential's words: the SDK's own message would point at environment variables.
  if (!credentials.apiKey?.trim()) throw new Error('The Formloom API credential has no API key');
  if (!credentials.baseUrl?.trim()) throw new Error('The Formloom API credential has no base URL');
  return new Formloom({
    apiKey: credentials.apiKey,
    baseUrl: apiBaseUrl(credentials.baseUrl),
    maxRetries: 2,
    defaultHeaders: { 'user-agent': 'n8n-nodes-formloom' },
  });
}
