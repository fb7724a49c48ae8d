import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeDialects, type TestDatabase } from '../../test/support/test-database.js';
import { createDb, type DbHandle } from '../db/create-db.js';
import { createOutboxStore } from './outbox-store.js';
import { queueDelivery } from './record.js';
import { newTargetRow } from './target-row.js';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const LEASE_MS = 30_000;

describeDialects('claiming outbox targets', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let targetId: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'outbox-claim');
    handle = await createDb({ url: database.url, dataDir: database.dataDir });
    const { db } = handle;
    await db
      .insertInto('accounts')
      .values({ id: 'acct', name: 'Claims', plan: 'MAX', created_at: at(0) })
      .execute();
    targetId = 'target-1';
    await db
      .insertInto('outbox_targets')
      .values(
        newTargetRow({
          id: targetId,
          accountId: 'acct',
          channel: 'webhook',
          label: 'https://example.test/hook',
          url: 'https://example.test/hook',
          configSealed: '',
          events: '[]',
          now: at(0),
        }),
      )
      .execute();
    for (let i = 0; i < 3; i++) {
      await queueDelivery(db, targetId, { accountId: 'acct', type: 'PING', payload: '{}', createdAt: at(0) });
    }
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('a target given back is claimable at once, a held one is not, an expired lease is', async () => {
    const store = createOutboxStore(handle.db);
    expect(await store.claimEndpoints('worker-a', at(1), at(1 + LEASE_MS), 10)).toEqual([targetId]);
    // Held: nobody else gets it while the lease runs.
    expect(await store.claimEndpoints('worker-b', at(2), at(2 + LEASE_MS), 10)).toEqual([]);

    // Given back, and claimed again in the same millisecond: the worker goes on with the
    // target's backlog instead of waiting a whole poll interval.
    await store.release(targetId, 'worker-a', at(3));
    expect(await store.claimEndpoints('worker-b', at(3), at(3 + LEASE_MS), 10)).toEqual([targetId]);

    // A dead worker's lease ends: another claims the target after it.
    expect(await store.claimEndpoints('worker-c', at(3 + LEASE_MS - 1), at(2 * LEASE_MS), 10)).toEqual([]);
    expect(await store.claimEndpoints('worker-c', at(4 + LEASE_MS), at(2 * LEASE_MS), 10)).toEqual([
      targetId,
    ]);
  });
});
