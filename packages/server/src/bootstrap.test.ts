import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPostgresUrl } from '../test/support/test-database.js';
import { ensureDefaultAccount } from './bootstrap.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { createServices } from './services.js';

describe.runIf(testPostgresUrl() !== undefined)('the first account, with instances starting together', () => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres', 'bootstrap');
    // One pool per "instance", as separate processes would have.
    for (let i = 0; i < 4; i++) {
      handles.push(await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 2 }));
    }
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database.drop();
  });

  it('is made once, and its key printed by one instance only', async () => {
    const made = await Promise.all(handles.map((h) => ensureDefaultAccount(createServices({ db: h.db }))));
    expect(made.filter((m) => m !== undefined)).toHaveLength(1);
    expect(await handles[0]!.db.selectFrom('accounts').select('name').execute()).toEqual([
      { name: 'default' },
    ]);
    expect(await handles[1]!.db.selectFrom('api_keys').select('name').execute()).toEqual([
      { name: 'created by formloom serve' },
    ]);
  });
});
