import { type ApiKey, type CreatedApiKey, contract, type Scope, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { maskApiKey } from './api-key.js';
import { type ApiKeyInfo, type CreatedKey, KeyError, type KeysService } from './keys-service.js';

const s = initServer();

function toApiKey(info: ApiKeyInfo): ApiKey {
  return {
    id: info.id,
    name: info.name,
    prefix: maskApiKey(info.keyId).replace(/\.…$/, ''),
    scopes: info.scopes as Scope[],
    status: info.status,
    createdAt: info.createdAt,
    lastUsedAt: info.lastUsedAt,
    expiresAt: info.expiresAt,
    revokedAt: info.revokedAt,
    graceUntil: info.graceUntil,
    rotatedTo: info.rotatedTo,
  };
}

const withSecret = (created: CreatedKey): CreatedApiKey => ({ ...toApiKey(created.key), key: created.token });

/** `/v1/api-keys`: the keys of the signed-in member's account (owners and admins; never a key). */
export function createApiKeysRouter(
  keys: KeysService,
  clock: () => Date = () => new Date(),
): RouterImplementation<typeof contract.apiKeys> {
  return s.router(contract.apiKeys, {
    listApiKeys: async ({ req }) => {
      const list = await keys.list(authOf(req).accountId);
      return { status: 200, body: successBody({ keys: list.map(toApiKey) }, 'API keys') };
    },
    createApiKey: async ({ body, req }) => {
      const expiresInMs =
        body.expiresAt === undefined ? undefined : Date.parse(body.expiresAt) - clock().getTime();
      if (expiresInMs !== undefined && expiresInMs <= 0)
        throw new KeyError('expiresAt must be in the future');
      const created = await keys.create({
        account: authOf(req).accountId,
        name: body.name,
        scopes: body.scopes,
        expiresInMs,
      });
      return { status: 201, body: successBody(withSecret(created), 'API key created') };
    },
    rotateApiKey: async ({ params, body, req }) => {
      const old = await keys.owned(authOf(req).accountId, params.id);
      const graceMs = body.graceHours === undefined ? undefined : body.graceHours * 3_600_000;
      const rotated = await keys.rotate(old.id, graceMs);
      return { status: 200, body: successBody(withSecret(rotated), 'API key rotated') };
    },
    revokeApiKey: async ({ params, req }) => {
      const key = await keys.owned(authOf(req).accountId, params.id);
      return { status: 200, body: successBody(toApiKey(await keys.revoke(key.id)), 'API key revoked') };
    },
  });
}
