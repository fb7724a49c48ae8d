import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../test/support/fixtures.js';
import { captureLogs } from '../test/support/log-capture.js';
import { describeEachDialect } from '../test/support/test-server.js';
import { serverChores, startChores } from './chores.js';
import { createServices } from './services.js';

describeEachDialect('the server chores', (t) => {
  let key = '';
  beforeAll(async () => {
    ({ key } = await t.account());
  });

  const newForm = async () =>
    (
      await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Chores', schema: contactSchema() },
      })
    ).body.data.id as string;
  const row = (id: string) =>
    t.db.selectFrom('forms').select(['publish_status']).where('id', '=', id).executeTakeFirst();

  it('one list names every periodic chore', () => {
    expect(serverChores(createServices({ db: t.db })).map((c) => c.name)).toEqual([
      'archive expired forms',
      'abandon idle smart-form sessions',
      'purge expired partial responses',
      'purge expired quiz attempts',
      'purge expired address codes',
      'delete unused uploaded images',
      'delete responses past their retention',
      'purge deleted forms',
      'prune finished deliveries',
      'purge expired idempotency keys',
      'purge old audit log entries',
      'purge finished AI jobs',
    ]);
  });

  it('a round archives expired forms and purges deleted ones past retention; nothing fails', async () => {
    const expiring = await newForm();
    await t.request(`/v1/forms/${expiring}/publish`, { method: 'POST', key });
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    await t.request(`/v1/forms/${expiring}`, { method: 'PATCH', key, json: { expiresAt } });
    const deleted = await newForm();
    expect((await t.request(`/v1/forms/${deleted}`, { method: 'DELETE', key })).status).toBe(200);
    const { lines, logger } = captureLogs();

    const later = () => new Date(Date.now() + 120_000);
    const chores = startChores(
      createServices({
        db: t.db,
        clock: later,
        config: { publicUrl: 'https://forms.example.test', deletedRetentionMs: 60_000 },
      }),
      { logger },
    );
    await chores.runAll();
    await chores.stop();

    // Read from the table: the API would archive it on read itself.
    expect((await row(expiring))?.publish_status).toBe('ARCHIVED');
    expect(await row(deleted)).toBeUndefined();
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; chore?: string });
    expect(logged.filter((l) => l.msg === 'chore failed')).toEqual([]);
    expect(logged.filter((l) => l.msg === 'chore done').map((l) => l.chore)).toEqual(
      expect.arrayContaining(['archive expired forms', 'purge deleted forms']),
    );
  });

  it('a round forgets idempotency keys a day after their first use, not before', async () => {
    const idemKey = `chores-${Date.now()}`;
    const create = () =>
      t.request('/v1/forms', {
        method: 'POST',
        key,
        headers: { 'idempotency-key': idemKey },
        json: { title: 'Chores', schema: contactSchema() },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const stored = () =>
      t.db.selectFrom('idempotency_keys').select('key').where('key', '=', idemKey).executeTakeFirst();

    const soon = startChores(
      createServices({ db: t.db, clock: () => new Date(Date.now() + 23 * 3_600_000) }),
    );
    await soon.runAll();
    await soon.stop();
    expect(await stored()).toBeDefined();
    expect((await create()).headers.get('idempotent-replayed')).toBe('true');

    const later = startChores(
      createServices({ db: t.db, clock: () => new Date(Date.now() + 25 * 3_600_000) }),
    );
    await later.runAll();
    await later.stop();
    expect(await stored()).toBeUndefined();
  });
});
