import { randomUUID } from 'node:crypto';
import { hasApiAccess, isScope, PLAN_NAMES, SCOPES, type Scope } from '@formloom/contract';
import type { ApiKeyRow, Db } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { InvalidInputError, notFound, UnauthenticatedError } from '../../domain-errors.js';
import type { ApiKeyInfo, KeyStatus } from '../../platform/api-key-info.js';
import { audited, recordAudit } from '../../platform/audit/index.js';
import { maxKeysOf } from '../../platform/plans.js';
import { formatDuration } from '../../util/duration.js';
import type { Account, AccountsService } from '../accounts/index.js';
import { generateApiKey, parseApiKey, secretMatches, UNKNOWN_KEY_HASH } from './api-key.js';
import { createKeysStore } from './keys-store.js';

export type { ApiKeyInfo, KeyStatus };

/** Rotation grace period, default 24 hours, at most 7 days (docs/server.md "Operator CLI"). */
export const DEFAULT_ROTATION_GRACE_MS = 24 * 3_600_000;
export const MAX_ROTATION_GRACE_MS = 7 * 24 * 3_600_000;
/** `last_used_at` is written at most this often per key, so reads don't each become a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface CreatedKey {
  key: ApiKeyInfo;
  /** The full key. Shown once; only its hash is stored. */
  token: string;
}

/** Why a presented key was refused; the auth middleware turns it into a 401. */
export class InvalidKeyError extends UnauthenticatedError {
  override name = 'InvalidKeyError';
}

/** A key request that cannot be done as asked (scope, expiry, grace period, plan, state). */
export class KeyError extends InvalidInputError {
  override name = 'KeyError';
}

export interface AuthenticatedKey {
  key: ApiKeyInfo;
  account: Account;
}

export function keyStatus(row: ApiKeyRow, nowIso: string): KeyStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= nowIso) return 'expired';
  if (row.rotated_to !== null)
    return row.grace_until !== null && row.grace_until > nowIso ? 'rotating' : 'rotated';
  return 'active';
}

function toInfo(row: ApiKeyRow, nowIso: string): ApiKeyInfo {
  return {
    id: row.id,
    keyId: row.key_id,
    accountId: row.account_id,
    name: row.name,
    scopes: fromJson<Scope[]>(row.scopes),
    status: keyStatus(row, nowIso),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    rotatedTo: row.rotated_to,
    graceUntil: row.grace_until,
    lastUsedAt: row.last_used_at,
  };
}

export function normaliseScopes(scopes: readonly string[]): Scope[] {
  if (scopes.length === 1 && scopes[0]?.toLowerCase() === 'all') return [...SCOPES];
  const out = new Set<Scope>();
  for (const raw of scopes) {
    const scope = raw.trim().toUpperCase();
    if (!isScope(scope))
      throw new KeyError(`unknown scope "${raw}"; use "all" or some of ${SCOPES.join(', ')}`);
    out.add(scope);
  }
  if (out.size === 0) throw new KeyError('a key needs at least one scope');
  return [...out];
}

export interface KeysServiceDeps {
  db: Db;
  clock?: () => Date;
  /** Finds the account a new key is for. */
  accounts: AccountsService;
}

