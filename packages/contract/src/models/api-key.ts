import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { ScopeSchema } from './scope.js';

/** What a key is now: `rotating` still works until `graceUntil`; `rotated`, `revoked`, `expired` are refused. */
export const API_KEY_STATUSES = ['active', 'rotating', 'rotated', 'revoked', 'expired'] as const;

/** An API key as lists show it: never its secret. */
export const ApiKey = z
  .object({
    id: Uuid,
    name: z.string().nullable(),
    prefix: z
      .string()
      .describe('The public part of the key, `formloom_<12 hex>`: what logs and the audit log name'),
    scopes: z.array(ScopeSchema),
    status: z.enum(API_KEY_STATUSES),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe('Written at most once a minute'),
    expiresAt: Timestamp.nullable(),
    revokedAt: Timestamp.nullable(),
    graceUntil: Timestamp.nullable().describe('A rotated key keeps working until then'),
    rotatedTo: Uuid.nullable().describe('The id of the key that replaced this one'),
  })
  .describe('An API key (never its secret)');
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey) }).describe('The API keys of the account');
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ScopeSchema).min(1).max(20),
    expiresAt: Timestamp.optional().describe('When the key stops working (absent: never)'),
  })
  .strict()
  .describe('A new API key');
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const RotateApiKeyBody = z
  .object({
    graceHours: z
      .number()
      .min(0)
      .max(168)
      .optional()
      .describe('How long the old key keeps working, in hours (default 24, at most 7 days)'),
  })
  .strict()
  .describe('Rotate an API key');
export type RotateApiKeyBody = z.infer<typeof RotateApiKeyBody>;

/** A key just made (created or rotated): the full `key` is in this answer and nowhere else, ever. */
export const CreatedApiKey = ApiKey.extend({
  key: z.string().describe('The full key, shown this once: only its hash is stored'),
}).describe('A new API key with its secret');
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
