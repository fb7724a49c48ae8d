import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AirtableStandIn, startAirtableStandIn } from '../../../test/support/airtable-stand-in.js';
import { publishedForm, submitAnswers, until } from '../../../test/support/destination-kit.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';

const COLUMNS = [
  'Name',
  'Score',
  'Plan',
  'Colours',
  'Day',
  'Email',
  'Phone',
  'Website',
  'Terms',
  'Response ID',
];

interface LoggedDelivery {
  id: string;
  destinationId: string;
  eventType: string;
  status: string;
  payload: Record<string, unknown>;
  attempts: { attempt: number; statusCode: number | null; ok: boolean }[];
}

describeDialects("A destination's delivery log", (dialect) => {
  let t: WebhookTestServer;
  let airtable: AirtableStandIn;
  beforeAll(async () => {
    airtable = await startAirtableStandIn();
    t = await startWebhookTestServer({
      dialect,
      appSenders: true,
      config: { airtableApiBase: airtable.url },
      worker: { retryBaseMs: 30, pollIntervalMs: 20 },
    });
  });
  afterAll(async () => {
    await t.close();
    await airtable.close();
  });

  /** An account's published form, connected to a table of a new base. */
  async function connected(extra: object = {}) {
    const form = await publishedForm(t);
    const base = airtable.createBase({ Signups: COLUMNS });
    const res = await t.request(`/v1/forms/${form.formId}/destinations`, {
      method: 'POST',
      key: form.key,
      json: {
        kind: 'airtable',
        target: { baseId: base.baseId, table: 'Signups' },
        credentials: { token: base.token },
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    return { ...form, ...base, id, path: `/v1/forms/${form.formId}/destinations/${id}/deliveries` };
  }

  const log = async (s: { key: string; path: string }, query = '') => {
    const res = await t.request(`${s.path}${query}`, { key: s.key });
    expect(res.status).toBe(200);
    return res.body.data as { deliveries: LoggedDelivery[]; total: number; hasMore: boolean };
  };

  it('lists the backfill and each response, newest first, with the attempts; a redelivery writes the record once', async () => {
    const form = await publishedForm(t);
    const first = await submitAnswers(t, form.code, { name: 'Before' });
    const base = airtable.createBase({ Signups: COLUMNS });
    const created = await t.request(`/v1/forms/${form.formId}/destinations`, {
      method: 'POST',
      key: form.key,
      json: {
        kind: 'airtable',
        target: { baseId: base.baseId, table: 'Signups' },
        credentials: { token: base.token },
      },
    });
    const s = {
      ...form,
      id: created.body.data.id as string,
      path: `/v1/forms/${form.formId}/destinations/${created.body.data.id}/deliveries`,
    };
    await until(() => airtable.records(base.baseId, 'Signups').length === 1);
    const { responseId } = await submitAnswers(t, form.code, { name: 'After' });
    await until(async () => (await log(s, '?status=succeeded')).total === 2);

    const page = await log(s);
    expect(page.total).toBe(2);
    expect(page.deliveries.map((d) => [d.eventType, d.status, d.destinationId])).toEqual([
      ['FORM_RESPONSE_CREATED', 'succeeded', s.id],
      ['DESTINATION_BACKFILL', 'succeeded', s.id],
    ]);
    expect(page.deliveries[1]!.payload).toEqual({ formId: form.formId, responseIds: [first.responseId] });
    expect(page.deliveries[0]!.payload).toMatchObject({
      type: 'FORM_RESPONSE_CREATED',
      data: { responseId, formId: form.formId },
    });
    expect(page.deliveries[0]!.attempts).toMatchObject([{ attempt: 1, statusCode: 200, ok: true }]);
    expect((await log(s, '?status=failed')).total).toBe(0);
    expect((await log(s, '?limit=1')).hasMore).toBe(true);

    const again = await t.request(`${s.path}/${page.deliveries[0]!.id}/redeliver`, {
      method: 'POST',
      key: form.key,
    });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({
      eventType: 'FORM_RESPONSE_CREATED',
      status: 'pending',
      destinationId: s.id,
      attempts: [],
    });
    expect(again.body.data.id).not.toBe(page.deliveries[0]!.id);
    await until(async () => (await log(s, '?status=succeeded')).total === 3);
    // The record of that response was written already: the redelivery writes it again, not a second one.
    const records = airtable.records(base.baseId, 'Signups');
    expect(records.map((r) => r.fields.Name).sort()).toEqual(['After', 'Before']);
  });

  it("another account's ids, a webhook's delivery and an unknown delivery are 404; a paused destination takes no redelivery (409)", async () => {
    const s = await connected();
    await submitAnswers(t, s.code);
    await until(async () => (await log(s, '?status=succeeded')).total === 1);
    const [delivery] = (await log(s)).deliveries;
    const other = await connected();
    const redeliver = (path: string, key: string) =>
      t.request(`${path}/${delivery!.id}/redeliver`, { method: 'POST', key });
    const answers = await Promise.all([
      t.request(s.path, { key: other.key }),
      redeliver(s.path, other.key),
      // This destination's id under the other account's own form, and the other's destination.
      t.request(`/v1/forms/${other.formId}/destinations/${s.id}/deliveries`, { key: other.key }),
      redeliver(`/v1/forms/${other.formId}/destinations/${s.id}/deliveries`, other.key),
      redeliver(other.path, other.key),
      t.request(`${s.path}/${crypto.randomUUID()}/redeliver`, { method: 'POST', key: s.key }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);

    // A webhook endpoint of the same account is not a destination, nor its deliveries this one's.
    const hook = await t.request('/v1/webhooks', {
      method: 'POST',
      key: s.key,
      json: { url: 'http://127.0.0.1:9/hook', events: ['FORM_RESPONSE_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const hookId = hook.body.data.id as string;
    const test = await t.request(`/v1/webhooks/${hookId}/test`, { method: 'POST', key: s.key });
    expect(test.status).toBe(202);
    const asDestination = await Promise.all([
      t.request(`/v1/forms/${s.formId}/destinations/${hookId}/deliveries`, { key: s.key }),
      t.request(`${s.path}/${test.body.data.id}/redeliver`, { method: 'POST', key: s.key }),
    ]);
    expect(asDestination.map((a) => a.status)).toEqual([404, 404]);

    const paused = await t.request(`/v1/forms/${s.formId}/destinations/${s.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { enabled: false },
    });
    expect(paused.body.data.status).toBe('paused');
    const refused = await redeliver(s.path, s.key);
    expect(refused.status).toBe(409);
    expect((await log(s)).total).toBe(1);
  });
});
