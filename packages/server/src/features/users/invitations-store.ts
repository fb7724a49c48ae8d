import type { Db, InvitationsTable } from '../../db/database.js';

/** The `invitations` table: one-time links that make a member. */
export function createInvitationsStore(db: Db) {
  return {
    async insert(row: InvitationsTable): Promise<void> {
      await db.insertInto('invitations').values(row).execute();
    },
    /** The account's invitations not used, revoked or expired, newest first. */
    pending(accountId: string, now: string) {
      return db
        .selectFrom('invitations')
        .select(['id', 'email', 'role', 'created_at', 'expires_at'])
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .execute();
    },
    byId(id: string) {
      return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Spends a live invitation; true for the one caller that did. */
    async spend(id: string, now: string): Promise<boolean> {
      const spent = await db
        .updateTable('invitations')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },
    /** Revokes the account's pending invitation `id`; false when there is none. */
    async revoke(accountId: string, id: string, now: string): Promise<boolean> {
      const revoked = await db
        .updateTable('invitations')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(revoked.numUpdatedRows) === 1;
    },
  };
}
