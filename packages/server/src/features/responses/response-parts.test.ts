import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FormSchema } from '@formloom/contract';
import { compileForm } from '@formloom/contract/engine';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { keepEventsOf, storedEvents } from '../../../test/support/webhook-test-kit.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import type { Db, FormRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { ConflictError, NotFoundError } from '../../domain-errors.js';
import { fingerprint, idempotencyExpiry } from '../../idempotency/index.js';
import { createServices } from '../../services.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createFormsService, type FormsService, submissionForms } from '../forms/index.js';
import type { ResponseMails } from '../notifications/index.js';
import { fileAnswers } from '../uploads/index.js';
import { createCompiledForms } from './compiled-forms.js';
import { createResponseCounts, LastPlaceTaken } from './response-counts.js';
import { createResponseDeletion } from './response-deletion.js';
import { createResponseNotices } from './response-notices.js';
import { createResponsesStore } from './responses-store.js';
import { submissionResult } from './submission-ending.js';
import { createSubmissionReplay } from './submission-replay.js';

/**
 * The parts of the responses service (responses-service.ts composes them), each built alone on a
 * real database: counting and archiving, idempotent replay, deletion, a new response's notices.
 */
describeDialects('responses service parts, each built alone', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let db: Db;
  let forms: FormsService;
  let accountId = '';
  const clock = () => new Date();

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'parts');
    handle = await createDb({ dataDir: database.dataDir, url: database.url });
    db = handle.db;
    forms = createFormsService({ db, clock, publicUrl: 'https://x.test' });
    accountId = (await createServices({ db }).accounts.create({ name: 'parts', plan: 'MAX' })).id;
    // The events a part records are kept for the account.
    await keepEventsOf(db, accountId, ['FORM_RESPONSE_CREATED', 'FORM_RESPONSES_LIMIT_REACHED']);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** A published form of the account, as its row; `maxResponses` caps it. */
  async function publishedForm(maxResponses?: number): Promise<{ row: FormRow; schema: FormSchema }> {
    const schema = contactSchema();
    if (maxResponses !== undefined) schema.settings = { ...schema.settings, maxResponses };
    const form = await forms.create(accountId, { title: 'Parts', schema });
    const { shareUrl } = await forms.publish(accountId, form.id);
    const row = await submissionForms(db).findByShareCode(shareUrl);
    return { row: row!, schema };
  }

  /** Stores a response of `form` as a submission would, under `key` when given. */
  async function storedResponse(form: FormRow, answers: object, key?: string) {
    const row = {
      id: randomUUID(),
      form_id: form.id,
      account_id: form.account_id,
      answers: JSON.stringify(answers),
      submitted_at: isoNow(),
      idempotency_key: key ?? null,
      idempotency_fingerprint: key === undefined ? null : fingerprint(answers),
      language: 'en',
      variables: null,
      ending_id: null,
      quiz: null,
      form_revision: null,
      edit_token_hash: null,
      updated_at: null,
      verified_email: null,
      payment: null,
    };
    expect(await createResponsesStore(db).insert(row)).toBe(true);
    return row;
  }

  const eventsOf = (type: string, formId: string) => storedEvents(db, type, formId);

  const inTransaction = <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work);

  it('counts: a capped form counts on its row, is archived once full, and refuses past its cap', async () => {
    const counts = createResponseCounts({ db, forms, compiled: createCompiledForms() });
    const { row, schema } = await publishedForm(2);
    const addOne = () =>
      inTransaction(async (trx) => {
        const store = submissionForms(trx, db);
        return counts.archivedIfDue(store, await counts.added(store, row, schema), isoNow());
      });
    expect(await addOne()).toMatchObject({ response_count: 1, publish_status: 'PUBLISHED' });
    expect(await addOne()).toMatchObject({ response_count: 2, publish_status: 'ARCHIVED' });
    await expect(addOne()).rejects.toBeInstanceOf(LastPlaceTaken);
    expect(await counts.count(accountId, row.id)).toEqual({ count: 2 });
    const stored = await submissionForms(db).findByShareCode(row.share_code!);
    expect(stored?.publish_status).toBe('ARCHIVED');
    expect(await eventsOf('FORM_RESPONSES_LIMIT_REACHED', row.id)).toHaveLength(1);
  });

  it('counts: a form without a cap counts in shards and leaves its row alone', async () => {
    const counts = createResponseCounts({ db, forms, compiled: createCompiledForms() });
    const { row, schema } = await publishedForm();
    for (let i = 0; i < 3; i++) {
      expect(await inTransaction((trx) => counts.added(submissionForms(trx, db), row, schema))).toBe(row);
    }
    expect(await counts.total(row)).toBe(3);
    expect(await submissionForms(db).findByShareCode(row.share_code!)).toEqual(row);
    await expect(counts.count('another-account', row.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('replay: the same key and answers get the first result; other answers a conflict; an expired key is free', async () => {
    const { replay: replayWith } = createSubmissionReplay();
    const { row, schema } = await publishedForm();
    const replay = (trx: Db, formId: string, key: string, print: string, now: string) =>
      replayWith(trx, formId, key, print, now, (stored) =>
        submissionResult(stored, () => compileForm(schema)),
      );
    const first = await storedResponse(row, { name: 'Ada' }, 'key-1');
    const now = isoNow();
    expect(await replay(db, row.id, 'key-1', fingerprint({ name: 'Ada' }), now)).toEqual({
      kind: 'answered',
      result: { responseId: first.id, submittedAt: first.submitted_at, endingId: null, ending: {} },
    });
    const other = await replay(db, row.id, 'key-1', fingerprint({ name: 'Bob' }), now);
    expect(other?.kind === 'refused' && other.error).toBeInstanceOf(ConflictError);
    expect(await replay(db, row.id, 'key-2', fingerprint({ name: 'Ada' }), now)).toBeUndefined();
    // Past its expiry the key is forgotten: not even the same answers are answered with it now.
    const expired = idempotencyExpiry(first.submitted_at);
    expect(await replay(db, row.id, 'key-1', fingerprint({ name: 'Ada' }), expired)).toBeUndefined();
    expect(await replay(db, row.id, 'key-1', fingerprint({ name: 'Ada' }), now)).toBeUndefined();
    expect(await createResponsesStore(db).find(row.id, first.id)).toMatchObject({ idempotency_key: null });
  });

  it('deletion: the response, its count and its upload go, and its file leaves the storage after the commit', async () => {
    const storage = createLocalStorage(join(database.dataDir, 'uploads'));
    const deleteFiles = vi.fn(async (keys: readonly string[]) => {
      for (const key of keys) await storage.delete(key);
    });
    const { remove } = createResponseDeletion({ db, clock, forms, files: fileAnswers, deleteFiles });
    const counts = createResponseCounts({ db, forms, compiled: createCompiledForms() });
    const { row } = await publishedForm();
    const response = await storedResponse(row, { name: 'Ada' });
    await submissionForms(db).incrementShardedResponses(row.id);
    const uploadId = randomUUID().replaceAll('-', '');
    const key = `forms/${row.id}/${uploadId}`;
    await storage.put(key, Readable.from([Buffer.from('a file')]));
    const at = isoNow();
    await db
      .insertInto('uploads')
      .values({
        id: uploadId,
        form_id: row.id,
        account_id: accountId,
        field_id: 'name',
        storage_key: key,
        name: 'cv.txt',
        size: 6,
        type: 'text/plain',
        created_at: at,
        expires_at: at,
        response_id: response.id,
      })
      .execute();

    await expect(remove('another-account', row.id, response.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await remove(accountId, row.id, response.id)).toEqual({ id: response.id, deleted: true });
    expect(deleteFiles).toHaveBeenCalledWith([key]);
    expect(await storage.get(key)).toBeUndefined();
    expect(await createResponsesStore(db).find(row.id, response.id)).toBeUndefined();
    expect(await db.selectFrom('uploads').select('id').where('id', '=', uploadId).execute()).toEqual([]);
    expect(await counts.total(row)).toBe(0);
    // Gone already: a 404, and no storage call.
    await expect(remove(accountId, row.id, response.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(deleteFiles).toHaveBeenCalledTimes(1);
  });

  it("notices: a new response's event and mails are written in its transaction, and the outbox woken once", async () => {
    const queue = vi.fn<ResponseMails['queue']>(async () => 1);
    const outbox = { notify: vi.fn(), on: () => () => {} };
    const { announce } = createResponseNotices({ db, outbox, mails: { queue } });
    const { row, schema } = await publishedForm();
    const response = {
      id: randomUUID(),
      submitted_at: isoNow(),
      language: 'en' as const,
      answers: { name: 'Ada' },
      variables: undefined,
    };
    await inTransaction((trx) => announce(trx, row, schema, response));
    expect(await eventsOf('FORM_RESPONSE_CREATED', row.id)).toEqual([
      expect.objectContaining({
        responseId: response.id,
        answers: { name: { question: 'Name', answer: 'Ada' } },
      }),
    ]);
    expect(queue).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        formId: row.id,
        accountId,
        responseId: response.id,
        answers: { name: 'Ada' },
      }),
    );
    expect(outbox.notify).toHaveBeenCalledTimes(1);

    // Rolled back with its response: nothing is left to send.
    const rolledBack = { ...response, id: randomUUID() };
    await expect(
      inTransaction(async (trx) => {
        await announce(trx, row, schema, rolledBack);
        throw new Error('the submission failed');
      }),
    ).rejects.toThrow('the submission failed');
    expect(await eventsOf('FORM_RESPONSE_CREATED', row.id)).toHaveLength(1);

    // No target of another account takes it and no mails are set: nothing to wake.
    const quiet = { notify: vi.fn(), on: () => () => {} };
    const other = (await createServices({ db }).accounts.create({ name: 'quiet', plan: 'MAX' })).id;
    await inTransaction((trx) =>
      createResponseNotices({ db, outbox: quiet }).announce(
        trx,
        { ...row, account_id: other },
        schema,
        response,
      ),
    );
    expect(quiet.notify).not.toHaveBeenCalled();
  });
});
