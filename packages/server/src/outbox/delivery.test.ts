import { createHmac } from 'node:crypto';
import { type VerifyDeliveryInput, verifyDelivery, WebhookDelivery, WebhookEvent } from '@formloom/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { guestsSchema } from '../../test/support/page-fixtures.js';
import { describeDialects } from '../../test/support/test-database.js';
import {
  type Received,
  type Receiver,
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../test/support/webhook-test-kit.js';

const RETRY_BASE_MS = 20;

/** The contract's verifier, which the SDK's `verifyWebhook` wraps (tests/e2e runs the SDK's own). */
async function verifyWebhook(input: VerifyDeliveryInput): Promise<WebhookEvent> {
  return JSON.parse((await verifyDelivery(input)).body) as WebhookEvent;
}

describeDialects('webhook delivery to a real receiver', (dialect) => {
  let t: WebhookTestServer;
  let key: string;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startWebhookTestServer({
      dialect,
      worker: { retryBaseMs: RETRY_BASE_MS, timeoutMs: 400, pollIntervalMs: 10 },
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

  async function endpoint(url: string, events: string[] = ['FORM_RESPONSE_CREATED'], k = key) {
    const res = await t.request('/v1/webhooks', { method: 'POST', key: k, json: { url, events } });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; secret: string };
  }

  async function publishedForm(k = key, schema = contactSchema()) {
    const form = await t.request('/v1/forms', { method: 'POST', key: k, json: { title: 'Contact', schema } });
    const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key: k });
    return { id: form.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function submit(code: string, answers: Record<string, unknown>) {
    const res = await t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers } });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  async function deliveries(id: string, k = key): Promise<WebhookDelivery[]> {
    const res = await t.request(`/v1/webhooks/${id}/deliveries?limit=100`, { key: k });
    expect(res.status).toBe(200);
    return res.body.data.deliveries.map((d: unknown) => WebhookDelivery.parse(d));
  }

  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const events = (r: Receiver) => r.requests.map((q) => JSON.parse(q.body) as WebhookEvent);

  it('delivers every form event with its documented payload, verified by standardwebhooks and the contract', async () => {
    const r = await receiver();
    const { secret } = await endpoint(r.url, [
      'FORM_CREATED',
      'FORM_PUBLISHED',
      'FORM_UNPUBLISHED',
      'FORM_DELETED',
      'FORM_RESPONSE_CREATED',
    ]);
    const form = await publishedForm();
    const responseId = await submit(form.code, { name: 'Ada', email: 'ada@example.com', contact: 'email' });
    await t.request(`/v1/forms/${form.id}/unpublish`, { method: 'POST', key });
    await t.request(`/v1/forms/${form.id}`, { method: 'DELETE', key });
    // A receiver keeps each delivery once by its id: an attempt whose answer came after the sender's
    // 400 ms timeout (a busy machine) is sent again under the same id, as Standard Webhooks allows.
    await r.waitFor((q) => new Set(q.map((x) => x.headers['webhook-id'])).size === 5);
    const seen = new Set<unknown>();
    r.requests.splice(
      0,
      r.requests.length,
      ...r.requests.filter((q) => !seen.has(q.headers['webhook-id']) && seen.add(q.headers['webhook-id'])),
    );

    expect(events(r).map((e) => e.type)).toEqual([
      'FORM_CREATED',
      'FORM_PUBLISHED',
      'FORM_RESPONSE_CREATED',
      'FORM_UNPUBLISHED',
      'FORM_DELETED',
    ]);
    for (const q of r.requests) {
      const event = WebhookEvent.parse(JSON.parse(q.body));
      expect(Object.keys(JSON.parse(q.body))).toEqual(['type', 'created_at', 'data']);
      expect(event.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(q.headers['content-type']).toBe('application/json');
      expect(q.headers['x-service-event']).toBe(event.type);
      expect(q.headers['x-service-delivery']).toBe(q.headers['webhook-id']);
      expect(q.headers['x-service-timestamp']).toBe(q.headers['webhook-timestamp']);
      // Independent verifier: the Standard Webhooks reference library.
      const verified = new Webhook(secret).verify(q.body, q.headers as Record<string, string>);
      expect(verified).toEqual(JSON.parse(q.body));
      // The contract's verifier, once with the Standard Webhooks trio and once with only the X-Service-* set.
      expect(await verifyWebhook({ payload: q.body, headers: q.headers, secret })).toEqual(event);
      const xOnly = Object.fromEntries(Object.entries(q.headers).filter(([k]) => !k.startsWith('webhook-')));
      expect(
        await verifyWebhook({ payload: q.body, headers: xOnly as Record<string, string>, secret }),
      ).toEqual(event);
      // And by hand, as docs/webhooks.md "Headers and signature" defines it.
      const keyBytes = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const content = `${q.headers['x-service-delivery']}.${q.headers['x-service-timestamp']}.${q.body}`;
      expect(q.headers['x-service-signature']).toBe(
        `sha256=${createHmac('sha256', keyBytes).update(content).digest('hex')}`,
      );
    }
    const created = events(r)[2]!;
    expect(created).toMatchObject({
      type: 'FORM_RESPONSE_CREATED',
      data: {
        formId: form.id,
        formTitle: 'Contact',
        responseId,
        answers: {
          name: { question: 'Name', answer: 'Ada' },
          email: { question: 'Email', answer: 'ada@example.com' },
          contact: { question: 'Contact by', answer: 'email' },
        },
      },
    });
    expect(events(r)[1]!.data).toMatchObject({
      formId: form.id,
      shareUrl: form.code,
      publicUrl: `https://forms.example.test/f/${form.code}`,
    });
    await expect(
      verifyWebhook({ payload: r.requests[0]!.body, headers: r.requests[0]!.headers, secret: 'whsec_AAAA' }),
    ).rejects.toMatchObject({ name: 'WebhookSignatureError' });
  });

  it('an event goes only to endpoints subscribed to its type, in this account', async () => {
    const subscribed = await receiver();
    const other = await receiver();
    const foreign = await receiver();
    await endpoint(subscribed.url, ['FORM_RESPONSE_CREATED']);
    await endpoint(other.url, ['FORM_DELETED']);
    await endpoint(foreign.url, ['FORM_RESPONSE_CREATED'], (await t.account('PRO')).key);
    const form = await publishedForm();
    await submit(form.code, { name: 'Bo' });
    await subscribed.waitFor((q) => q.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.requests).toHaveLength(0);
    expect(foreign.requests).toHaveLength(0);
  });

  it('keeps the order of events per endpoint', async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 2 }));
    await endpoint(r.url);
    const form = await publishedForm();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await submit(form.code, { name: `n${i}` }));
    await r.waitFor((q) => q.length === 25);
    expect(events(r).map((e) => (e.data as { responseId: string }).responseId)).toEqual(ids);
    // One in flight per endpoint: no request began before the previous one was answered.
    const deliveryIds = r.requests.map((q) => q.headers['x-service-delivery']);
    expect(new Set(deliveryIds).size).toBe(25);
  });

  it('retries with a growing backoff under the same delivery id, and logs every attempt', async () => {
    const r = await receiver((q) => (q.n <= 3 ? { status: 500, body: `fail ${q.n}` } : { status: 200 }));
    const { id } = await endpoint(r.url);
    const form = await publishedForm();
    await submit(form.code, { name: 'Retry' });
    await r.waitFor((q) => q.length === 4);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(1);
    const gaps = r.requests.slice(1).map((q, i) => q.at - r.requests[i]!.at);
    // base, 2 base, 4 base, each with +-20% jitter. Only lower bounds: a busy machine makes every
    // gap later, never earlier, so comparing two measured gaps would judge the machine's load. The
    // third gap's floor is above the first's jittered ceiling, so the bounds show the growth.
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 0.8 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 1.6 - 5);
    expect(gaps[2]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 3.2 - 5);

    const [delivery] = await until(
      () => deliveries(id),
      (d) => d[0]?.status === 'succeeded',
    );
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 4, nextAttemptAt: null });
    expect(delivery!.id).toBe(r.requests[0]!.headers['webhook-id']);
    expect(delivery!.attempts.map((a) => [a.attempt, a.statusCode, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(delivery!.attempts[0]!.responseBody).toBe('fail 1');
    expect(delivery!.attempts.every((a) => a.durationMs >= 0)).toBe(true);
  });

  it('a delivery fails after 8 retries; 5 failed deliveries disable the endpoint; its events wait for re-enabling', async () => {
    const r = await receiver(() => ({ status: 503 }));
    const { id } = await endpoint(r.url);
    const form = await publishedForm();
    for (let i = 0; i < 5; i++) await submit(form.code, { name: `f${i}` });
    const failed = await until(
      () => deliveries(id),
      (d) => d.length === 5 && d.every((x) => x.status === 'failed'),
      30_000,
    );
    expect(failed.every((d) => d.attemptCount === 9 && d.attempts.length === 9)).toBe(true);
    const list = await t.request('/v1/webhooks', { key });
    expect(list.body.data.webhooks.find((w: { id: string }) => w.id === id).isActive).toBe(false);

    // Disabled: new events are kept, not sent.
    r.behave(() => ({ status: 200 }));
    const before = r.requests.length;
    const kept = await submit(form.code, { name: 'kept' });
    await new Promise((res) => setTimeout(res, 300));
    expect(r.requests.length).toBe(before);
    const pending = (await deliveries(id)).filter((d) => d.status === 'pending');
    expect(pending).toHaveLength(1);
    expect((await t.request(`/v1/webhooks/${id}/test`, { method: 'POST', key, json: {} })).status).toBe(409);

    // Re-enabled: the kept event goes out; a failed one can be redelivered under a new id.
    await t.request(`/v1/webhooks/${id}`, { method: 'PATCH', key, json: { isActive: true } });
    await r.waitFor((q) => q.slice(before).some((x) => x.body.includes(kept)));
    const again = await t.request(`/v1/webhooks/${id}/deliveries/${failed[0]!.id}/redeliver`, {
      method: 'POST',
      key,
    });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ status: 'pending', attemptCount: 0 });
    expect(again.body.data.id).not.toBe(failed[0]!.id);
    expect(again.body.data.payload).toEqual(failed[0]!.payload);
    await r.waitFor((q) => q.some((x) => x.headers['webhook-id'] === again.body.data.id));
  }, 60_000);

  it('a success resets the failure count', async () => {
    let failing = true;
    const r = await receiver(() => ({ status: failing ? 500 : 200 }));
    const { id } = await endpoint(r.url);
    const form = await publishedForm();
    for (let i = 0; i < 4; i++) await submit(form.code, { name: `x${i}` });
    await until(
      () => deliveries(id),
      (d) => d.filter((x) => x.status === 'failed').length === 4,
      30_000,
    );
    const row = () =>
      t.db.selectFrom('outbox_targets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row()).consecutive_failures).toBe(4);
    failing = false;
    await submit(form.code, { name: 'ok' });
    await until(row, (e) => e.consecutive_failures === 0);
    expect((await row()).is_active).toBe(1);
  }, 60_000);

  it('410 Gone disables the endpoint at once and keeps the delivery for later', async () => {
    const r = await receiver(() => ({ status: 410 }));
    const { id } = await endpoint(r.url);
    const form = await publishedForm();
    await submit(form.code, { name: 'gone' });
    await r.waitFor((q) => q.length === 1);
    const [delivery] = await until(
      () => deliveries(id),
      (d) => d[0]?.attemptCount === 1,
    );
    expect(delivery!.status).toBe('pending');
    const list = await t.request('/v1/webhooks', { key });
    expect(list.body.data.webhooks.find((w: { id: string }) => w.id === id).isActive).toBe(false);
    await new Promise((res) => setTimeout(res, 200));
    expect(r.requests).toHaveLength(1);
    r.behave(() => ({ status: 204 }));
    await t.request(`/v1/webhooks/${id}`, { method: 'PATCH', key, json: { isActive: true } });
    await r.waitFor((q) => q.length === 2);
    expect(r.requests[1]!.headers['webhook-id']).toBe(delivery!.id);
  });

  it('a hanging receiver hits the timeout and holds up neither the API nor other endpoints', async () => {
    const hanging = await receiver(() => 'hang');
    const healthy = await receiver();
    const slow = await endpoint(hanging.url);
    await endpoint(healthy.url);
    const form = await publishedForm();
    const started = Date.now();
    await submit(form.code, { name: 'h1' });
    await healthy.waitFor((q) => q.length === 1, 2000);
    expect(Date.now() - started).toBeLessThan(1000);
    const [delivery] = await until(
      () => deliveries(slow.id),
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
    );
    expect(delivery!.attempts[0]).toMatchObject({ ok: false, statusCode: null });
    expect(delivery!.attempts[0]!.error).toMatch(/timed out after 400 ms/);
    expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(390);
    expect(delivery!.attempts[0]!.durationMs).toBeLessThan(1500);
  });

  it('does not follow redirects and reads at most 1 KB of an answer', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 307, headers: { location: target.url } }));
    const chatty = await receiver(() => ({ status: 500, body: 'x'.repeat(100_000) }));
    const a = await endpoint(redirecting.url);
    const b = await endpoint(chatty.url);
    const form = await publishedForm();
    await submit(form.code, { name: 'r' });
    const [redirected] = await until(
      () => deliveries(a.id),
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
    );
    expect(redirected!.attempts[0]).toMatchObject({ statusCode: 307, ok: false });
    expect(target.requests).toHaveLength(0);
    const [capped] = await until(
      () => deliveries(b.id),
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
    );
    expect(capped!.attempts[0]!.responseBody).toHaveLength(1024);
  });

  it('POST /webhooks/:id/test sends a signed sample event', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url);
    const res = await t.request(`/v1/webhooks/${id}/test`, {
      method: 'POST',
      key,
      json: { type: 'FORM_PUBLISHED' },
    });
    expect(res.status).toBe(202);
    expect(WebhookDelivery.parse(res.body.data)).toMatchObject({
      eventType: 'FORM_PUBLISHED',
      status: 'pending',
    });
    await r.waitFor((q) => q.length === 1);
    const q = r.requests[0] as Received;
    expect(q.headers['webhook-id']).toBe(res.body.data.id);
    const event = await verifyWebhook({ payload: q.body, headers: q.headers, secret });
    expect(event.type).toBe('FORM_PUBLISHED');
    const byDefault = await t.request(`/v1/webhooks/${id}/test`, { method: 'POST', key, json: {} });
    expect(byDefault.body.data.eventType).toBe('FORM_RESPONSE_CREATED');
  });

  it("the sample response carries a repeating section's entries, shaped as a real response's are", async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url);
    expect((await t.request(`/v1/webhooks/${id}/test`, { method: 'POST', key, json: {} })).status).toBe(202);
    /** The n-th request the receiver took (from 1), verified: a response's event. */
    const responseEvent = async (n: number) => {
      await r.waitFor((q) => q.length === n);
      const q = r.requests[n - 1]!;
      const event = await verifyWebhook({ payload: q.body, headers: q.headers, secret });
      if (event.type !== 'FORM_RESPONSE_CREATED') throw new Error(`unexpected ${event.type}`);
      return event;
    };
    const sample = await responseEvent(1);
    expect(sample.data.formTitle).toBe('Formloom test event');
    expect(sample.data.answers).toEqual({
      name: { question: 'Name', answer: 'Ada Lovelace' },
      email: { question: 'Email', answer: 'ada@example.com' },
      guests: {
        question: 'Guests',
        answer: [{ guest: 'Charles Babbage', age: 41 }, { guest: 'Mary Somerville' }],
        entries: [
          {
            guest: { question: 'Guest name', answer: 'Charles Babbage' },
            age: { question: 'Age', answer: 41 },
          },
          { guest: { question: 'Guest name', answer: 'Mary Somerville' } },
        ],
      },
    });

    // A real response of a form with a repeating section: the same keys, the entries labelled alike.
    const form = await publishedForm(key, guestsSchema('single-column'));
    await submit(form.code, { host: 'Ann', guests: [{ name: 'Ada', age: 40 }] });
    const real = await responseEvent(2);
    const shape = (answer: object) => Object.keys(answer).sort();
    expect(shape(real.data.answers.guests!)).toEqual(shape(sample.data.answers.guests!));
    expect(real.data.answers.guests!.entries).toEqual([
      { name: { question: 'Guest name', answer: 'Ada' }, age: { question: 'Age', answer: 40 } },
    ]);
  });

  it('archiving emits FORM_RESPONSES_LIMIT_REACHED and FORM_EXPIRED', async () => {
    const r = await receiver();
    await endpoint(r.url, ['FORM_RESPONSES_LIMIT_REACHED', 'FORM_EXPIRED']);
    const full = await publishedForm();
    await t.request(`/v1/forms/${full.id}`, {
      method: 'PATCH',
      key,
      json: { settings: { maxResponses: 1 } },
    });
    await submit(full.code, { name: 'last' });
    const expiring = await publishedForm();
    await t.request(`/v1/forms/${expiring.id}`, {
      method: 'PATCH',
      key,
      json: { expiresAt: new Date(Date.now() + 300).toISOString() },
    });
    await new Promise((res) => setTimeout(res, 400));
    await t.request(`/v1/forms/${expiring.id}`, { key });
    await r.waitFor((q) => q.length === 2);
    expect(events(r)).toMatchObject([
      { type: 'FORM_RESPONSES_LIMIT_REACHED', data: { formId: full.id, maxResponses: 1, responseCount: 1 } },
      { type: 'FORM_EXPIRED', data: { formId: expiring.id } },
    ]);
    // Archived once, so announced once.
    await t.request(`/v1/forms/${expiring.id}`, { key });
    await new Promise((res) => setTimeout(res, 200));
    expect(r.requests).toHaveLength(2);
  });
});
