import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type AirtableStandIn, startAirtableStandIn } from '../../../test/support/airtable-stand-in.js';
import {
  arrivalOrder,
  dropConnectionCheck,
  publishedForm,
  SIGNUP_ANSWERS,
  submitAnswers,
  until,
} from '../../../test/support/destination-kit.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';
import { CHECK_RESPONSE_ID } from './destination-providers.js';

const COLUMNS = [
  'Name',
  'Points',
  'Plan',
  'Colours',
  'Day',
  'Email',
  'Phone',
  'Website',
  'Terms',
  'Response ID',
];

const ANSWERS = SIGNUP_ANSWERS;

describeDialects('Airtable destinations through the outbox', (dialect) => {
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
  afterEach(() => airtable.behave(() => 'ok'));
  afterAll(async () => {
    await t.close();
    await airtable.close();
  });

  /** An account with a published form that takes edits, and an Airtable base for it. */
  async function setUp() {
    const form = await publishedForm(t);
    return { ...form, ...airtable.createBase({ Signups: COLUMNS }) };
  }

  const post = (s: { key: string; formId: string; baseId: string; token: string }, extra: object = {}) =>
    t.request(`/v1/forms/${s.formId}/destinations`, {
      method: 'POST',
      key: s.key,
      json: {
        kind: 'airtable',
        target: { baseId: s.baseId, table: 'Signups' },
        credentials: { token: s.token },
        fieldMap: { score: 'Points' },
        ...extra,
      },
    });
  /** Connects, and leaves the connection's check (one lookup) out of the requests the test reads. */
  const connect = async (s: Parameters<typeof post>[0], extra: object = {}) => {
    const from = airtable.requests.length;
    const res = await post(s, extra);
    dropConnectionCheck(airtable.requests, from, (r) => r.url.includes(CHECK_RESPONSE_ID), 1);
    return res;
  };

  const submit = (code: string, answers?: Record<string, unknown>) => submitAnswers(t, code, answers);

  const ofBase = (baseId: string) => airtable.requests.filter((r) => r.baseId === baseId);

  it('connects without reading the token back, and writes a response as one record with typed cells', async () => {
    const s = await setUp();
    const res = await post(s);
    expect(res.status).toBe(201);
    // The token and table were tried first: a lookup of a response id no record has.
    const [check] = ofBase(s.baseId);
    expect(check!.method).toBe('GET');
    expect(new URL(check!.url, airtable.url).searchParams.get('filterByFormula')).toBe(
      `OR({Response ID}='${CHECK_RESPONSE_ID}')`,
    );
    airtable.requests.splice(airtable.requests.indexOf(check!), 1);
    expect(res.body.data).toMatchObject({
      formId: s.formId,
      kind: 'airtable',
      target: { baseId: s.baseId, table: 'Signups' },
      fieldMap: { score: 'Points' },
      enabled: true,
      status: 'active',
    });
    const listed = await t.request(`/v1/forms/${s.formId}/destinations`, { key: s.key });
    expect(listed.body.data.destinations).toEqual([res.body.data]);
    expect(JSON.stringify([res.body, listed.body])).not.toContain(s.token);
    const sealed = await t.db
      .selectFrom('outbox_targets')
      .select('config_sealed')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(sealed.config_sealed).toMatch(/^v1\./);
    expect(sealed.config_sealed).not.toContain(s.token.slice(3, 20));

    const { responseId } = await submit(s.code);
    await until(() => airtable.records(s.baseId, 'Signups').length === 1);
    expect(airtable.records(s.baseId, 'Signups')[0]!.fields).toEqual({
      Name: 'Ada',
      Points: 7,
      Plan: 'Pro',
      Colours: ['Red', 'Blue'],
      Day: '2026-12-24',
      Email: 'ada@example.com',
      Phone: '+4915112345678',
      Website: 'https://example.com/ada',
      Terms: true,
      'Response ID': responseId,
    });
    // One request for one response, with the base's token.
    expect(ofBase(s.baseId).map((r) => r.method)).toEqual(['POST']);
    expect(ofBase(s.baseId)[0]!.body).toMatchObject({ typecast: true });
    // The delivery log keeps the record's id, not a copy of the answers Airtable echoes.
    await until(async () => {
      const logged = await t.db
        .selectFrom('outbox_delivery_attempts as a')
        .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
        .select('a.response_body')
        .where('d.endpoint_id', '=', res.body.data.id)
        .execute();
      return logged.length === 1;
    });
    const [logged] = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select('a.response_body')
      .where('d.endpoint_id', '=', res.body.data.id)
      .execute();
    const recordId = airtable.records(s.baseId, 'Signups')[0]!.id;
    expect(logged!.response_body).toBe(JSON.stringify({ records: [recordId] }));
  });

  it('an edit updates the record, emptying a cleared cell; a deletion removes it', async () => {
    const s = await setUp();
    await connect(s);
    const { responseId, editToken } = await submit(s.code);
    await until(() => airtable.records(s.baseId, 'Signups').length === 1);
    const recordId = airtable.records(s.baseId, 'Signups')[0]!.id;

    const { site: _site, ...rest } = ANSWERS;
    const edited = await t.request(`/v1/public/forms/${s.code}/responses/${editToken}`, {
      method: 'PUT',
      json: { answers: { ...rest, name: 'Ada L.' } },
    });
    expect(edited.status).toBe(200);
    await until(() => airtable.records(s.baseId, 'Signups')[0]?.fields.Name === 'Ada L.');
    const [record] = airtable.records(s.baseId, 'Signups');
    expect(record!.id).toBe(recordId);
    expect(record!.fields).not.toHaveProperty('Website');
    expect(airtable.records(s.baseId, 'Signups')).toHaveLength(1);

    const deleted = await t.request(`/v1/forms/${s.formId}/responses/${responseId}`, {
      method: 'DELETE',
      key: s.key,
    });
    expect(deleted.status).toBe(200);
    await until(() => airtable.records(s.baseId, 'Signups').length === 0);
    expect(ofBase(s.baseId).map((r) => r.method)).toEqual(['POST', 'PATCH', 'DELETE']);
  });

  it('a 429 is retried after its Retry-After and makes one record', async () => {
    const s = await setUp();
    await connect(s);
    let first = true;
    airtable.behave((r) => {
      if (r.baseId !== s.baseId || !first) return 'ok';
      first = false;
      return { status: 429, retryAfterSeconds: 1 };
    });
    await submit(s.code);
    await until(() => airtable.records(s.baseId, 'Signups').length === 1);
    const [throttled, written] = ofBase(s.baseId);
    expect(written!.at - throttled!.at).toBeGreaterThanOrEqual(950);
    // A 429 means nothing was written: the retry creates without a lookup.
    expect(ofBase(s.baseId).map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('a 5xx after the record was written is followed by a lookup, not a second record', async () => {
    const s = await setUp();
    await connect(s);
    let first = true;
    airtable.behave((r) => {
      if (r.baseId !== s.baseId || !first) return 'ok';
      first = false;
      return { afterWrite: 503 };
    });
    const { responseId } = await submit(s.code);
    await until(() => ofBase(s.baseId).length >= 2);
    await until(async () => {
      const d = await t.db
        .selectFrom('destination_records')
        .select('record_id')
        .where('response_id', '=', responseId)
        .executeTakeFirst();
      return (d?.record_id ?? '') !== '';
    });
    expect(airtable.records(s.baseId, 'Signups')).toHaveLength(1);
    const [create, lookup] = ofBase(s.baseId);
    expect(create!.method).toBe('POST');
    expect(lookup!.method).toBe('GET');
    expect(new URL(lookup!.url, airtable.url).searchParams.get('filterByFormula')).toBe(
      `OR({Response ID}='${responseId}')`,
    );
    expect(ofBase(s.baseId)).toHaveLength(2);

    // The attempt log: the 503, then the lookup's success.
    const destination = await t.db
      .selectFrom('destinations')
      .select('id')
      .where('form_id', '=', s.formId)
      .executeTakeFirstOrThrow();
    const attemptsOf = () =>
      t.db
        .selectFrom('outbox_delivery_attempts as a')
        .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.status_code', 'a.ok'])
        .where('d.endpoint_id', '=', destination.id)
        .orderBy('a.attempt')
        .execute();
    await until(async () => (await attemptsOf()).length === 2);
    const attempts = await attemptsOf();
    expect(attempts.map((a) => [Number(a.status_code), Number(a.ok)])).toEqual([
      [503, 0],
      [200, 1],
    ]);
  });

  it('a create whose answer never comes (the server stopped waiting) is looked up, not made again', async () => {
    const s = await setUp();
    await connect(s);
    let first = true;
    airtable.behave((r) => {
      if (r.baseId !== s.baseId || !first) return 'ok';
      first = false;
      return 'hangAfterWrite';
    });
    const { responseId } = await submit(s.code);
    await until(() => ofBase(s.baseId).length >= 2);
    await until(async () => {
      const d = await t.db
        .selectFrom('destination_records')
        .select('record_id')
        .where('response_id', '=', responseId)
        .executeTakeFirst();
      return (d?.record_id ?? '') !== '';
    });
    expect(airtable.records(s.baseId, 'Signups')).toHaveLength(1);
    expect(ofBase(s.baseId).map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a revoked token fails each delivery at once and turns the destination off after five', async () => {
    const s = await setUp();
    const { body } = await connect(s);
    airtable.revoke(s.baseId);
    for (let i = 0; i < 5; i++) await submit(s.code, { ...ANSWERS, name: `N${i}` });
    await until(async () => {
      const listed = await t.request(`/v1/forms/${s.formId}/destinations`, { key: s.key });
      return listed.body.data.destinations[0].status === 'failing';
    });
    const listed = await t.request(`/v1/forms/${s.formId}/destinations`, { key: s.key });
    expect(listed.body.data.destinations[0]).toMatchObject({
      id: body.data.id,
      enabled: false,
      status: 'failing',
    });
    // Five requests, each answered 401, none retried.
    expect(ofBase(s.baseId)).toHaveLength(5);
    const attempts = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.error'])
      .where('d.endpoint_id', '=', body.data.id)
      // Beside them, attempts the base's five requests a second postponed, which sent nothing.
      .where((eb) => eb.or([eb('a.error', 'is', null), eb('a.error', 'not like', 'postponed:%')]))
      .execute();
    expect(attempts).toHaveLength(5);
    expect(attempts[0]!.error).toContain('airtable: HTTP 401 AUTHENTICATION_REQUIRED');

    // A response while it is off is not queued for it.
    await submit(s.code);
    await new Promise((r) => setTimeout(r, 200));
    expect(ofBase(s.baseId)).toHaveLength(5);
  });

  it('backfills 25 existing responses in three requests of at most ten, within five requests a second', async () => {
    const s = await setUp();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await submit(s.code, { ...ANSWERS, name: `P${i}` })).responseId);
    const res = await connect(s);
    expect(res.status).toBe(201);
    await until(() => airtable.records(s.baseId, 'Signups').length === 25);
    const posts = ofBase(s.baseId).filter((r) => r.method === 'POST');
    expect(posts.map((p) => (p.body as { records: unknown[] }).records.length)).toEqual([10, 10, 5]);
    const came = await arrivalOrder(t, s.formId);
    expect([...came].sort()).toEqual([...ids].sort());
    expect(airtable.records(s.baseId, 'Signups').map((r) => r.fields['Response ID'])).toEqual(came);
    // A new response after the backfill is written once, after them.
    const { responseId } = await submit(s.code);
    await until(() => airtable.records(s.baseId, 'Signups').length === 26);
    expect(airtable.records(s.baseId, 'Signups').at(-1)!.fields['Response ID']).toBe(responseId);
    expect(airtable.throttled).toBe(0);
  });

  it("writes a burst of responses ten a request, each once, within the base's five requests a second", async () => {
    const s = await setUp();
    await connect(s);
    const ids = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) => (await submit(s.code, { ...ANSWERS, name: `B${i}` })).responseId,
      ),
    );
    await until(async () => {
      const pending = await t.db
        .selectFrom('outbox_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('event_type', '=', 'FORM_RESPONSE_CREATED')
        .execute();
      return airtable.records(s.baseId, 'Signups').length === 60 && pending.length === 0;
    });
    const written = airtable.records(s.baseId, 'Signups').map((r) => r.fields['Response ID']);
    expect([...written].sort()).toEqual([...ids].sort());
    const posts = ofBase(s.baseId).filter((r) => r.method === 'POST');
    expect(posts.every((p) => (p.body as { records: unknown[] }).records.length <= 10)).toBe(true);
    // Responses that queued up while a request was out share the next one.
    console.log(
      ofBase(s.baseId)
        .map(
          (r) =>
            `${r.method}${(r.body as { records?: unknown[] } | null)?.records?.length ?? ''}@${r.at % 100000}`,
        )
        .join(' '),
    );
    expect(ofBase(s.baseId).length).toBeLessThan(20);
    const times = ofBase(s.baseId).map((r) => r.at);
    for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(900);
    expect(airtable.throttled).toBe(0);
  });

  it('a token, base or table Airtable refuses is a 400 naming it, and nothing is kept', async () => {
    const s = await setUp();
    const path = `/v1/forms/${s.formId}/destinations`;
    const noTable = await post(s, { target: { baseId: s.baseId, table: 'Nope' } });
    expect([noTable.status, noTable.body.issues[0].path]).toEqual([400, 'body.target']);
    const noBase = await post(s, { target: { baseId: 'appZZZZZZZZZZZZZZ', table: 'Signups' } });
    expect([noBase.status, noBase.body.issues[0].path]).toEqual([400, 'body.target']);
    const badToken = await post(s, { credentials: { token: 'patNotTheToken' } });
    expect([badToken.status, badToken.body.issues[0].path]).toEqual([400, 'body.credentials']);
    expect(badToken.body.message).toContain('Airtable refused the token');
    expect(JSON.stringify(badToken.body)).not.toContain('patNotTheToken');
    expect((await t.request(path, { key: s.key })).body.data.destinations).toEqual([]);

    // A PATCH to a table that does not exist is tried too, with the kept token.
    const { body } = await connect(s);
    const moved = await t.request(`${path}/${body.data.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { target: { baseId: s.baseId, table: 'Nope' } },
    });
    expect([moved.status, moved.body.issues[0].path]).toEqual([400, 'body.target']);
    const kept = await t.request(path, { key: s.key });
    expect(kept.body.data.destinations[0].target).toEqual({ baseId: s.baseId, table: 'Signups' });
  });

  it("another account's form or destination is a 404; a paused destination writes nothing", async () => {
    const s = await setUp();
    const { body } = await connect(s, { enabled: false });
    expect(body.data).toMatchObject({ enabled: false, status: 'paused' });
    const other = await setUp();
    const path = `/v1/forms/${s.formId}/destinations`;
    const answers = await Promise.all([
      t.request(path, { key: other.key }),
      connect({ ...other, formId: s.formId }),
      t.request(`${path}/${body.data.id}`, { method: 'PATCH', key: other.key, json: { enabled: true } }),
      t.request(`${path}/${body.data.id}`, { method: 'DELETE', key: other.key }),
      // The id under the other account's own form.
      t.request(`/v1/forms/${other.formId}/destinations/${body.data.id}`, {
        method: 'DELETE',
        key: other.key,
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);

    await submit(s.code);
    await new Promise((r) => setTimeout(r, 200));
    expect(ofBase(s.baseId)).toHaveLength(0);

    const resumed = await t.request(`${path}/${body.data.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { enabled: true },
    });
    expect(resumed.body.data).toMatchObject({ enabled: true, status: 'active' });
    const removed = await t.request(`${path}/${body.data.id}`, { method: 'DELETE', key: s.key });
    expect(removed.body.data).toEqual({ id: body.data.id, deleted: true });
    expect((await t.request(path, { key: s.key })).body.data.destinations).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', body.data.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'destination.created',
      'destination.updated',
      'destination.deleted',
    ]);
  });
});
