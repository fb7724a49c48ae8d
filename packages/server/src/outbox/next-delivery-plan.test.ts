import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/create-db.js';
import { createOutboxStore } from './outbox-store.js';

/** Keeps the last query built through it, so its plan can be asked for. */
class LastQuery implements KyselyPlugin {
  node: RootOperationNode | undefined;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.node = node;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

// SQLite only: it keeps no statistics, so the plan is the SQL's alone (PostgreSQL plans from its
// statistics). An endpoint's next delivery must walk that endpoint's rows, not every due row:
// with the due index, draining a backlog of N deliveries read N² rows.
let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formloom-next-delivery-'));
  handle = await createDb({ dataDir: dir });
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reads an endpoint’s next delivery through the endpoint index, in event order, without a full sort', async () => {
  const last = new LastQuery();
  const store = createOutboxStore(handle.db.withPlugin(last));
  await store.nextDelivery('endpoint', 'owner', new Date().toISOString());
  const query = handle.db.getExecutor().compileQuery(last.node!, createQueryId());
  const plan = await handle.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const steps = plan.rows.map((row) => row.detail).join('\n');
  expect(steps).toContain('USING INDEX outbox_deliveries_endpoint_idx (endpoint_id=? AND status=?)');
  expect(steps).not.toContain('outbox_deliveries_due_idx');
  expect(steps).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
});
