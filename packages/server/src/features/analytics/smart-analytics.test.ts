import { type SmartAnalyticsCallback, verifyAnalyticsCallback } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balanceOf, fundedAccount } from '../../../test/support/ai-test-kit.js';
import { guestsSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { type Receiver, startReceiver } from '../../../test/support/webhook-test-kit.js';

async function formWithResponses(t: TestServer, key: string) {
  const form = await t.request('/v1/forms', {
    method: 'POST',
    key,
    json: {
      title: 'Event feedback',
      schema: {
        version: '1.0',
        schemaVersion: '2025-01-01',
        meta: { title: 'Event feedback', language: 'en' },
        sections: [{ id: 's', title: 'S', order: 0 }],
        fields: [{ id: 'score', sectionId: 's', type: 'number', label: 'Score', order: 0 }],
      },
    },
  });
  const id = form.body.data.id as string;
  const code = (await t.request(`/v1/forms/${id}/publish`, { method: 'POST', key })).body.data.shareUrl;
  for (const score of [3, 4, 5]) {
    await t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers: { score } } });
  }
  return id;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDialect(
  'smart analytics reports to a signed callback',
  (t) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    it('the signing secret: shown once, last 4 afterwards, sealed at rest, rotated on demand', async () => {
      const { key, accountId } = await fundedAccount(t, 0, 'PRO');
      expect((await t.request('/v1/analytics/signing-secret', { key })).status).toBe(404);
      const created = await t.request('/v1/analytics/signing-secret', { method: 'POST', key });
      expect(created.status).toBe(201);
      const { secret, secretLast4 } = created.body.data;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(secretLast4).toBe(secret.slice(-4));
      const read = await t.request('/v1/analytics/signing-secret', { key });
      expect(read.body.data).toEqual({ secretLast4, createdAt: created.body.data.createdAt });
      const row = await t.db
        .selectFrom('analytics_secrets')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(secret.slice(6, 30));
      const rotated = await t.request('/v1/analytics/signing-secret', { method: 'POST', key });
      expect(rotated.body.data.secret).not.toBe(secret);
      // Rotating the secret that signs callbacks is a webhook write, not an analytics read.
      const readOnly = await t.account('PRO', ['ANALYTICS_READ']);
      const refused = await t.request('/v1/analytics/signing-secret', { method: 'POST', key: readOnly.key });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('WEBHOOKS_WRITE');
      expect((await t.request('/v1/analytics/signing-secret', { key: readOnly.key })).status).toBe(404);
      const writer = await t.account('PRO', ['WEBHOOKS_WRITE']);
      expect(
        (await t.request('/v1/analytics/signing-secret', { method: 'POST', key: writer.key })).status,
      ).toBe(201);
      const starter = await fundedAccount(t, 0, 'STARTER');
      expect(
        (await t.request('/v1/analytics/signing-secret', { method: 'POST', key: starter.key })).status,
      ).toBe(403);
    });

    it('a report reaches the receiver, signed; the SDK verifies it; 10 credits; readable by id', async () => {
      const { key, accountId } = await fundedAccount(t, 30, 'PRO');
      const formId = await formWithResponses(t, key);
      const noSecret = await t.request(`/v1/forms/${formId}/smart-analytics`, {
        method: 'POST',
        key,
        json: { callbackUrl: receiver.url },
      });
      expect(noSecret.status).toBe(400);
      expect(noSecret.body.message).toContain('POST /v1/analytics/signing-secret');
      const secret = (await t.request('/v1/analytics/signing-secret', { method: 'POST', key })).body.data
        .secret;
      const hook = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: `${receiver.url}/events`, events: ['ANALYTICS_REPORT_COMPLETED'] },
      });
      expect(hook.status).toBe(201);

      const before = receiver.requests.length;
      const accepted = await t.request(`/v1/forms/${formId}/smart-analytics`, {
        method: 'POST',
        key,
        json: { callbackUrl: receiver.url },
      });
      expect(accepted.status).toBe(202);
      const { jobId, reportId } = accepted.body.data;
      expect(await balanceOf(t, accountId)).toBe(20);
      await receiver.waitFor(
        (q) => q.slice(before).some((r) => r.path === new URL(receiver.url).pathname),
        15_000,
      );
      const delivery = receiver.requests
        .slice(before)
        .find((r) => r.path === new URL(receiver.url).pathname)!;
      const callback: SmartAnalyticsCallback = JSON.parse(
        await verifyAnalyticsCallback({ payload: delivery.body, headers: delivery.headers, secret }),
      );
      expect(callback).toMatchObject({ jobId, reportId, formId, status: 'DONE', creditsUsed: 10 });
      expect(callback.report!.metrics.responseCount).toBe(3);
      expect(callback.report!.metrics.fields.score).toMatchObject({
        numbers: { count: 3, mean: 4, median: 4 },
      });
      expect(callback.report!.ai).toMatchObject({ provider: 'offline', offline: true });
      await expect(
        verifyAnalyticsCallback({ payload: delivery.body, headers: delivery.headers, secret: 'whsec_AAAA' }),
      ).rejects.toThrow();

      const report = await waitFor(
        async () => (await t.request(`/v1/forms/${formId}/smart-analytics/${reportId}`, { key })).body.data,
        (r) => r.delivery.status === 'DELIVERED',
      );
      expect(report).toMatchObject({
        reportId,
        jobId,
        status: 'DONE',
        delivery: { status: 'DELIVERED', attempts: 1 },
      });
      expect(report.report.title).toBe('Responses to Event feedback');
      const events = await t.db
        .selectFrom('webhook_events')
        .select('type')
        .where('account_id', '=', accountId)
        .execute();
      expect(events.map((e) => e.type)).toContain('ANALYTICS_REPORT_COMPLETED');
      const other = await fundedAccount(t, 0, 'PRO');
      expect(
        (await t.request(`/v1/forms/${formId}/smart-analytics/${reportId}`, { key: other.key })).status,
      ).toBe(404);
    });

    it("counts a repeating section's fields over its entries, and carries the section's figures", async () => {
      const { key } = await fundedAccount(t, 30, 'PRO');
      const form = await publishForm(t, key, guestsSchema('single-column'));
      const bookings = [
        {
          host: 'Ann',
          guests: [
            { name: 'Ada', age: 40, meal: 'veg' },
            { name: 'Bo', age: 7 },
          ],
        },
        { host: 'Cy', guests: [{ name: 'Di', age: 30, meal: 'fish' }] },
        { host: 'Ed', guests: [{ name: 'Flo' }] },
      ];
      for (const answers of bookings) {
        const res = await t.request(`/v1/public/forms/${form.code}/responses`, {
          method: 'POST',
          json: { answers },
        });
        expect(res.status, res.text).toBe(201);
      }
      const secret = (await t.request('/v1/analytics/signing-secret', { method: 'POST', key })).body.data
        .secret;
      const receiving = await startReceiver();
      try {
        const accepted = await t.request(`/v1/forms/${form.id}/smart-analytics`, {
          method: 'POST',
          key,
          json: { callbackUrl: receiving.url },
        });
        expect(accepted.status).toBe(202);
        await receiving.waitFor((q) => q.length > 0, 15_000);
        const delivery = receiving.requests[0]!;
        const { report } = JSON.parse(
          await verifyAnalyticsCallback({ payload: delivery.body, headers: delivery.headers, secret }),
        ) as SmartAnalyticsCallback;
        // Answered in the entries: 4 names of 4 entries, 3 ages, 2 meals; none of them "unanswered".
        expect(report!.metrics.fields.name).toMatchObject({ section: 'guests', answered: 4, completion: 1 });
        expect(report!.metrics.fields.age).toMatchObject({ answered: 3, completion: 0.75 });
        expect(report!.metrics.fields.meal).toMatchObject({ answered: 2, options: { fish: 1, veg: 1 } });
        expect(report!.metrics.fields.host).toMatchObject({ answered: 3, completion: 1 });
        expect(report!.metrics.sections).toEqual({
          guests: {
            title: 'Guests',
            answered: 3,
            completion: 1,
            entries: 4,
            mean: 1.3333,
            distribution: [
              { value: 1, count: 2 },
              { value: 2, count: 1 },
            ],
          },
        });
        expect(report!.analysis).toContain('"Guests": 4 entries in 3 of 3 responses.');
      } finally {
        await receiving.close();
      }
    });

    it('a failing receiver is retried until it takes the report; a delivery held by a dead instance is taken over', async () => {
      const { key } = await fundedAccount(t, 30, 'PRO');
      const formId = await formWithResponses(t, key);
      await t.request('/v1/analytics/signing-secret', { method: 'POST', key });
      const flaky = await startReceiver((r) => ({ status: r.n <= 2 ? 500 : 204 }));
      try {
        const { reportId } = (
          await t.request(`/v1/forms/${formId}/smart-analytics`, {
            method: 'POST',
            key,
            json: { callbackUrl: flaky.url },
          })
        ).body.data;
        const report = await waitFor(
          async () => (await t.request(`/v1/forms/${formId}/smart-analytics/${reportId}`, { key })).body.data,
          (r) => r.delivery.status === 'DELIVERED',
        );
        expect(report.delivery).toEqual({ status: 'DELIVERED', attempts: 3, lastError: null });
        expect(flaky.requests).toHaveLength(3);
        // Every retry sends the same bytes.
        expect(new Set(flaky.requests.map((r) => r.body)).size).toBe(1);

        // A killed instance held the next delivery: its lease runs out and this one sends it.
        const second = (
          await t.request(`/v1/forms/${formId}/smart-analytics`, {
            method: 'POST',
            key,
            json: { callbackUrl: flaky.url },
          })
        ).body.data.reportId;
        await waitFor(
          async () => (await t.request(`/v1/forms/${formId}/smart-analytics/${second}`, { key })).body.data,
          (r) => r.delivery.status === 'DELIVERED',
        );
        const delivered = flaky.requests.length;
        await t.db
          .updateTable('analytics_reports')
          .set({ delivery_status: 'PENDING' })
          .where('id', '=', second)
          .execute();
        // The callback is an outbox delivery to the report's target (its id is the report id).
        await t.db
          .updateTable('outbox_deliveries')
          .set({ status: 'pending', next_attempt_at: '2000-01-01T00:00:00.000Z' })
          .where('endpoint_id', '=', second)
          .execute();
        await t.db
          .updateTable('outbox_targets')
          .set({
            is_active: 1,
            lease_owner: 'killed-instance',
            lease_until: '2000-01-01T00:00:00.000Z',
          })
          .where('id', '=', second)
          .execute();
        await flaky.waitFor((q) => q.length > delivered, 15_000);
        const again = await waitFor(
          async () => (await t.request(`/v1/forms/${formId}/smart-analytics/${second}`, { key })).body.data,
          (r) => r.delivery.status === 'DELIVERED',
        );
        expect(again.delivery.status).toBe('DELIVERED');
      } finally {
        await flaky.close();
      }
    });

    it('a callback URL the server does not accept is a 400', async () => {
      const { key } = await fundedAccount(t, 30, 'PRO');
      const formId = await formWithResponses(t, key);
      await t.request('/v1/analytics/signing-secret', { method: 'POST', key });
      const bad = await t.request(`/v1/forms/${formId}/smart-analytics`, {
        method: 'POST',
        key,
        json: { callbackUrl: 'https://user:pw@example.com/cb' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('callbackUrl: url must not carry a user name or password');
    });
  },
  { allowPrivateTargets: true, webhookWorker: {} },
);
