import {
  type AnalyticsSigningSecret,
  type AnalyticsSigningSecretInfo,
  generateWebhookSecret,
} from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { notFound } from '../../domain-errors.js';
import { audited } from '../../platform/audit/index.js';
import { createSigningSecretsStore } from './signing-secrets-store.js';

/** The sealing context: a secret sealed for one account cannot be opened as another's. */
const context = (accountId: string) => `analytics:${accountId}`;

/**
 * The account's analytics signing secret (keys `X-Service-Signature-256` on smart analytics
 * callbacks): made like a webhook secret, sealed at rest with the server key, shown once.
 */
export function createSigningSecrets({ db, box, clock }: { db: Db; box: SecretBox; clock: () => Date }) {
  const store = createSigningSecretsStore(db);
  return {
    /**
     * Makes a new secret, replacing the account's earlier one; the only answer that shows it.
     * Recorded (`analytics_secret.rotated`, the account's id as the target: it has one secret).
     */
    async rotate(accountId: string): Promise<AnalyticsSigningSecret> {
      const secret = generateWebhookSecret();
      const row = {
        account_id: accountId,
        secret_sealed: box.seal(secret, context(accountId)),
        secret_last4: secret.slice(-4),
        created_at: isoNow(clock()),
      };
      await audited(
        db,
        accountId,
        'analytics_secret.rotated',
        { type: 'analytics_secret', id: accountId },
        (trx) => createSigningSecretsStore(trx).put(row),
        clock,
      );
      return { secret, secretLast4: row.secret_last4, createdAt: row.created_at };
    },

    async info(accountId: string): Promise<AnalyticsSigningSecretInfo> {
      const row = await store.info(accountId);
      if (row === undefined) {
        throw notFound('No analytics signing secret yet: create one with POST /v1/analytics/signing-secret');
      }
      return { secretLast4: row.secret_last4, createdAt: row.created_at };
    },

    /** The secret itself, for signing; undefined when the account has none. */
    async open(accountId: string): Promise<string | undefined> {
      const row = await store.sealed(accountId);
      return row === undefined ? undefined : box.open(row.secret_sealed, context(accountId));
    },
  };
}

export type SigningSecrets = ReturnType<typeof createSigningSecrets>;
