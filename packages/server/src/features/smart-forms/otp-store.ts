import type { Db, SmartFormOtpsTable } from '../../db/database.js';

/** One-time codes of private smart forms (`smart_form_otps`). */
export function createOtpStore(db: Db) {
  return {
    /** What a code request needs of the smart form behind a share code. */
    formByShareCode(code: string) {
      return db
        .selectFrom('smart_forms')
        .select(['id', 'title', 'is_private', 'status'])
        .where('share_code', '=', code)
        .executeTakeFirst();
    },
    async insert(row: SmartFormOtpsTable): Promise<void> {
      await db.insertInto('smart_form_otps').values(row).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('smart_form_otps').where('id', '=', id).execute();
    },
    /** The newest code sent to `email` for the form that is neither verified nor expired. */
    latestPending(smartFormId: string, email: string, nowIso: string) {
      return db
        .selectFrom('smart_form_otps')
        .selectAll()
        .where('smart_form_id', '=', smartFormId)
        .where('email', '=', email)
        .where('verified_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Marks the code verified with the token's hash, unless it was already (its attempt was taken before). */
    async claimVerification(id: string, verificationHash: string, nowIso: string): Promise<boolean> {
      const claimed = await db
        .updateTable('smart_form_otps')
        .set({ verification_hash: verificationHash, verified_at: nowIso })
        .where('id', '=', id)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },
    /** The unused code verified since `verifiedAfter` whose token hashes to `verificationHash`. */
    findVerified(smartFormId: string, verificationHash: string, verifiedAfter: string) {
      return db
        .selectFrom('smart_form_otps')
        .select(['id', 'email'])
        .where('smart_form_id', '=', smartFormId)
        .where('verification_hash', '=', verificationHash)
        .where('used_at', 'is', null)
        .where('verified_at', '>', verifiedAfter)
        .executeTakeFirst();
    },
    /** Uses the code's token; false when it was used already. */
    async markUsed(id: string, nowIso: string): Promise<boolean> {
      const used = await db
        .updateTable('smart_form_otps')
        .set({ used_at: nowIso })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) > 0;
    },
  };
}
