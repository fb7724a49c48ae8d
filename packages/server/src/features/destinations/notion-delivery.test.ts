import type { FormSchema } from '@formloom/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  arrivalOrder,
  dropConnectionCheck,
  publishedForm,
  SIGNUP_ANSWERS,
  signupSchema,
  submitAnswers,
  until,
} from '../../../test/support/destination-kit.js';
import {
  type NotionPage,
  type NotionStandIn,
  startNotionStandIn,
} from '../../../test/support/notion-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';

/** The data source: a title none of the fields is named like, and a property per field. */
const PROPERTIES = {
  Entry: 'title',
  Name: 'rich_text',
  Points: 'number',
  Plan: 'select',
  Colours: 'multi_select',
  Day: 'date',
  Email: 'email',
  Phone: 'phone_number',
  Website: 'url',
  Terms: 'checkbox',
  Owner: 'people',
  'Response ID': 'rich_text',
};

/** The sign-up form with an option whose label has a comma, and a field the data source has no property for. */
function schema(): FormSchema {
  const form = signupSchema();
  const plan = form.fields.find((f) => f.id === 'plan') as { options: { label: string }[] };
  plan.options[1]!.label = 'Pro, yearly';
  form.fields.push({
    id: 'note',
    type: 'text',
    label: 'Not in the data source',
    sectionId: 'main',
    order: 9,
  });
  return form;
}

const ANSWERS = { ...SIGNUP_ANSWERS, note: 'left out' };

/** A page's values as plain data: texts joined, options by name, a date's start. */
function plain(page: NotionPage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(page.properties)) {
    const value = property[property.type];
    if (property.type === 'title' || property.type === 'rich_text') {
      out[name] = (value as { plain_text: string }[]).map((p) => p.plain_text).join('');
    } else if (property.type === 'select') out[name] = (value as { name: string } | null)?.name ?? null;
    else if (property.type === 'multi_select') out[name] = (value as { name: string }[]).map((o) => o.name);
    else if (property.type === 'date') out[name] = (value as { start: string } | null)?.start ?? null;
    else out[name] = value;
  }
  return out;
}

