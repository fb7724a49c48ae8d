import type { Scope } from '@formloom/contract';

/** How an API key stands now (features/auth computes it from its row). */
export type KeyStatus = 'active' | 'rotating' | 'rotated' | 'revoked' | 'expired';

/** A key as lists show it: never the secret, not even its hash. */
export interface ApiKeyInfo {
  id: string;
  keyId: string;
  accountId: string;
  name: string | null;
  scopes: Scope[];
  status: KeyStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  rotatedTo: string | null;
  graceUntil: string | null;
  lastUsedAt: string | null;
}
