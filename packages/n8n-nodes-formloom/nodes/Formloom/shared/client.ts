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
  return new Formloom({
    apiKey: credentials.apiKey,
    baseUrl: apiBaseUrl(credentials.baseUrl),
    maxRetries: 2,
    defaultHeaders: { 'user-agent': 'n8n-nodes-formloom' },
  });
}
