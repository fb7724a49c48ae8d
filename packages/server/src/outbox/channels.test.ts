import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@formloom/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { describeDialects } from '../../test/support/test-database.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../test/support/webhook-test-kit.js';
import type { OutboxSender, SenderResult } from './channel.js';
import { postDelivery } from './send.js';

/**
 * One outbox, a sender per channel (docs/webhooks.md "How it works inside"). The "relay" channel below exists
 * only here: a sender of a few lines and rows in outbox_targets are all it takes, and it gets the worker's
 * order, retries, attempt log and disabling like webhooks do.
 */
describeDialects('the outbox with two channels', (dialect) => {
  let t: WebhookTestServer;
  let account: { accountId: string; key: string };
  const receivers: Receiver[] = [];
  /** What the relay's platform "says" after answering over HTTP, per request. */
  let verdict: (result: SenderResult) => SenderResult = (r) => r;

  const relay: OutboxSender = {
    channel: 'relay',
    maxRetries: 2,
    async send(delivery, { timeoutMs, policy }) {
      const { url } = JSON.parse(String(delivery.target.config_sealed)) as { url: string };
      const event = JSON.parse(delivery.payload) as WebhookEvent;
      const body = JSON.stringify({ relayed: event.type, delivery: delivery.id, data: event.data });
      return verdict(await postDelivery(url, body, {}, { timeoutMs, policy }));
    },
  };

  beforeAll(async () => {
    t = await startWebhookTestServer({
      dialect,
      worker: { retryBaseMs: 20, pollIntervalMs: 10, senders: [relay] },
    });
    account = await t.account('MAX');
  });
  afterEach(async () => {
    verdict = (r) => r;
    // Each test starts without the targets of the one before (their receivers are closed).
    await t.db.deleteFrom('outbox_targets').where('account_id', '=', account.accountId).execute();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(() => t.close());

  async function receiver(...args: Parameters<typeof startReceiver>) {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  }

  async function relayTarget(url: string, channel = 'relay', events = ['FORM_RESPONSE_CREATED']) {
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('outbox_targets')
      .values({
        id,
        account_id: account.accountId,
        channel,
        label: 'relay',
        config_sealed: JSON.stringify({ url }),
        events: JSON.stringify(events),
        created_by: null,
        is_active: 1,
        disabled_reason: null,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const target = (id: string) =>
    t.db.selectFrom('outbox_targets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function publishedForm() {
    const { key } = account;
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Two channels', schema: contactSchema() },
    });
    const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key });
    return published.body.data.shareUrl as string;
  }

  async function submit(code: string, name: string) {
    const res = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name } },
    });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  it('one event reaches a webhook and a target of another channel, each in order, from one event row', async () => {
    const hook = await receiver();
    const relayed = await receiver();
    const created = await t.request('/v1/webhooks', {
      method: 'POST',
      key: account.key,
      json: { url: hook.url, events: ['FORM_RESPONSE_CREATED'] },
    });
    expect(created.status).toBe(201);
    await relayTarget(relayed.url);
    // A target of a channel nobody sends for: its deliveries wait, nothing else is held up.
    const orphan = await relayTarget(relayed.url, 'carrier-pigeon');

    const code = await publishedForm();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await submit(code, `n${i}`));
    await hook.waitFor((q) => q.length === 6);
    await relayed.waitFor((q) => q.length === 6);

    const hooked = hook.requests.map((q) => JSON.parse(q.body) as { data: { responseId: string } });
    expect(hooked.map((e) => e.data.responseId)).toEqual(ids);
    const relayedBodies = relayed.requests.map(
      (q) => JSON.parse(q.body) as { relayed: string; delivery: string; data: { responseId: string } },
    );
    expect(relayedBodies.map((b) => b.relayed)).toEqual(Array(6).fill('FORM_RESPONSE_CREATED'));
    expect(relayedBodies.map((b) => b.data.responseId)).toEqual(ids);
    // Webhook signing is the webhook channel's: the relay got no signature headers.
    expect(hook.requests[0]!.headers['webhook-signature']).toBeDefined();
    expect(relayed.requests[0]!.headers['webhook-signature']).toBeUndefined();

    // One event row per submission, with a delivery in each family's table.
    const events = await t.db
      .selectFrom('webhook_events')
      .select(['id'])
      .where('account_id', '=', account.accountId)
      .where('type', '=', 'FORM_RESPONSE_CREATED')
      .execute();
    expect(events).toHaveLength(6);
    const readDeliveries = () =>
      t.db
        .selectFrom('outbox_deliveries')
        .select(['event_id', 'status', 'endpoint_id'])
        .where('account_id', '=', account.accountId)
        .execute();
    // The last success is recorded just after the receiver answered it.
    let relayDeliveries = await readDeliveries();
    for (
      let i = 0;
      i < 200 && relayDeliveries.some((d) => d.endpoint_id !== orphan && d.status !== 'succeeded');
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
      relayDeliveries = await readDeliveries();
    }
    expect(new Set(relayDeliveries.map((d) => d.event_id))).toEqual(new Set(events.map((e) => e.id)));
    expect(relayDeliveries.filter((d) => d.endpoint_id === orphan).map((d) => d.status)).toEqual(
      Array(6).fill('pending'),
    );
    expect(
      relayDeliveries.filter((d) => d.endpoint_id !== orphan).every((d) => d.status === 'succeeded'),
    ).toBe(true);
  });

  it("a sender's verdicts drive the shared policy: a platform's wait, permanent failures, and disabling after 5", async () => {
    const relayed = await receiver();
    const id = await relayTarget(relayed.url);
    const code = await publishedForm();

    // The platform asks for a 300 ms pause once: the retry waits that long, not the 20 ms backoff.
    let asked = false;
    verdict = (r) => {
      if (asked) return r;
      asked = true;
      return { ...r, verdict: 'retry', retryAfterMs: 300 };
    };
    await submit(code, 'wait');
    await relayed.waitFor((q) => q.length === 2);
    expect(relayed.requests[1]!.at - relayed.requests[0]!.at).toBeGreaterThanOrEqual(290);

    // Permanent failures: no retry, each counts; the 5th disables the target and new events are not queued.
    verdict = (r) => ({ ...r, verdict: 'permanent' });
    const before = relayed.requests.length;
    for (let i = 0; i < 5; i++) await submit(code, `bad${i}`);
    await relayed.waitFor((q) => q.length - before === 5);
    for (;;) {
      const row = await target(id);
      if (row.is_active === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await target(id)).toMatchObject({
      is_active: 0,
      consecutive_failures: 5,
      disabled_reason: 'failures',
    });
    const attempts = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['d.status', 'a.attempt'])
      .where('d.endpoint_id', '=', id)
      .where('d.status', '=', 'failed')
      .execute();
    expect(attempts.map((a) => a.attempt)).toEqual([1, 1, 1, 1, 1]);

    const queued = async () =>
      (await t.db.selectFrom('outbox_deliveries').select('id').where('endpoint_id', '=', id).execute())
        .length;
    const count = await queued();
    await submit(code, 'while disabled');
    expect(await queued()).toBe(count);
    await new Promise((r) => setTimeout(r, 150));
    expect(relayed.requests.length - before).toBe(5);
  });
});
