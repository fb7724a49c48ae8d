import type { Db } from '../../db/database.js';
import { createFormsStore } from '../forms/forms-store.js';

/**
 * Archives every published form whose `expiresAt` has passed, each with its FORM_EXPIRED event,
 * so the event goes out when the form expires rather than when someone next reads it. The
 * delivery worker runs it as housekeeping.
 */
export function archiveExpiredForms(db: Db, now: Date = new Date()): Promise<string[]> {
  return createFormsStore(db).archiveExpired(now.toISOString());
}
