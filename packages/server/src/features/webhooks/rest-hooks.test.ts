import type { WebhookEvent } from '@formloom/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeDialects } from '../../../test/support/test-database.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../../test/support/webhook-test-kit.js';

interface Listed {
  id: string;
  events: string[];
  formIds: string[] | null;
  restHook: boolean;
}

describeDialects('REST hooks and endpoints limited to some forms', (dialect) => {
  let t: WebhookTestServer;
  let key: string;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startWebhookTestServer({
      dialect,
      worker: { retryBaseMs: 20, timeoutMs: 400, pollIntervalMs: 10 },
    });
    key = (await t.account('MAX')).key;
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(() => t.close());

  async function receiver(...args: Parameters<typeof startReceiver>) {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  }

  async function publishedForm(k = key) {
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key: k,
      json: { title: 'Contact', schema: contactSchema() },
    });
    const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key: k });
    return { id: form.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function submit(code: string, name: string) {
    const res = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name } },
    });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  async function listed(k = key): Promise<Listed[]> {
    const res = await t.request('/v1/webhooks', { key: k });
    expect(res.status).toBe(200);
    return res.body.data.webhooks;
  }

  const responseIds = (r: Receiver) =>
    r.requests
      .map((q) => JSON.parse(q.body) as WebhookEvent)
      .map((e) => (e.type === 'FORM_RESPONSE_CREATED' ? e.data.responseId : e.type));

  it("an endpoint limited to some forms gets only their events; null takes every form's again", async () => {
    const r = await receiver();
    const [a, b] = [await publishedForm(), await publishedForm()];
    const created = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: r.url, events: ['FORM_RESPONSE_CREATED'], formIds: [a.id, a.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ formIds: [a.id], restHook: false });

    const fromB = await submit(b.code, 'b1');
    const fromA = await submit(a.code, 'a1');
    await r.waitFor((q) => q.length === 1);
    // B's response was stored first: had it been queued, it would have gone out first.
    await new Promise((res) => setTimeout(res, 150));
    expect(responseIds(r)).toEqual([fromA]);

    const widened = await t.request(`/v1/webhooks/${created.body.data.id}`, {
      method: 'PATCH',
      key,
      json: { formIds: null },
    });
    expect(widened.body.data.formIds).toBeNull();
    const later = await submit(b.code, 'b2');
    await r.waitFor((q) => q.length === 2);
    expect(responseIds(r)).toEqual([fromA, later]);
    expect(responseIds(r)).not.toContain(fromB);
  });

  it("another account's form, or a deleted one, is a 404 in formIds", async () => {
    const r = await receiver();
    const other = await t.account('MAX');
    const theirs = await publishedForm(other.key);
    const create = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: r.url, events: ['FORM_CREATED'], formIds: [theirs.id] },
    });
    expect(create.status).toBe(404);
    expect(create.body.message).toContain(theirs.id);
    const hook = await t.request('/v1/hooks', {
      method: 'POST',
      key,
      json: { targetUrl: r.url, event: 'FORM_RESPONSE_CREATED', formId: theirs.id },
    });
    expect(hook.status).toBe(404);

    const mine = await publishedForm();
    const endpoint = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: `${r.url}/mine`, events: ['FORM_CREATED'] },
    });
    await t.request(`/v1/forms/${mine.id}`, { method: 'DELETE', key });
    const patch = await t.request(`/v1/webhooks/${endpoint.body.data.id}`, {
      method: 'PATCH',
      key,
      json: { formIds: [mine.id] },
    });
    expect(patch.status).toBe(404);
    expect((await listed()).find((w) => w.id === endpoint.body.data.id)?.formIds).toBeNull();
  });

  it('a REST hook is an endpoint for one event and one form, listed as such, and unsubscribes', async () => {
    const r = await receiver();
    const form = await publishedForm();
    const other = await publishedForm();
    const res = await t.request('/v1/hooks', {
      method: 'POST',
      key,
      json: { targetUrl: r.url, event: 'FORM_RESPONSE_CREATED', formId: form.id },
    });
    expect(res.status).toBe(201);
    const { id } = res.body.data as { id: string };
    expect(Object.keys(res.body.data)).toEqual(['id']);
    expect((await listed()).find((w) => w.id === id)).toMatchObject({
      events: ['FORM_RESPONSE_CREATED'],
      formIds: [form.id],
      restHook: true,
    });

    await submit(other.code, 'elsewhere');
    const answered = await submit(form.code, 'here');
    await r.waitFor((q) => q.length === 1);
    await new Promise((res) => setTimeout(res, 150));
    expect(responseIds(r)).toEqual([answered]);
    // Signed like every webhook delivery.
    expect(r.requests[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    // An ordinary endpoint is not a hook: the hooks route does not delete it.
    const plain = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: `${r.url}/plain`, events: ['FORM_CREATED'] },
    });
    expect((await t.request(`/v1/hooks/${plain.body.data.id}`, { method: 'DELETE', key })).status).toBe(404);
    // Nor does another account reach this one.
    const stranger = await t.account('MAX');
    expect((await t.request(`/v1/hooks/${id}`, { method: 'DELETE', key: stranger.key })).status).toBe(404);

    const gone = await t.request(`/v1/hooks/${id}`, { method: 'DELETE', key });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ id, deleted: true });
    expect((await listed()).map((w) => w.id)).not.toContain(id);
    expect((await t.request(`/v1/hooks/${id}`, { method: 'DELETE', key })).status).toBe(404);
  });

  it('a hook whose URL answers 410 Gone is deleted; an ordinary endpoint is only disabled', async () => {
    const r = await receiver(() => ({ status: 410 }));
    const form = await publishedForm();
    const hook = await t.request('/v1/hooks', {
      method: 'POST',
      key,
      json: { targetUrl: `${r.url}/hook`, event: 'FORM_RESPONSE_CREATED', formId: form.id },
    });
    const plain = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: `${r.url}/plain`, events: ['FORM_RESPONSE_CREATED'], formIds: [form.id] },
    });
    await submit(form.code, 'gone');
    await r.waitFor((q) => q.length === 2);
    const deadline = Date.now() + 10_000;
    let list = await listed();
    while (list.some((w) => w.id === hook.body.data.id) && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 25));
      list = await listed();
    }
    expect(list.map((w) => w.id)).not.toContain(hook.body.data.id);
    expect(
      await t.db
        .selectFrom('outbox_deliveries')
        .select('id')
        .where('endpoint_id', '=', hook.body.data.id)
        .execute(),
    ).toEqual([]);
    const kept = list.find((w) => w.id === plain.body.data.id) as Listed & { isActive: boolean };
    expect(kept.isActive).toBe(false);
  });

  it('a hook checks its URL, its event and the plan as a webhook does', async () => {
    const bad = await t.request('/v1/hooks', {
      method: 'POST',
      key,
      json: { targetUrl: 'not a url', event: 'FORM_RESPONSE_CREATED' },
    });
    expect(bad.status).toBe(400);
    const unknown = await t.request('/v1/hooks', {
      method: 'POST',
      key,
      json: { targetUrl: 'https://hooks.example.com/x', event: 'NOT_AN_EVENT' },
    });
    expect(unknown.status).toBe(400);
    // Hooks count towards the plan's endpoints, as webhooks do (Starter: 5).
    const starter = await t.account('STARTER');
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await t.request('/v1/hooks', {
        method: 'POST',
        key: starter.key,
        json: { targetUrl: `https://hooks.example.com/${n}`, event: 'FORM_RESPONSE_CREATED' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 403]);
  });
});
