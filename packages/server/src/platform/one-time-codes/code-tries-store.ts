import type { Db } from '../../db/database.js';

/** The tables that keep e-mailed codes: each row has an `id`, the code's `code_hash` and its `attempts`. */
export type OneTimeCodeTable = 'form_email_codes' | 'smart_form_otps' | 'sso_recovery_codes';

/**
 * Takes one try of the code in row `id` before it is compared, unless `maxTries` are gone: false
 * then. The count is a conditional update in the database, so parallel guesses cannot get more
 * tries than that between them.
 */
export async function takeCodeTry(
  db: Db,
  table: OneTimeCodeTable,
  id: string,
  maxTries: number,
): Promise<boolean> {
  const taken = await db
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}
