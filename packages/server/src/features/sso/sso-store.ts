import type { Selectable } from 'kysely';
import type { AccountSsoTable, Db, SsoRecoveryCodesTable } from '../../db/database.js';

export type SsoRow = Selectable<AccountSsoTable>;

/** The `account_sso` row of an account, and what a sign-in through it reads and writes of `users`. */
export function createSsoStore(db: Db) {
  const person = () => db.selectFrom('users').select(['id', 'account_id', 'email', 'role', 'sso_subject']);
  return {
    get(accountId: string): Promise<SsoRow | undefined> {
      return db.selectFrom('account_sso').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },
    async put(row: SsoRow): Promise<void> {
      await db
        .insertInto('account_sso')
        .values(row)
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({
            issuer: row.issuer,
            client_id: row.client_id,
            client_secret_sealed: row.client_secret_sealed,
            allowed_domains: row.allowed_domains,
            default_role: row.default_role,
            enforce: row.enforce,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
    async remove(accountId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('account_sso')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Whether the account signs its members in through its provider only. */
    async enforced(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('account_sso')
        .select('enforce')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(row?.enforce ?? 0) === 1;
    },
    bySubject(subject: string) {
      return person().where('sso_subject', '=', subject).executeTakeFirst();
    },
    byEmail(email: string) {
      return person().where('email', '=', email).executeTakeFirst();
    },
    async bindSubject(userId: string, subject: string, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ sso_subject: subject, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },
    /** The account's members who signed in through its provider. */
    ssoMembers(accountId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('account_id', '=', accountId)
        .where('sso_subject', 'is not', null)
        .execute();
    },
    /** The owner with this address, when their account's single sign-on is enforced: who may ask for a code. */
    ownerUnderEnforce(email: string) {
      return db
        .selectFrom('users')
        .innerJoin('account_sso', 'account_sso.account_id', 'users.account_id')
        .select(['users.id', 'users.account_id', 'users.email'])
        .where('users.email', '=', email)
        .where('users.role', '=', 'owner')
        .where('account_sso.enforce', '=', 1)
        .executeTakeFirst();
    },
    async insertRecoveryCode(row: Omit<SsoRecoveryCodesTable, 'attempts'>, now: string): Promise<void> {
      // Expired codes go as new ones come.
      await db.deleteFrom('sso_recovery_codes').where('expires_at', '<=', now).execute();
      await db.insertInto('sso_recovery_codes').values(row).execute();
    },
    /** The member's newest code still in its time: only the last one asked for signs in. */
    latestRecoveryCode(userId: string, now: string) {
      return db
        .selectFrom('sso_recovery_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Spends a code; true for the one caller that did (a code signs in once). */
    async spendRecoveryCode(id: string): Promise<boolean> {
      const spent = await db.deleteFrom('sso_recovery_codes').where('id', '=', id).executeTakeFirst();
      return Number(spent.numDeletedRows) > 0;
    },
  };
}
