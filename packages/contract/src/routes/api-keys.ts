import { z } from 'zod';
import { ApiKey, ApiKeyList, CreateApiKeyBody, CreatedApiKey, RotateApiKeyBody } from '../models/api-key.js';
import { Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, SESSION_ERRORS } from './shared.js';

/**
 * A signed-in owner or admin only: a key never manages keys (docs/server.md "API keys and members over the
 * API").
 */
const manage = meta({ auth: 'cookie', permission: 'keys.manage', refusesKeys: true });
const ERRORS = SESSION_ERRORS;
const KeyIdParams = z.object({ id: Uuid.describe('API key id') });
const sessionOnly = 'Needs a dashboard session of an owner or admin; an API key is refused (403).';

export const apiKeysRouter = c.router({
  listApiKeys: {
    method: 'GET',
    path: '/v1/api-keys',
    summary: 'List API keys',
    description: `Every key of the account, never its secret. ${sessionOnly}`,
    responses: { 200: success(ApiKeyList, 'The keys'), ...errorResponses(ERRORS) },
    metadata: manage,
  },
  createApiKey: {
    method: 'POST',
    path: '/v1/api-keys',
    body: CreateApiKeyBody,
    summary: 'Create an API key',
    description: `The answer carries the full \`key\`, once: only its hash is stored. ${sessionOnly}`,
    responses: {
      201: success(CreatedApiKey, 'The key, with its secret'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS], {
        400: 'Invalid body, or the plan allows no more keys',
      }),
    },
    metadata: manage,
  },
  rotateApiKey: {
    method: 'POST',
    path: '/v1/api-keys/:id/rotate',
    pathParams: KeyIdParams,
    body: RotateApiKeyBody,
    summary: 'Rotate an API key',
    description: `Makes a new key with the same name, scopes and lifetime; the old one keeps working for \`graceHours\` (default 24), then is refused. The answer carries the new key once. ${sessionOnly}`,
    responses: {
      200: success(CreatedApiKey, 'The new key, with its secret'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], {
        400: 'Invalid body, or the key is not active',
        404: 'API key not found',
      }),
    },
    metadata: manage,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/v1/api-keys/:id',
    pathParams: KeyIdParams,
    summary: 'Revoke an API key',
    description: `The key is refused from now on. ${sessionOnly}`,
    responses: {
      200: success(ApiKey, 'The revoked key'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], { 404: 'API key not found' }),
    },
    metadata: manage,
  },
});
