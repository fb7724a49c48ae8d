import type { Db, UserPasskeysTable } from '../../db/database.js';

/** The `user_passkeys` and `passkey_challenges` tables. */
export function createPasskeysStore(db: Db) {
  return {
    listOf(userId: string) {
      return db
        .selectFrom('user_passkeys')
        .select(['id', 'name', 'credential_id', 'transports', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    /** A passkey by its credential id, with its member. */
    byCredentialId(credentialId: string) {
      return db
        .selectFrom('user_passkeys')
        .innerJoin('users', 'users.id', 'user_passkeys.user_id')
        .select([
          'user_passkeys.id',
          'user_passkeys.credential_id',
          'user_passkeys.public_key',
          'user_passkeys.counter',
          'user_passkeys.transports',
          'users.id as user_id',
          'users.account_id',
          'users.email',
        ])
        .where('user_passkeys.credential_id', '=', credentialId)
        .executeTakeFirst();
    },
    async insert(row: UserPasskeysTable): Promise<void> {
      await db.insertInto('user_passkeys').values(row).execute();
    },
    /**
     * Takes a sign-in's counter and time, when the counter is still the one the check read: of two
     * requests with one assertion, one does. True for that one.
     */
    async used(id: string, readCounter: number, newCounter: number, now: string): Promise<boolean> {
      const done = await db
        .updateTable('user_passkeys')
        .set({ counter: newCounter, last_used_at: now })
        .where('id', '=', id)
        .where('counter', '=', readCounter)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    /** Removes one of the member's passkeys; false when they have none of that id. */
    async removeOf(userId: string, id: string): Promise<boolean> {
      const done = await db
        .deleteFrom('user_passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(done.numDeletedRows) === 1;
    },
    /** Keeps a challenge handed out; expired ones go as new ones come. */
    async putChallenge(row: {
      id: string;
      challenge: string;
      purpose: string;
      user_id: string | null;
      created_at: string;
      expires_at: string;
    }): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<=', row.created_at).execute();
      await db.insertInto('passkey_challenges').values(row).execute();
    },
    /**
     * Spends a challenge: deleted as it is read, so of two requests with it one gets it. Undefined
     * for an unknown, used or expired one.
     */
    async takeChallenge(id: string, now: string) {
      const row = await db
        .selectFrom('passkey_challenges')
        .select(['id', 'challenge', 'purpose', 'user_id', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const done = await db.deleteFrom('passkey_challenges').where('id', '=', id).executeTakeFirst();
      if (Number(done.numDeletedRows) !== 1 || row.expires_at <= now) return undefined;
      return row;
    },
    /** When the dashboard session `sessionId` signed in. */
    async sessionStartedAt(sessionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('user_sessions')
        .select('created_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.created_at;
    },
  };
}
