import { CreatedWebhook, WebhookEndpoint } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';

describeDialects('webhook endpoints API', (dialect) => {
  let t: WebhookTestServer;
  let key: string;
  beforeAll(async () => {
    t = await startWebhookTestServer({ dialect, worker: false });
    key = (await t.account('STARTER')).key;
  });
  afterAll(() => t.close());

  const create = (json: unknown, k = key) => t.request('/v1/webhooks', { method: 'POST', key: k, json });

  it('creates an endpoint: full secret once, secretLast4 afterwards, sealed at rest', async () => {
    const res = await create({
      url: 'http://127.0.0.1:9/one',
      events: ['FORM_CREATED', 'FORM_RESPONSE_CREATED', 'FORM_CREATED'],
      description: 'mine',
    });
    expect(res.status).toBe(201);
    const created = CreatedWebhook.parse(res.body.data);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created).toMatchObject({
      url: 'http://127.0.0.1:9/one',
      events: ['FORM_CREATED', 'FORM_RESPONSE_CREATED'],
      secretLast4: created.secret.slice(-4),
      isActive: true,
      description: 'mine',
    });

    const list = await t.request('/v1/webhooks', { key });
    expect(list.status).toBe(200);
    expect(list.body.data.webhooks).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(6, 30));
    expect(WebhookEndpoint.strict().parse(list.body.data.webhooks[0])).toEqual(
      WebhookEndpoint.parse(created),
    );

    const row = await t.db
      .selectFrom('outbox_targets')
      .select('config_sealed as secret_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(created.secret.slice(6, 20));
  });

  it('refuses a duplicate URL with 409 CONFLICT, also when only spelled differently', async () => {
    await create({ url: 'http://127.0.0.1:9/dup', events: ['FORM_CREATED'] });
    const again = await create({ url: 'http://127.0.0.1:9/dup', events: ['FORM_DELETED'] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'CONFLICT', data: null });
    const spelled = await create({ url: 'HTTP://127.0.0.1:9/dup', events: ['FORM_DELETED'] });
    expect(spelled.status).toBe(409);
  });

  it('validates events and the URL', async () => {
    expect((await create({ url: 'http://127.0.0.1:9/x', events: ['NOPE'] })).status).toBe(400);
    expect((await create({ url: 'http://127.0.0.1:9/x', events: [] })).status).toBe(400);
    expect((await create({ url: 'ftp://127.0.0.1/x', events: ['FORM_CREATED'] })).status).toBe(400);
    expect((await create({ url: 'http://u:p@127.0.0.1:9/x', events: ['FORM_CREATED'] })).status).toBe(400);
  });

  it('PATCH changes url, events, description and isActive; DELETE removes', async () => {
    const { body } = await create({ url: 'http://127.0.0.1:9/patch', events: ['FORM_CREATED'] });
    const id = body.data.id;
    const patched = await t.request(`/v1/webhooks/${id}`, {
      method: 'PATCH',
      key,
      json: {
        url: 'http://127.0.0.1:9/patched',
        events: ['FORM_DELETED'],
        description: 'd',
        isActive: false,
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      id,
      url: 'http://127.0.0.1:9/patched',
      events: ['FORM_DELETED'],
      description: 'd',
      isActive: false,
    });
    expect(patched.body.data.secret).toBeUndefined();
    const cleared = await t.request(`/v1/webhooks/${id}`, {
      method: 'PATCH',
      key,
      json: { description: null },
    });
    expect(cleared.body.data.description).toBeNull();
    const clash = await t.request(`/v1/webhooks/${id}`, {
      method: 'PATCH',
      key,
      json: { url: 'http://127.0.0.1:9/dup' },
    });
    expect(clash.status).toBe(409);

    const removed = await t.request(`/v1/webhooks/${id}`, { method: 'DELETE', key });
    expect(removed.body.data).toEqual({ id, deleted: true });
    expect((await t.request(`/v1/webhooks/${id}`, { method: 'DELETE', key })).status).toBe(404);
  });

  it("another account's endpoint is 404 on every route", async () => {
    const { body } = await create({ url: 'http://127.0.0.1:9/private', events: ['FORM_CREATED'] });
    const id = body.data.id;
    const other = (await t.account('PRO')).key;
    const someDelivery = '00000000-0000-4000-8000-000000000000';
    const answers = await Promise.all([
      t.request(`/v1/webhooks/${id}`, { method: 'PATCH', key: other, json: { description: 'x' } }),
      t.request(`/v1/webhooks/${id}`, { method: 'DELETE', key: other }),
      t.request(`/v1/webhooks/${id}/deliveries`, { key: other }),
      t.request(`/v1/webhooks/${id}/test`, { method: 'POST', key: other, json: {} }),
      t.request(`/v1/webhooks/${id}/deliveries/${someDelivery}/redeliver`, { method: 'POST', key: other }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await t.request('/v1/webhooks', { key: other })).body.data.webhooks).toEqual([]);
    // The same URL is free for another account.
    expect(
      (await create({ url: 'http://127.0.0.1:9/private', events: ['FORM_CREATED'] }, other)).status,
    ).toBe(201);
  });

  it('needs the Starter plan and the webhook scopes', async () => {
    const free = await t.account('STARTER');
    await t.db.updateTable('accounts').set({ plan: 'FREE' }).where('id', '=', free.accountId).execute();
    expect((await t.request('/v1/webhooks', { key: free.key })).status).toBe(403);
  });

  it('disabled endpoints refuse test and redeliver with 409', async () => {
    const { body } = await create({ url: 'http://127.0.0.1:9/off', events: ['FORM_CREATED'] });
    const id = body.data.id;
    await t.request(`/v1/webhooks/${id}`, { method: 'PATCH', key, json: { isActive: false } });
    const test = await t.request(`/v1/webhooks/${id}/test`, { method: 'POST', key, json: {} });
    expect(test.status).toBe(409);
  });
});