export function createKeysService({ db, clock = () => new Date(), accounts }: KeysServiceDeps) {
  const store = createKeysStore(db);
  /**
   * Lookups of a key running now, by key id: a request arriving meanwhile joins the running one
   * instead of queueing its own identical query (what it reads is at most as old as that query,
   * as if it had come a moment earlier). Nothing is kept once the query has answered.
   */
  const running = new Map<string, ReturnType<typeof store.findWithAccount>>();
  const lookup = (keyId: string) => {
    let found = running.get(keyId);
    if (found === undefined) {
      found = store.findWithAccount(keyId).finally(() => running.delete(keyId));
      running.set(keyId, found);
    }
    return found;
  };
  /** When this process last wrote a key's last_used_at, so joined lookups do not each write it. */
  const lastUsedWritten = new Map<string, number>();

  async function findByRef(ref: string): Promise<ApiKeyRow> {
    const keyId = parseApiKey(ref)?.keyId ?? ref.replace(/^formloom_/, '').replace(/\.…?$/, '');
    const row = (await store.findByKeyId(keyId)) ?? (await store.findById(ref));
    if (row === undefined) throw notFound(`no API key "${ref}" (pass its key id or id)`);
    return row;
  }

  async function assertRoomForKey(account: Account, nowIso: string, database: Db): Promise<void> {
    const max = maxKeysOf(account.plan);
    if (!hasApiAccess(account.plan)) {
      throw new KeyError(
        `account "${account.name}" is on the ${PLAN_NAMES[account.plan]} plan, which has no API access`,
      );
    }
    // Concurrent creations (several connections or instances) count one after the other: each
    // waits for the account row until the previous one committed its key.
    const keys = createKeysStore(database);
    await keys.lockAccount(account.id);
    const active = await keys.countActive(account.id, nowIso);
    if (active >= max) {
      throw new KeyError(
        `account "${account.name}" already has ${active} active keys, the most the ${account.plan} plan allows; revoke one first`,
      );
    }
  }

  return {
    async create(input: {
      account: string;
      scopes: readonly string[];
      name?: string | undefined;
      expiresInMs?: number | undefined;
    }): Promise<CreatedKey> {
      const account = await accounts.resolve(input.account);
      const scopes = normaliseScopes(input.scopes);
      if (input.expiresInMs !== undefined && !(input.expiresInMs > 0)) {
        throw new KeyError('expiry must be a positive duration such as 30d');
      }
      const now = clock();
      const nowIso = isoNow(now);
      return db.transaction().execute(async (trx) => {
        await assertRoomForKey(account, nowIso, trx);
        const generated = generateApiKey();
        const row: ApiKeyRow = {
          id: randomUUID(),
          account_id: account.id,
          key_id: generated.keyId,
          secret_hash: generated.secretHash,
          scopes: toJson(scopes),
          name: input.name ?? null,
          created_at: nowIso,
          expires_at:
            input.expiresInMs === undefined ? null : isoNow(new Date(now.getTime() + input.expiresInMs)),
          revoked_at: null,
          rotated_to: null,
          grace_until: null,
          last_used_at: null,
        };
        await createKeysStore(trx).insert(row);
        await recordAudit(trx, row.account_id, 'key.created', { type: 'api_key', id: row.id }, clock);
        return { key: toInfo(row, nowIso), token: generated.token };
      });
    },

    /**
     * The key `id` of `accountId`; another account's key, or none, is a 404 (the id of another
     * account's key looks like an unknown one).
     */
    async owned(accountId: string, id: string): Promise<ApiKeyInfo> {
      const row = await store.findById(id);
      if (row === undefined || row.account_id !== accountId) throw notFound('API key not found');
      return toInfo(row, isoNow(clock()));
    },

    async list(account?: string): Promise<ApiKeyInfo[]> {
      const accountId = account === undefined ? undefined : (await accounts.resolve(account)).id;
      const nowIso = isoNow(clock());
      return (await store.list(accountId)).map((row) => toInfo(row, nowIso));
    },

    async revoke(ref: string): Promise<ApiKeyInfo> {
      const row = await findByRef(ref);
      const nowIso = isoNow(clock());
      if (row.revoked_at === null) {
        row.revoked_at = nowIso;
        await audited(
          db,
          row.account_id,
          'key.revoked',
          { type: 'api_key', id: row.id },
          (trx) => createKeysStore(trx).update(row.id, { revoked_at: nowIso }),
          clock,
        );
      }
      return toInfo(row, nowIso);
    },

    /**
     * Replaces a key with a new one of the same account, scopes, name and lifetime. The old key
     * keeps working until the grace period ends, then is refused.
     */
    async rotate(
      ref: string,
      graceMs: number = DEFAULT_ROTATION_GRACE_MS,
    ): Promise<CreatedKey & { old: ApiKeyInfo }> {
      if (!Number.isFinite(graceMs) || graceMs < 0 || graceMs > MAX_ROTATION_GRACE_MS) {
        throw new KeyError(`grace period must be between 0 and ${formatDuration(MAX_ROTATION_GRACE_MS)}`);
      }
      const old = await findByRef(ref);
      const now = clock();
      const nowIso = isoNow(now);
      const status = keyStatus(old, nowIso);
      if (status !== 'active')
        throw new KeyError(`key ${old.key_id} is ${status}; only an active key can be rotated`);
      const generated = generateApiKey();
      const lifetime =
        old.expires_at === null
          ? null
          : new Date(old.expires_at).getTime() - new Date(old.created_at).getTime();
      const fresh: ApiKeyRow = {
        ...old,
        id: randomUUID(),
        key_id: generated.keyId,
        secret_hash: generated.secretHash,
        created_at: nowIso,
        expires_at: lifetime === null ? null : isoNow(new Date(now.getTime() + lifetime)),
        last_used_at: null,
      };
      const graceUntil = isoNow(new Date(now.getTime() + graceMs));
      await db.transaction().execute(async (trx) => {
        const tx = createKeysStore(trx);
        await tx.insert(fresh);
        await tx.update(old.id, { rotated_to: fresh.id, grace_until: graceUntil });
        await recordAudit(trx, old.account_id, 'key.rotated', { type: 'api_key', id: old.id }, clock);
      });
      return {
        key: toInfo(fresh, nowIso),
        token: generated.token,
        old: toInfo({ ...old, rotated_to: fresh.id, grace_until: graceUntil }, nowIso),
      };
    },

    /**
     * Checks a presented key (requests with the same key id that arrive while its lookup runs
     * share that lookup; each secret is still checked on its own). Throws InvalidKeyError (a 401) for a malformed, unknown, wrong,
     * revoked, expired or retired key. Unknown and wrong secrets get the same message and cost.
     */
    async authenticate(token: string): Promise<AuthenticatedKey> {
      const parsed = parseApiKey(token);
      if (parsed === undefined) {
        throw new InvalidKeyError('Malformed API key: expected formloom_<12 hex>.<64 hex>');
      }
      const found = await lookup(parsed.keyId);
      const row = found?.key;
      const matches = secretMatches(parsed.secret, row?.secret_hash ?? UNKNOWN_KEY_HASH);
      if (row === undefined || !matches) throw new InvalidKeyError('Invalid API key');
      const now = clock();
      const nowIso = isoNow(now);
      const status = keyStatus(row, nowIso);
      if (status === 'revoked') throw new InvalidKeyError('API key has been revoked');
      if (status === 'expired') throw new InvalidKeyError('API key has expired');
      if (status === 'rotated')
        throw new InvalidKeyError('API key was rotated and its grace period has ended');
      const accountRow = accounts.fromRow(found!.account);
      const lastUsed = Math.max(
        row.last_used_at === null ? Number.NEGATIVE_INFINITY : Date.parse(row.last_used_at),
        lastUsedWritten.get(row.id) ?? Number.NEGATIVE_INFINITY,
      );
      if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
        lastUsedWritten.set(row.id, now.getTime());
        if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
        await store.update(row.id, { last_used_at: nowIso });
      }
      return { key: toInfo(row, nowIso), account: accountRow };
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