describeDialects('Notion destinations through the outbox', (dialect) => {
  let t: WebhookTestServer;
  let notion: NotionStandIn;
  beforeAll(async () => {
    notion = await startNotionStandIn();
    t = await startWebhookTestServer({
      dialect,
      appSenders: true,
      config: { notionApiBase: notion.url },
      worker: { retryBaseMs: 30, pollIntervalMs: 20 },
    });
  });
  afterEach(() => notion.behave(() => 'ok'));
  afterAll(async () => {
    await t.close();
    await notion.close();
  });

  /** An account with a published form that takes edits, and a Notion data source for it. */
  async function setUp(properties: Record<string, string> = PROPERTIES) {
    const form = await publishedForm(t, schema());
    return { ...form, ...notion.createDataSource(properties) };
  }

  const post = (
    s: { key: string; formId: string; dataSourceId: string; token: string },
    extra: object = {},
  ) =>
    t.request(`/v1/forms/${s.formId}/destinations`, {
      method: 'POST',
      key: s.key,
      json: {
        kind: 'notion',
        target: { dataSourceId: s.dataSourceId },
        credentials: { token: s.token },
        fieldMap: { score: 'Points' },
        ...extra,
      },
    });

  /**
   * Connects, and leaves the connection's check (the data source read, a query by a response id
   * no page has) out of the requests the test reads.
   */
  const connect = async (s: Parameters<typeof post>[0], extra: object = {}) => {
    const from = notion.requests.length;
    const res = await post(s, extra);
    dropConnectionCheck(notion.requests, from, (r) => r.dataSourceId === s.dataSourceId, 2);
    return res;
  };

  const submit = (code: string, answers: Record<string, unknown> = ANSWERS) =>
    submitAnswers(t, code, answers);

  const ofSource = (id: string) => notion.requests.filter((r) => r.dataSourceId === id);
  /** Each request as `METHOD path`, the data source's id and page ids left out. */
  const calls = (id: string) =>
    ofSource(id).map(
      (r) => `${r.method} ${r.path.split('/')[0]}${r.path.endsWith('/query') ? '/query' : ''}`,
    );

  const attemptsOf = (destinationId: string) =>
    t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.status_code', 'a.ok', 'a.error', 'a.response_body'])
      .where('d.endpoint_id', '=', destinationId)
      // Attempts the integration's limit postponed sent nothing (the connection's check takes its points too).
      .where((eb) => eb.or([eb('a.error', 'is', null), eb('a.error', 'not like', 'postponed:%')]))
      .orderBy('a.started_at')
      .orderBy('a.attempt')
      .execute();

  it('connects without reading the token back, reads the properties, and writes a response as one page', async () => {
    const s = await setUp();
    const res = await connect(s);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      formId: s.formId,
      kind: 'notion',
      target: { dataSourceId: s.dataSourceId },
      fieldMap: { score: 'Points' },
      enabled: true,
      status: 'active',
    });
    const listed = await t.request(`/v1/forms/${s.formId}/destinations`, { key: s.key });
    expect(listed.body.data.destinations).toEqual([res.body.data]);
    expect(JSON.stringify([res.body, listed.body])).not.toContain(s.token);

    const { responseId } = await submit(s.code);
    await until(() => notion.pages(s.dataSourceId).length === 1);
    const [page] = notion.pages(s.dataSourceId);
    expect(plain(page!)).toEqual({
      Entry: 'Ada',
      Name: 'Ada',
      Points: 7,
      // Notion refuses a comma in an option's name.
      Plan: 'Pro  yearly',
      Colours: ['Red', 'Blue'],
      Day: '2026-12-24',
      Email: 'ada@example.com',
      Phone: '+4915112345678',
      Website: 'https://example.com/ada',
      Terms: true,
      'Response ID': responseId,
    });
    // The properties are read first, then the page is made, each with the API version of data sources.
    expect(calls(s.dataSourceId)).toEqual(['GET data_sources', 'POST pages']);
    expect(ofSource(s.dataSourceId).every((r) => r.notionVersion === '2025-09-03')).toBe(true);
    expect(ofSource(s.dataSourceId)[1]!.body).toMatchObject({
      parent: { type: 'data_source_id', data_source_id: s.dataSourceId },
    });
    // The delivery log keeps the page's id, not a copy of the answers Notion echoes.
    await until(async () => (await attemptsOf(res.body.data.id)).length === 1);
    const [logged] = await attemptsOf(res.body.data.id);
    expect(logged!.response_body).toBe(JSON.stringify({ pages: [page!.id] }));
  });

  it('an edit updates the page, emptying a cleared property; a deletion moves it to the trash', async () => {
    const s = await setUp();
    await connect(s);
    const { responseId, editToken } = await submit(s.code);
    await until(() => notion.pages(s.dataSourceId).length === 1);
    const pageId = notion.pages(s.dataSourceId)[0]!.id;

    const { site: _site, ...rest } = ANSWERS;
    const edited = await t.request(`/v1/public/forms/${s.code}/responses/${editToken}`, {
      method: 'PUT',
      json: { answers: { ...rest, name: 'Ada L.' } },
    });
    expect(edited.status).toBe(200);
    await until(() => plain(notion.pages(s.dataSourceId)[0]!).Name === 'Ada L.');
    const [page] = notion.pages(s.dataSourceId);
    expect(page!.id).toBe(pageId);
    expect(plain(page!)).toMatchObject({ Entry: 'Ada L.', Website: null, Points: 7 });

    const deleted = await t.request(`/v1/forms/${s.formId}/responses/${responseId}`, {
      method: 'DELETE',
      key: s.key,
    });
    expect(deleted.status).toBe(200);
    await until(() => notion.pages(s.dataSourceId)[0]!.in_trash);
    expect(notion.pages(s.dataSourceId)).toHaveLength(1);
    expect(calls(s.dataSourceId)).toEqual(['GET data_sources', 'POST pages', 'PATCH pages', 'PATCH pages']);
    expect(ofSource(s.dataSourceId).at(-1)!.body).toEqual({ in_trash: true });
  });

  it('a 429 is retried after its Retry-After and makes one page', async () => {
    const s = await setUp();
    await connect(s);
    let first = true;
    notion.behave((r) => {
      if (r.dataSourceId !== s.dataSourceId || r.method !== 'POST' || !first) return 'ok';
      first = false;
      return { status: 429, retryAfterSeconds: 1 };
    });
    await submit(s.code);
    await until(() => notion.pages(s.dataSourceId).length === 1);
    const [, throttled, written] = ofSource(s.dataSourceId);
    expect(written!.at - throttled!.at).toBeGreaterThanOrEqual(950);
    // A 429 means nothing was written: the retry creates without a lookup.
    expect(calls(s.dataSourceId)).toEqual(['GET data_sources', 'POST pages', 'POST pages']);
  });

  it('a 5xx after the page was made is followed by a lookup by response id, not a second page', async () => {
    const s = await setUp();
    const { body } = await connect(s);
    let first = true;
    notion.behave((r) => {
      if (r.dataSourceId !== s.dataSourceId || r.method !== 'POST' || !first) return 'ok';
      first = false;
      return { afterWrite: 502 };
    });
    const { responseId } = await submit(s.code);
    await until(async () => {
      const d = await t.db
        .selectFrom('destination_records')
        .select('record_id')
        .where('response_id', '=', responseId)
        .executeTakeFirst();
      return (d?.record_id ?? '') !== '';
    });
    expect(notion.pages(s.dataSourceId)).toHaveLength(1);
    expect(calls(s.dataSourceId)).toEqual(['GET data_sources', 'POST pages', 'POST data_sources/query']);
    expect(ofSource(s.dataSourceId)[2]!.body).toEqual({
      filter: { property: 'Response ID', rich_text: { equals: responseId } },
      page_size: 1,
    });
    const kept = await t.db
      .selectFrom('destination_records')
      .select('record_id')
      .where('response_id', '=', responseId)
      .executeTakeFirstOrThrow();
    expect(kept.record_id).toBe(notion.pages(s.dataSourceId)[0]!.id);
    await until(async () => (await attemptsOf(body.data.id)).length === 2);
    const attempts = await attemptsOf(body.data.id);
    expect(attempts.map((a) => [Number(a.status_code), Number(a.ok)])).toEqual([
      [502, 0],
      [200, 1],
    ]);
  });

  it('a revoked token fails each delivery at once and turns the destination off after five', async () => {
    const s = await setUp();
    const { body } = await connect(s);
    notion.revoke(s.dataSourceId);
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
    expect(ofSource(s.dataSourceId)).toHaveLength(5);
    const sent = await attemptsOf(body.data.id);
    expect(sent.map((a) => Number(a.status_code))).toEqual([401, 401, 401, 401, 401]);
    expect(sent[0]!.error).toContain('notion: HTTP 401 unauthorized');
  });

  it('a data source without a "Response ID" rich text property, or a token Notion refuses, is a 400 at once', async () => {
    const { 'Response ID': _id, ...without } = PROPERTIES;
    const s = await setUp(without);
    const res = await post(s);
    expect([res.status, res.body.issues[0].path]).toEqual([400, 'body.target']);
    expect(res.body.message).toContain('no rich text property "Response ID"');
    expect(calls(s.dataSourceId)).toEqual(['GET data_sources']);
    const other = await setUp();
    const refused = await post({ ...other, token: 'ntn_not_the_token' });
    expect([refused.status, refused.body.issues[0].path]).toEqual([400, 'body.credentials']);
    const unknown = await post({ ...other, dataSourceId: crypto.randomUUID() });
    expect([unknown.status, unknown.body.issues[0].path]).toEqual([400, 'body.target']);
    for (const form of [s, other]) {
      const listed = await t.request(`/v1/forms/${form.formId}/destinations`, { key: form.key });
      expect(listed.body.data.destinations).toEqual([]);
    }
  });

  it('backfills existing responses a page a request, within three requests a second', async () => {
    const s = await setUp();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await submit(s.code, { ...ANSWERS, name: `P${i}` })).responseId);
    const connected = await connect(s);
    expect(connected.status).toBe(201);
    await until(() => notion.pages(s.dataSourceId).length === 7);
    const came = await arrivalOrder(t, s.formId);
    expect([...came].sort()).toEqual([...ids].sort());
    const written = notion.pages(s.dataSourceId).map((p) => plain(p)['Response ID']);
    // A page a delivery, each once. In the order they came when every delivery went on its first
    // attempt; one postponed or timed out on a busy machine is retried after those behind it.
    expect([...written].sort()).toEqual([...came].sort());
    const attempts = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select('a.attempt')
      .where('d.endpoint_id', '=', connected.body.data.id)
      .execute();
    if (attempts.length === 7) expect(written).toEqual(came);
    // Spread at one request per 344 ms: over the whole run, three a second at most. (Gaps between
    // neighbours are not compared: a request delayed on a busy machine arrives closer to the next.)
    const times = ofSource(s.dataSourceId).map((r) => r.at);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * 344 - 150);
    expect(notion.throttled).toBe(0);
  });

  it("checks the target and credentials by kind; another account's destination is a 404", async () => {
    const s = await setUp();
    const path = `/v1/forms/${s.formId}/destinations`;
    const wrong = await Promise.all([
      connect(s, { target: { baseId: 'appAAAAAAAAAAAAAA', table: 'T' } }),
      connect(s, { target: { dataSourceId: 'not-an-id' } }),
      connect(s, { kind: 'airtable' }),
      connect(s, { credentials: {} }),
    ]);
    expect(wrong.map((r) => r.status)).toEqual([400, 400, 400, 400]);

    const { body } = await connect(s, { enabled: false });
    const airtableTarget = await t.request(`${path}/${body.data.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { target: { baseId: 'appAAAAAAAAAAAAAA', table: 'T' } },
    });
    expect(airtableTarget.status).toBe(400);
    const moved = await t.request(`${path}/${body.data.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { target: { dataSourceId: s.dataSourceId.replace(/-/g, '') } },
    });
    expect(moved.status).toBe(200);

    const other = await setUp();
    const answers = await Promise.all([
      t.request(path, { key: other.key }),
      connect({ ...other, formId: s.formId }),
      t.request(`${path}/${body.data.id}`, { method: 'PATCH', key: other.key, json: { enabled: true } }),
      t.request(`${path}/${body.data.id}`, { method: 'DELETE', key: other.key }),
      t.request(`/v1/forms/${other.formId}/destinations/${body.data.id}`, {
        method: 'DELETE',
        key: other.key,
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
  });
});
