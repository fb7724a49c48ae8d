import type { Db, UserRecoveryCodesTable } from '../../db/database.js';

/** The `user_two_factor`, `user_recovery_codes` and `account_security` tables (and whether a member has passkeys). */
export function createTwoFactorStore(db: Db) {
  return {
    factor(userId: string) {
      return db
        .selectFrom('user_two_factor')
        .select(['user_id', 'secret_sealed', 'enabled_at', 'last_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** A new, unconfirmed secret in place of any unconfirmed one (never of one that is on). */
    async putPending(userId: string, secretSealed: string, now: string): Promise<void> {
      await db
        .deleteFrom('user_two_factor')
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .execute();
      await db
        .insertInto('user_two_factor')
        .values({
          user_id: userId,
          secret_sealed: secretSealed,
          created_at: now,
          enabled_at: null,
          last_step: null,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    /** Turns an unconfirmed secret on; true for the one caller that did. */
    async enable(userId: string, now: string): Promise<boolean> {
      const done = await db
        .updateTable('user_two_factor')
        .set({ enabled_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    /**
     * Takes `step` as the last step a code was accepted for, when it is later than the last one:
     * true for the one request that did, so a code (or an older one) is never accepted twice.
     */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const done = await db
        .updateTable('user_two_factor')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    /** Removes the factor and its recovery codes; true when there was one. */
    async remove(userId: string): Promise<boolean> {
      await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      const done = await db.deleteFrom('user_two_factor').where('user_id', '=', userId).executeTakeFirst();
      return Number(done.numDeletedRows) > 0;
    },
    async replaceRecoveryCodes(userId: string, rows: UserRecoveryCodesTable[]): Promise<void> {
      await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await db.insertInto('user_recovery_codes').values(rows).execute();
    },
    /** Spends an unused recovery code; true for the one caller that did. */
    async spendRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
      const done = await db
        .updateTable('user_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** How many passkeys the member has (each satisfies the account's rule as TOTP does). */
    async passkeyCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('user_passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async required(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('account_security')
        .select('require_2fa')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(row?.require_2fa ?? 0) === 1;
    },
    async setRequired(accountId: string, required: boolean, now: string): Promise<void> {
      await db
        .insertInto('account_security')
        .values({ account_id: accountId, require_2fa: required ? 1 : 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({ require_2fa: required ? 1 : 0, updated_at: now }),
        )
        .execute();
    },
    /** Whether the member must turn two-factor on (or add a passkey) before anything else (the account requires it). */
    async mustEnrol(userId: string, accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('account_security')
        .leftJoin('user_two_factor', (join) =>
          join.on('user_two_factor.user_id', '=', userId).on('user_two_factor.enabled_at', 'is not', null),
        )
        .select(['account_security.require_2fa', 'user_two_factor.user_id'])
        // A passkey verifies its user as well: it satisfies the rule as TOTP does.
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('user_passkeys')
                .select('user_passkeys.id')
                .where('user_passkeys.user_id', '=', userId),
            )
            .as('has_passkey'),
        )
        .where('account_security.account_id', '=', accountId)
        .executeTakeFirst();
      return (
        row !== undefined && Number(row.require_2fa) === 1 && row.user_id === null && !Number(row.has_passkey)
      );
    },
  };
}
