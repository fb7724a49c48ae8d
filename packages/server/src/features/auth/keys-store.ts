import type { AccountRow, ApiKeyRow, Db, NewApiKey } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared-query.js';

// Run on every API request: the key and its account in one statement, compiled once.
const keyWithAccount = preparedQuery((db: Db, p: { keyId: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('api_keys')
    .select([
      'accounts.name as account_name',
      'accounts.plan as account_plan',
      'accounts.credit_balance as account_credit_balance',
      'accounts.created_at as account_created_at',
    ])
    .where('api_keys.key_id', '=', p.keyId),
);

export function createKeysStore(db: Db) {
  return {
    /** The key with this key id and its account, in one query (authentication). */
    async findWithAccount(keyId: string): Promise<{ key: ApiKeyRow; account: AccountRow } | undefined> {
      const { rows } = await keyWithAccount.run(db, { keyId });
      const row = rows[0];
      if (row === undefined) return undefined;
      const { account_name, account_plan, account_credit_balance, account_created_at, ...key } = row;
      return {
        key,
        account: {
          id: key.account_id,
          name: account_name,
          plan: account_plan,
          credit_balance: account_credit_balance,
          created_at: account_created_at,
        },
      };
    },
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
    /**
     * Waits for the account's row and holds it to the end of the transaction, so concurrent key
     * creations (several connections or instances) count one after the other.
     */
    async lockAccount(accountId: string): Promise<void> {
      await sqlDialectOf(db).lockRows(db.selectFrom('accounts').select('id').where('id', '=', accountId));
    },
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
