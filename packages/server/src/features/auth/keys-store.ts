import type { ApiKeyRow, Db, NewApiKey } from '../../db/database.js';

export function createKeysStore(db: Db) {
  return {
    async insert(row: NewApiKey): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },
    findByKeyId(keyId: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
    },
    findById(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },
    list(accountId?: string): Promise<ApiKeyRow[]> {
      let query = db.selectFrom('api_keys').selectAll();
      if (accountId !== undefined) query = query.where('account_id', '=', accountId);
      return query.orderBy('created_at').orderBy('id').execute();
    },
    /** Keys that still count against the plan's limit: not revoked, not expired, not rotated away. */
    async countActive(accountId: string, nowIso: string): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('rotated_to', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async update(id: string, values: Partial<Omit<ApiKeyRow, 'id'>>): Promise<void> {
      await db.updateTable('api_keys').set(values).where('id', '=', id).execute();
    },
  };
}

export type KeysStore = ReturnType<typeof createKeysStore>;
