import type { Field } from '@formloom/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { keepEventsOf, storedEvents } from '../../../test/support/webhook-test-kit.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import type { Db } from '../../db/database.js';
import { NotFoundError, PreconditionFailedError } from '../../domain-errors.js';
import { createServices } from '../../services.js';
import { createFormCreation } from './form-creation.js';
import { createFormEditing } from './form-editing.js';
import { createFormFields } from './form-fields.js';
import { createFormPublishing } from './form-publishing.js';
import { createFormRemoval } from './form-removal.js';

/**
 * The parts of the forms service (forms-service.ts composes them), each built alone on a real
 * database: deleting a form with its event and files, the locked edit, publishing's share code.
 */
describeDialects('forms service parts, each built alone', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let db: Db;
  let accountId = '';
  let otherAccountId = '';
  const clock = () => new Date();
  const publicUrl = 'https://forms.test';

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'form-parts');
    handle = await createDb({ dataDir: database.dataDir, url: database.url });
    db = handle.db;
    const accounts = createServices({ db }).accounts;
    accountId = (await accounts.create({ name: 'form parts', plan: 'MAX' })).id;
    otherAccountId = (await accounts.create({ name: 'another', plan: 'MAX' })).id;
    // The events a part records are kept for the account.
    await keepEventsOf(db, accountId, ['FORM_DELETED', 'FORM_PUBLISHED', 'FORM_UNPUBLISHED']);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const editing = () => createFormEditing({ db, clock, publicUrl });
  const newForm = (title = 'Parts') =>
    createFormCreation({ db, clock, assertSavable: editing().assertSavable }).create(accountId, {
      title,
      schema: contactSchema(),
    });
  const rowOf = (id: string) => db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirst();
  const eventsOf = (type: string, formId: string) => storedEvents(db, type, formId);

  it('removal: soft-deletes with FORM_DELETED, then deletes the files once committed; another account gets a 404', async () => {
    const form = await newForm('To delete');
    const deletedWhenFilesGo: (string | null | undefined)[] = [];
    const onDeleted = vi.fn(async (formId: string) => {
      deletedWhenFilesGo.push((await rowOf(formId))?.deleted_at);
    });
    const { load } = editing();
    const { remove } = createFormRemoval({ db, clock, load, onDeleted });

    await expect(remove(otherAccountId, form.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(onDeleted).not.toHaveBeenCalled();
    expect((await rowOf(form.id))?.deleted_at).toBeNull();

    expect(await remove(accountId, form.id)).toEqual({ id: form.id, deleted: true });
    expect(onDeleted).toHaveBeenCalledExactlyOnceWith(form.id);
    expect(deletedWhenFilesGo[0]).toEqual(expect.any(String));
    expect(await eventsOf('FORM_DELETED', form.id)).toEqual([{ formId: form.id, formTitle: 'To delete' }]);
    // Deleted is gone: a second delete and a load are 404s.
    await expect(remove(accountId, form.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(load(accountId, form.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('removal: when its event cannot be written the form stays and its files are kept', async () => {
    const form = await newForm('Kept');
    const onDeleted = vi.fn(async () => {});
    const { remove } = createFormRemoval({ db, clock, load: editing().load, onDeleted });
    await db.schema.alterTable('webhook_events').renameTo('webhook_events_away').execute();
    try {
      await expect(remove(accountId, form.id)).rejects.toThrow();
    } finally {
      await db.schema.alterTable('webhook_events_away').renameTo('webhook_events').execute();
    }
    expect(onDeleted).not.toHaveBeenCalled();
    expect((await rowOf(form.id))?.deleted_at).toBeNull();
    expect(await eventsOf('FORM_DELETED', form.id)).toEqual([]);
  });

  it('editing: concurrent field additions all land; a stale If-Match is a 412 that writes nothing', async () => {
    const form = await newForm();
    const { addField } = createFormFields({ edit: editing().edit });
    const field = (id: string): Field =>
      ({ id, type: 'text', label: id, sectionId: 'main', order: 9 }) as Field;
    const ids = ['extra-1', 'extra-2', 'extra-3', 'extra-4'];
    await Promise.all(ids.map((id) => addField(accountId, form.id, field(id))));
    const row = await rowOf(form.id);
    expect(Number(row?.version)).toBe(1 + ids.length);
    const stored = JSON.parse(row!.schema).fields.map((f: Field) => f.id);
    expect(stored).toEqual(expect.arrayContaining(ids));

    await expect(addField(accountId, form.id, field('late'), '"1"')).rejects.toBeInstanceOf(
      PreconditionFailedError,
    );
    const after = await rowOf(form.id);
    expect(after?.version).toEqual(row?.version);
    expect(JSON.parse(after!.schema).fields.map((f: Field) => f.id)).not.toContain('late');
  });

  it('publishing: the share code is kept through unpublish and publish again, one event per change', async () => {
    const form = await newForm('Shared');
    const { publish, unpublish } = createFormPublishing({ clock, publicUrl, edit: editing().edit });
    const first = await publish(accountId, form.id);
    expect(first.publicUrl).toBe(`${publicUrl}/f/${first.shareUrl}`);
    expect((await publish(accountId, form.id)).shareUrl).toBe(first.shareUrl);
    expect((await unpublish(accountId, form.id)).publishStatus).toBe('DRAFT');
    expect((await publish(accountId, form.id)).shareUrl).toBe(first.shareUrl);
    expect(await eventsOf('FORM_PUBLISHED', form.id)).toHaveLength(2);
    expect(await eventsOf('FORM_UNPUBLISHED', form.id)).toHaveLength(1);
  });
});
