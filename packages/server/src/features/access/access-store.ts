import type { OneResponse } from '@formloom/contract';
import type { Db } from '../../db/database.js';

const ACCESS_COLUMNS = [
  'id',
  'title',
  'publish_status',
  'access_password_hash',
  'access_opens_at',
  'access_closed_message',
  'access_one_response',
  'access_edit_hours',
] as const;

export interface AccessChange {
  access_password_hash?: string | null;
  access_opens_at?: string | null;
  access_closed_message?: string | null;
  access_one_response?: OneResponse | null;
  access_edit_hours?: number | null;
}

/** A form's access columns: read and written by the form's account, read by share code to unlock it. */
export function createAccessStore(db: Db) {
  const live = () => db.selectFrom('forms').select(ACCESS_COLUMNS).where('deleted_at', 'is', null);
  return {
    find(accountId: string, id: string) {
      return live().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    },

    findByShareCode(code: string) {
      return live().where('share_code', '=', code).executeTakeFirst();
    },

    async update(accountId: string, id: string, change: AccessChange): Promise<boolean> {
      const result = await db
        .updateTable('forms')
        .set(change)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type AccessRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createAccessStore>['find']>>>;
