import { type Form, type FormListQuery, type FormPage, hasMorePages } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import { type FormEditing, type VersionedForm, versioned } from './form-editing.js';
import { toForm, toListItem } from './form-mapping.js';
import { createFormsStore } from './forms-store.js';

export interface FormReadingDeps {
  db: Db;
  clock: () => Date;
  /** Woken when reading archived a form whose time was up and queued its event. */
  outbox?: Wake | undefined;
  /** Loads an account's form (404 for another account's): `FormEditing.load`. */
  load: FormEditing['load'];
}

/** Reading an account's forms: a page of the list (expired ones archived first), one form. */
export function createFormReading({ db, clock, outbox, load }: FormReadingDeps) {
  const store = createFormsStore(db, db, outbox);
  return {
    async list(accountId: string, query: FormListQuery): Promise<FormPage> {
      await store.archiveExpired(isoNow(clock()), accountId);
      const { rows, total } = await store.list(accountId, {
        page: query.page,
        limit: query.limit,
        search: query.search?.trim().toLowerCase(),
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
      });
      return {
        forms: rows.map((row) => toListItem(row)),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    async get(accountId: string, id: string): Promise<Form> {
      return toForm(await load(accountId, id));
    },

    /** The form and its edit version (its `ETag`). */
    async getVersioned(accountId: string, id: string): Promise<VersionedForm> {
      return versioned(await load(accountId, id));
    },
  };
}
