import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createWebhooksService } from '../../features/webhooks/index.js';
import { recordEvents } from '../../outbox/record.js';
import { createDb, type DbHandle } from '../create-db.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

// biome-ignore lint/suspicious/noExplicitAny: the previous release's tables are not in today's typed schema
type OldDb = Kysely<any>;

/** The newest migration of the release before the one outbox. */
const PREVIOUS = '2026-11-25-190000-scale-out';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
const ACCOUNT = 'acc-1';
const ACTIVE = '11111111-1111-4111-8111-111111111111';
const DISABLED = '22222222-2222-4222-8222-222222222222';
const SLACK = '33333333-3333-4333-8333-333333333333';

describeDialects('the one-outbox migration', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  const box = createSecretBox(randomBytes(32));

  beforeEach(async () => {
    database = await createTestDatabase(dialect, 'one-outbox');
    handle = await createDb({ dataDir: database.dataDir, url: database.url, migrate: false });
  });
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** What the previous release wrote: two endpoints, a Slack target, events, deliveries, attempts. */
  async function fillPreviousRelease(db: OldDb) {
    await db
      .insertInto('accounts')
      .values({ id: ACCOUNT, name: 'acme', plan: 'PRO', created_at: at(0) })
      .execute();
    const endpoint = {
      events: JSON.stringify(['FORM_CREATED', 'FORM_RESPONSE_CREATED']),
      secret_last4: 'ab12',
      created_at: at(1),
    };
    await db
      .insertInto('webhook_endpoints')
      .values([
        {
          ...endpoint,
          id: ACTIVE,
          account_id: ACCOUNT,
          url: 'https://hooks.example.com/a',
          description: 'orders',
          secret_sealed: box.seal('whsec_active', ACTIVE),
          is_active: 1,
          consecutive_failures: 2,
          disabled_reason: null,
          lease_owner: 'worker-old',
          lease_until: at(30),
          updated_at: at(2),
        },
        {
          ...endpoint,
          id: DISABLED,
          account_id: ACCOUNT,
          url: 'https://hooks.example.com/b',
          description: null,
          secret_sealed: box.seal('whsec_disabled', DISABLED),
          is_active: 0,
          consecutive_failures: 5,
          disabled_reason: 'failures',
          lease_owner: null,
          lease_until: null,
          updated_at: at(3),
        },
      ])
      .execute();
    await db
      .insertInto('outbox_targets')
      .values({
        id: SLACK,
        account_id: ACCOUNT,
        channel: 'slack',
        label: '#general',
        config_sealed: box.seal('{}', SLACK),
        events: JSON.stringify(['FORM_CREATED']),
        created_by: null,
        is_active: 0,
        consecutive_failures: 0,
        disabled_reason: 'gone',
        lease_owner: null,
        lease_until: null,
        created_at: at(1),
        updated_at: at(1),
      })
      .execute();
    const events = [1, 2, 3].map((seq) => ({
      id: `ev-${seq}`,
      seq,
      account_id: ACCOUNT,
      type: 'FORM_CREATED',
      payload: JSON.stringify({ type: 'FORM_CREATED', created_at: at(seq + 4), data: { seq } }),
      created_at: at(seq + 4),
    }));
    await db.insertInto('webhook_events').values(events).execute();
    const delivery = (id: string, seq: number, status: string, attempts: number, next: string | null) => ({
      id,
      event_id: `ev-${seq}`,
      endpoint_id: ACTIVE,
      account_id: ACCOUNT,
      event_seq: seq,
      event_type: 'FORM_CREATED',
      status,
      attempt_count: attempts,
      next_attempt_at: next,
      created_at: at(seq + 4),
      updated_at: at(seq + 10),
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('d-1', 1, 'succeeded', 1, null),
        delivery('d-2', 2, 'failed', 2, null),
        delivery('d-3', 3, 'pending', 1, at(40)),
        { ...delivery('d-4', 3, 'pending', 0, at(7)), endpoint_id: DISABLED },
      ])
      .execute();
    const attempt = (deliveryId: string, n: number, code: number | null) => ({
      delivery_id: deliveryId,
      attempt: n,
      started_at: at(20 + n),
      duration_ms: 12 + n,
      status_code: code,
      ok: code !== null && code < 300 ? 1 : 0,
      error: code === null ? 'connection refused' : null,
      response_body: code === null ? null : `answer ${n}`,
    });
    await db
      .insertInto('webhook_delivery_attempts')
      .values([
        attempt('d-1', 1, 204),
        attempt('d-2', 1, 500),
        attempt('d-2', 2, null),
        attempt('d-3', 1, 503),
      ])
      .execute();
    return { events };
  }

  const service = () =>
    createWebhooksService({
      db: handle.db,
      clock: () => new Date(at(50)),
      secrets: box,
      policy: { allowPrivateTargets: false },
      publicUrl: 'https://forms.example.com',
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
    });

  it('moves every endpoint, delivery and attempt into the outbox tables, as they were, and drops the old tables', async () => {
    const old = handle.db as unknown as OldDb;
    await migrateTo(old, PREVIOUS);
    await fillPreviousRelease(old);
    const before = {
      endpoints: await old.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute(),
      deliveries: await old.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute(),
      attempts: await old
        .selectFrom('webhook_delivery_attempts')
        .selectAll()
        .orderBy('delivery_id')
        .orderBy('attempt')
        .execute(),
    };

    // Up to this migration only: later ones add columns of their own (delivery postponements).
    await migrateTo(old, '2026-11-26-000000-one-outbox');
    const db = handle.db;

    const targets = await db
      .selectFrom('outbox_targets')
      .selectAll()
      .where('channel', '=', 'webhook')
      .orderBy('id')
      .execute();
    expect(targets).toEqual(
      before.endpoints.map(({ secret_sealed, ...row }) => ({
        ...row,
        channel: 'webhook',
        label: row.url,
        config_sealed: secret_sealed,
        created_by: null,
      })),
    );
    // The sealed secret opens as before: receivers' signatures still verify.
    expect(box.open(targets[0]!.config_sealed, ACTIVE)).toBe('whsec_active');
    expect(await db.selectFrom('outbox_deliveries').selectAll().orderBy('id').execute()).toEqual(
      before.deliveries,
    );
    expect(
      await db
        .selectFrom('outbox_delivery_attempts')
        .selectAll()
        .orderBy('delivery_id')
        .orderBy('attempt')
        .execute(),
    ).toEqual(before.attempts);
    // The Slack target is untouched.
    expect(
      await db.selectFrom('outbox_targets').select(['id', 'label']).where('channel', '=', 'slack').execute(),
    ).toEqual([{ id: SLACK, label: '#general' }]);
    for (const table of ['webhook_endpoints', 'webhook_deliveries', 'webhook_delivery_attempts']) {
      await expect(old.selectFrom(table).selectAll().execute()).rejects.toThrow();
    }
  });

  it('the webhooks API reads the moved rows; URLs stay unique per account; queueing follows the channel', async () => {
    const old = handle.db as unknown as OldDb;
    await migrateTo(old, PREVIOUS);
    await fillPreviousRelease(old);
    await migrateToLatest(old);
    const webhooks = service();

    const { webhooks: listed } = await webhooks.list(ACCOUNT);
    expect(listed).toEqual([
      {
        id: ACTIVE,
        url: 'https://hooks.example.com/a',
        events: ['FORM_CREATED', 'FORM_RESPONSE_CREATED'],
        secretLast4: 'ab12',
        isActive: true,
        description: 'orders',
        // Later migrations' columns, as an endpoint made before them reads.
        formIds: null,
        restHook: false,
        createdAt: at(1),
        updatedAt: at(2),
      },
      expect.objectContaining({ id: DISABLED, isActive: false, description: null }),
    ]);
    const page = await webhooks.deliveries(ACCOUNT, ACTIVE, { page: 1, limit: 10 });
    expect(page.total).toBe(3);
    // Newest first, as the API always listed them; attempts in order.
    expect(page.deliveries.map((d) => [d.id, d.status, d.attemptCount, d.nextAttemptAt])).toEqual([
      ['d-3', 'pending', 1, at(40)],
      ['d-2', 'failed', 2, null],
      ['d-1', 'succeeded', 1, null],
    ]);
    expect(page.deliveries[1]!.attempts).toEqual([
      {
        attempt: 1,
        startedAt: at(21),
        durationMs: 13,
        statusCode: 500,
        ok: false,
        error: null,
        responseBody: 'answer 1',
      },
      {
        attempt: 2,
        startedAt: at(22),
        durationMs: 14,
        statusCode: null,
        ok: false,
        error: 'connection refused',
        responseBody: null,
      },
    ]);
    expect(page.deliveries[2]!.payload).toEqual({
      type: 'FORM_CREATED',
      created_at: at(5),
      data: { seq: 1 },
    });

    // The unique URL per account survived the move (spelled differently: normalised first).
    await expect(
      webhooks.create(ACCOUNT, { url: 'https://HOOKS.example.com/a', events: ['FORM_CREATED'] }, 'PRO'),
    ).rejects.toThrow('already has a webhook endpoint with this URL');

    // A new event: the disabled endpoint keeps getting it queued, the disabled Slack target not.
    const queued = await recordEvents(handle.db, [
      { accountId: ACCOUNT, type: 'FORM_CREATED', createdAt: at(55), data: { id: 'f', title: 'T' } as never },
    ]);
    expect(queued).toBe(2);
    const fresh = await handle.db
      .selectFrom('outbox_deliveries')
      .select(['endpoint_id', 'event_seq'])
      .where('created_at', '=', at(55))
      .orderBy('endpoint_id')
      .execute();
    // After the highest moved sequence number: order continues.
    expect(fresh).toEqual([
      { endpoint_id: ACTIVE, event_seq: 4 },
      { endpoint_id: DISABLED, event_seq: 4 },
    ]);
  });
});
