import { randomUUID } from 'node:crypto';
import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import { isoNow } from '../../db/json.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.js';
import { createAccessTokens } from '../../platform/form-access/index.js';
import { createServices } from '../../services.js';
import { createFormsService, submissionForms } from '../forms/index.js';
import { type FileAnswers, fileAnswers } from '../uploads/index.js';
import { createResponsesService } from './responses-service.js';

/**
 * Group commit (submission-runner.ts): submissions made on the same turn of the event loop are
 * stored in one transaction, each with its own outcome, exactly as if each had run alone. Run on
 * every dialect with group commit forced on (the app turns it on for SQLite only).
 */
describeDialects('group commit', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let accountId = '';
  /** The `name` answer whose upload claim (a write after the insert) fails, as a database error would. */
  const POISON = 'poison';
  const failingFiles: FileAnswers = {
    resolve: fileAnswers.resolve,
    storedOf: fileAnswers.storedOf,
    async claim(db, form, schema, value, responseId) {
      if ((value as { name?: unknown }).name === POISON) throw new Error('claim failed');
      await fileAnswers.claim(db, form, schema, value, responseId);
    },
  };

  const services = () => {
    const forms = createFormsService({ db: handle.db, clock: () => new Date(), publicUrl: 'https://x.test' });
    const responses = createResponsesService({
      db: handle.db,
      clock: () => new Date(),
      forms,
      files: failingFiles,
      groupCommit: true,
      accessTokens: createAccessTokens({ key: new Uint8Array(32), clock: () => new Date() }),
    });
    return { forms, responses };
  };

  async function publishedForm(schema: FormSchema = contactSchema()) {
    const { forms } = services();
    const form = await forms.create(accountId, { title: 'Grouped', schema });
    const { shareUrl } = await forms.publish(accountId, form.id);
    return { id: form.id, code: shareUrl };
  }

  const storedCount = async (formId: string) =>
    (await handle.db.selectFrom('responses').select('id').where('form_id', '=', formId).execute()).length;
  /** The form's response count: its row and, for a form without a cap, its shards. */
  const counter = async (formId: string) => {
    const row = await handle.db
      .selectFrom('forms')
      .select(['id', 'response_count'])
      .where('id', '=', formId)
      .executeTakeFirstOrThrow();
    return Number((await submissionForms(handle.db).withFullCount(row)).response_count);
  };
  /** Settles every promise; rejections become their error. */
  const settled = <T>(promises: Promise<T>[]) =>
    Promise.all(promises.map((p) => p.catch((error: unknown) => error as Error)));

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'group');
    handle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
    accountId = (await createServices({ db: handle.db }).accounts.create({ name: 'group', plan: 'MAX' })).id;
    // An endpoint that takes these events: each stored response (and a form filling up) must
    // leave one in the outbox.
    const now = isoNow();
    await handle.db
      .insertInto('outbox_targets')
      .values({
        id: randomUUID(),
        account_id: accountId,
        channel: 'webhook',
        label: 'https://hooks.example.test/in',
        url: 'https://hooks.example.test/in',
        events: JSON.stringify(['FORM_RESPONSE_CREATED', 'FORM_RESPONSES_LIMIT_REACHED']),
        description: null,
        config_sealed: 'x',
        secret_last4: 'xxxx',
        created_by: null,
        is_active: 1,
        disabled_reason: null,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('stores the submissions of one turn in one transaction, each with its own result and event', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const transactions = vi.spyOn(handle.db, 'transaction');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => responses.submit(form.code, { name: `n${i}` }, `key-${i}`)),
    );
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.responseId)).size).toBe(12);
    expect(await storedCount(form.id)).toBe(12);
    expect(await counter(form.id)).toBe(12);
    const events = await handle.db
      .selectFrom('webhook_events')
      .select(['seq', 'payload'])
      .where('type', '=', 'FORM_RESPONSE_CREATED')
      .orderBy('seq')
      .execute();
    const ofForm = events.filter((e) => JSON.parse(e.payload).data.formId === form.id);
    expect(ofForm.map((e) => JSON.parse(e.payload).data.responseId).sort()).toEqual(
      results.map((r) => r.responseId).sort(),
    );
    // One number each, in a row: the outbox's commit order holds inside a group.
    const seqs = ofForm.map((e) => Number(e.seq));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
  });

  it('answers only after the commit: another connection already sees each row', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const other = await createDb({ dataDir: database.dataDir, url: database.url, migrate: false });
    try {
      const seen = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          responses
            .submit(form.code, { name: `n${i}` })
            .then(({ responseId }) =>
              other.db.selectFrom('responses').select('id').where('id', '=', responseId).executeTakeFirst(),
            ),
        ),
      );
      expect(seen.every((row) => row !== undefined)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refusals in a group are their own: invalid answers, a gone form, a key reused with other answers', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const first = await responses.submit(form.code, { name: 'first' }, 'taken');
    const transactions = vi.spyOn(handle.db, 'transaction');
    const outcomes = await settled([
      responses.submit(form.code, { name: 'a' }),
      responses.submit(form.code, { age: 3 }),
      responses.submit('AAAAAAAAAAAAAAAA', { name: 'b' }),
      responses.submit(form.code, { name: 'other answers' }, 'taken'),
      responses.submit(form.code, { name: 'first' }, 'taken'),
      responses.submit(form.code, { name: 'c' }),
    ]);
    expect(transactions).toHaveBeenCalledTimes(1);
    const [a, invalid, gone, reused, retried, c] = outcomes;
    expect(a).toEqual({
      responseId: expect.any(String),
      submittedAt: expect.any(String),
      endingId: null,
      ending: {},
    });
    expect(c).toEqual({
      responseId: expect.any(String),
      submittedAt: expect.any(String),
      endingId: null,
      ending: {},
    });
    expect(invalid).toBeInstanceOf(InvalidInputError);
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(reused).toBeInstanceOf(ConflictError);
    expect(retried).toEqual(first);
    expect(await storedCount(form.id)).toBe(3);
    expect(await counter(form.id)).toBe(3);
  });

  it('a key used twice in one group is stored once; the second answers as a retry', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const [one, two, other] = await settled([
      responses.submit(form.code, { name: 'same' }, 'twice'),
      responses.submit(form.code, { name: 'same' }, 'twice'),
      responses.submit(form.code, { name: 'not the same' }, 'twice'),
    ]);
    expect(two).toEqual(one);
    expect(other).toBeInstanceOf(ConflictError);
    expect(await storedCount(form.id)).toBe(1);
    expect(await counter(form.id)).toBe(1);
  });

  it('maxResponses holds inside a group, and the form is archived once', async () => {
    const schema = contactSchema();
    schema.settings = { ...schema.settings, maxResponses: 3 };
    const form = await publishedForm(schema);
    const { responses } = services();
    const outcomes = await settled(
      Array.from({ length: 7 }, (_, i) => responses.submit(form.code, { name: `n${i}` })),
    );
    expect(outcomes.filter((o) => !(o instanceof Error))).toHaveLength(3);
    expect(outcomes.filter((o) => o instanceof ConflictError)).toHaveLength(4);
    expect(await storedCount(form.id)).toBe(3);
    const row = await handle.db
      .selectFrom('forms')
      .select('publish_status')
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(row.publish_status).toBe('ARCHIVED');
    const full = await handle.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('type', '=', 'FORM_RESPONSES_LIMIT_REACHED')
      .execute();
    expect(full.filter((e) => JSON.parse(e.payload).data.formId === form.id)).toHaveLength(1);
  });

  it('a failure after writing rolls the group back; the others are then stored one by one', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const transactions = vi.spyOn(handle.db, 'transaction');
    const outcomes = await settled([
      responses.submit(form.code, { name: 'before' }, 'k-before'),
      responses.submit(form.code, { name: POISON }, 'k-poison'),
      responses.submit(form.code, { name: 'after' }, 'k-after'),
      responses.submit(form.code, { name: 'after' }, 'k-after'),
    ]);
    // The group's, then one each.
    expect(transactions).toHaveBeenCalledTimes(5);
    const [before, poisoned, after, again] = outcomes;
    expect(poisoned).toBeInstanceOf(Error);
    expect((poisoned as Error).message).toBe('claim failed');
    expect(before).toEqual({
      responseId: expect.any(String),
      submittedAt: expect.any(String),
      endingId: null,
      ending: {},
    });
    expect(after).toEqual({
      responseId: expect.any(String),
      submittedAt: expect.any(String),
      endingId: null,
      ending: {},
    });
    expect(again).toEqual(after);
    expect(await storedCount(form.id)).toBe(2);
    expect(await counter(form.id)).toBe(2);
    const keys = await handle.db
      .selectFrom('responses')
      .select('idempotency_key')
      .where('form_id', '=', form.id)
      .orderBy('idempotency_key')
      .execute();
    expect(keys.map((k) => k.idempotency_key)).toEqual(['k-after', 'k-before']);
  });

  it('a lone submission runs alone, and submissions of later turns form groups of their own', async () => {
    const form = await publishedForm();
    const { responses } = services();
    const transactions = vi.spyOn(handle.db, 'transaction');
    await responses.submit(form.code, { name: 'alone' });
    await Promise.all([
      responses.submit(form.code, { name: 'x' }),
      responses.submit(form.code, { name: 'y' }),
    ]);
    await Promise.all([
      responses.submit(form.code, { name: 'z' }),
      responses.submit(form.code, { name: 'w' }),
    ]);
    expect(transactions).toHaveBeenCalledTimes(3);
    expect(await counter(form.id)).toBe(5);
  });
});
