import type { Db } from '../../db/database.js';
import type { Wake } from '../../jobs/wake.js';
import { createFormsStore } from './forms-store.js';

/**
 * Archives every published form whose `expiresAt` has passed, each with its FORM_EXPIRED event,
 * so the event goes out when the form expires rather than when someone next reads it. The
 * scheduler runs it every minute (chores.ts).
 */
export function archiveExpiredForms(db: Db, now: Date = new Date(), outbox?: Wake): Promise<string[]> {
  return createFormsStore(db, db, outbox).archiveExpired(now.toISOString());
}
