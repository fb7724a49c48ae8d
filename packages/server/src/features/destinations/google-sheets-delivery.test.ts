import { randomUUID } from 'node:crypto';
import type { FormSchema } from '@formloom/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  arrivalOrder,
  publishedForm,
  SIGNUP_ANSWERS,
  signupSchema,
  submitAnswers,
  until,
} from '../../../test/support/destination-kit.js';
import { type GoogleStandIn, startGoogleStandIn } from '../../../test/support/google-stand-in.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker.js';
import { mailSender } from '../notifications/index.js';

const PASSWORD = 'sheets password 1';
const ORIGIN = 'https://forms.example.test';
const HEADER = [
  'Response ID',
  'Submitted at',
  'Name',
  'Score',
  'Plan',
  'Colours',
  'Day',
  'Email',
  'Phone',
  'Website',
  'Terms',
];

describeDialects('Google Sheets destinations: OAuth and delivery through the outbox', (dialect) => {
  let t: WebhookTestServer;
  let google: GoogleStandIn;
  let smtp: SmtpStandIn;
  let worker: OutboxWorker;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    smtp = await startSmtpStandIn();
    t = await startWebhookTestServer({
      dialect,
      worker: false,
      config: {
        google: {
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          oauthBase: google.url,
          sheetsBase: google.url,
        },
      },
    });
    // The app's channels, with mails going to the SMTP stand-in.
    worker = startOutboxWorker({
      db: t.db,
      box: t.services.box,
      allowPrivateTargets: true,
      retryBaseMs: 30,
      pollIntervalMs: 20,
      timeoutMs: 2000,
      wake: t.signals.outbox,
      senders: [
        ...t.services.outboxSenders.filter((s) => s.channel !== 'email'),
        mailSender(t.db, {
          accounts: t.services.accounts,
          mailer: createMailer({
            smtpUrl: smtp.url,
            from: 'Formloom <forms@formloom.test>',
            logger: createLogger({ level: 'silent' }),
          }),
        }),
      ],
    });
  });
  afterEach(() => google.behave(() => 'ok'));
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await google.close();
    await smtp.close();
  });

  /** An owner signed in to the dashboard, with a published form: their cookie, key and form. */
  async function owner(schema: FormSchema = signupSchema()) {
    const form = await publishedForm(t, schema);
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const user = await t.services.users.create({
      account: form.accountId,
      email,
      password: PASSWORD,
      role: 'owner',
    });
    const res = await fetch(`${t.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { ...form, email, userId: user.id, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
  }

  /** The start route as the dashboard calls it, with the member's cookie. */
  async function start(cookie: string, formId: string) {
    const res = await fetch(`${t.url}/v1/forms/${formId}/destinations/google/start`, {
      headers: { cookie, origin: ORIGIN },
    });
    return { status: res.status, body: await res.json() };
  }

  /** Google's consent screen passed: the callback's URL it sends the browser to. */
  async function consent(url: string): Promise<URL> {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  /** The browser back at the callback: where it is sent next. */
  async function callback(back: URL, cookie?: string) {
    const res = await fetch(`${t.url}${back.pathname}${back.search}`, {
      headers: cookie === undefined ? {} : { cookie },
      redirect: 'manual',
    });
    return { status: res.status, location: res.headers.get('location') };
  }

  /** Start, consent and callback: the destination made, and its spreadsheet. */
  async function connect(o: { cookie: string; formId: string; key: string }) {
    const started = await start(o.cookie, o.formId);
    expect(started.status).toBe(200);
    const answer = await callback(await consent(started.body.data.url), o.cookie);
    expect(answer).toEqual({ status: 303, location: `/app/forms/${o.formId}/destinations?google=connected` });
    const listed = await t.request(`/v1/forms/${o.formId}/destinations`, { key: o.key });
    const destination = listed.body.data.destinations.at(-1);
    return { destination, spreadsheetId: destination.target.spreadsheetId as string };
  }

  const rows = (spreadsheetId: string) => google.rows(spreadsheetId, 'Responses');
  const sheetsCalls = (spreadsheetId: string) =>
    google.requests
      .filter((r) => r.path.includes(spreadsheetId))
      .map((r) => `${r.method} ${decodeURIComponent(r.path.split(spreadsheetId)[1]!)}`);

  it("connects through Google's consent screen: a spreadsheet named after the form with a header row, the grant sealed", async () => {
    const o = await owner();
    const started = await start(o.cookie, o.formId);
    const url = new URL(started.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: `${ORIGIN}/v1/destinations/google/callback`,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.file',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    const answer = await callback(await consent(url.href), o.cookie);
    expect(answer.location).toBe(`/app/forms/${o.formId}/destinations?google=connected`);

    const listed = await t.request(`/v1/forms/${o.formId}/destinations`, { key: o.key });
    const [destination] = listed.body.data.destinations;
    expect(destination).toMatchObject({
      kind: 'google_sheets',
      target: { sheet: 'Responses' },
      status: 'active',
    });
    const book = google.spreadsheets().find((s) => s.id === destination.target.spreadsheetId)!;
    expect(book).toMatchObject({ title: 'Signup (Formloom responses)', sheets: ['Responses'] });
    expect(rows(book.id)).toEqual([HEADER]);

    // The refresh token is sealed and never read back.
    const refreshToken = google.refreshTokens.at(-1)!;
    const stored = JSON.stringify([
      await t.db.selectFrom('outbox_targets').selectAll().where('id', '=', destination.id).execute(),
      await t.db.selectFrom('destinations').selectAll().where('id', '=', destination.id).execute(),
    ]);
    expect(stored).not.toContain(refreshToken);
    expect(stored).toMatch(/"config_sealed":"v1\./);
    expect(JSON.stringify(listed.body)).not.toContain(refreshToken);

    const log = await t.request(`/v1/audit-log?targetId=${destination.id}`, { key: o.key });
    expect(
      log.body.data.entries.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id]),
    ).toEqual([['destination.created', o.userId]]);
  });

  it('writes a response as a row, updates it after an edit, deletes it after a deletion', async () => {
    const o = await owner();
    const refreshes = () => google.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
    const before = refreshes();
    const { spreadsheetId } = await connect(o);
    const first = await submitAnswers(t, o.code);
    // Written before the second comes, so each is its own append (two at once share one).
    await until(() => rows(spreadsheetId).length === 2);
    const second = await submitAnswers(t, o.code, { ...SIGNUP_ANSWERS, name: 'Grace' });
    await until(() => rows(spreadsheetId).length === 3);
    const [, row] = rows(spreadsheetId);
    expect(row![0]).toBe(first.responseId);
    expect(row![1]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row!.slice(2)).toEqual([
      'Ada',
      7,
      'Pro',
      'Red, Blue',
      '2026-12-24',
      'ada@example.com',
      '+4915112345678',
      'https://example.com/ada',
      true,
    ]);

    const { site: _site, ...rest } = SIGNUP_ANSWERS;
    const edited = await t.request(`/v1/public/forms/${o.code}/responses/${first.editToken}`, {
      method: 'PUT',
      json: { answers: { ...rest, name: 'Ada L.' } },
    });
    expect(edited.status).toBe(200);
    await until(() => rows(spreadsheetId)[1]?.[2] === 'Ada L.');
    expect(rows(spreadsheetId)[1]![9] ?? '').toBe('');
    expect(rows(spreadsheetId)).toHaveLength(3);

    const deleted = await t.request(`/v1/forms/${o.formId}/responses/${first.responseId}`, {
      method: 'DELETE',
      key: o.key,
    });
    expect(deleted.status).toBe(200);
    await until(() => rows(spreadsheetId).length === 2);
    expect(rows(spreadsheetId).map((r) => r[0])).toEqual(['Response ID', second.responseId]);
    // One append a response; an edit and a deletion read column A to find the row first.
    expect(sheetsCalls(spreadsheetId)).toEqual([
      "POST /values/'Responses'!A1:append",
      "POST /values/'Responses'!A1:append",
      "GET /values/'Responses'!A:A",
      "PUT /values/'Responses'!A2:K2",
      "GET /values/'Responses'!A:A",
      'POST :batchUpdate',
    ]);
    // One access token from the refresh token, kept for the six requests.
    expect(refreshes() - before).toBe(1);
  });

  it('adds a new field as a column at the end, and keeps a renamed field in its column', async () => {
    const o = await owner();
    const { spreadsheetId } = await connect(o);
    await submitAnswers(t, o.code);
    await until(() => rows(spreadsheetId).length === 2);

    const schema = signupSchema();
    schema.fields = schema.fields.map((f) => (f.id === 'name' ? { ...f, label: 'Full name' } : f));
    schema.fields.splice(1, 0, {
      id: 'city',
      type: 'text',
      label: 'City',
      sectionId: 'main',
      order: 1,
    } as FormSchema['fields'][number]);
    schema.fields = schema.fields.map((f, i) => ({ ...f, order: i }));
    const patched = await t.request(`/v1/forms/${o.formId}`, {
      method: 'PATCH',
      key: o.key,
      json: { schema },
    });
    expect(patched.status).toBe(200);

    const { responseId } = await submitAnswers(t, o.code, { ...SIGNUP_ANSWERS, name: 'Lin', city: 'Oslo' });
    await until(() => rows(spreadsheetId).length === 3);
    expect(rows(spreadsheetId)[0]).toEqual([...HEADER.map((h) => (h === 'Name' ? 'Full name' : h)), 'City']);
    const last = rows(spreadsheetId)[2]!;
    expect([last[0], last[2], last[11]]).toEqual([responseId, 'Lin', 'Oslo']);
  });

  it('a 429 is retried after its wait and makes one row', async () => {
    const o = await owner();
    const { spreadsheetId } = await connect(o);
    let first = true;
    google.behave((r) => {
      if (r.method === 'POST' && r.path.endsWith(':append') && first) {
        first = false;
        return { status: 429, retryAfterSeconds: 0 };
      }
      return 'ok';
    });
    const { responseId } = await submitAnswers(t, o.code);
    await until(() => rows(spreadsheetId).length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(rows(spreadsheetId).map((r) => r[0])).toEqual(['Response ID', responseId]);
    // A 429 says nothing was written: the retry appends without reading column A.
    expect(sheetsCalls(spreadsheetId)).toEqual([
      "POST /values/'Responses'!A1:append",
      "POST /values/'Responses'!A1:append",
    ]);
  });

  it('a 5xx after the append was written: the retry reads column A and appends nothing twice', async () => {
    const o = await owner();
    const { spreadsheetId } = await connect(o);
    let first = true;
    google.behave((r) => {
      if (r.method === 'POST' && r.path.endsWith(':append') && first) {
        first = false;
        return { afterWrite: 503 };
      }
      return 'ok';
    });
    const { responseId } = await submitAnswers(t, o.code);
    await until(() => sheetsCalls(spreadsheetId).includes("GET /values/'Responses'!A:A"));
    await new Promise((r) => setTimeout(r, 300));
    expect(rows(spreadsheetId).map((r) => r[0])).toEqual(['Response ID', responseId]);
    expect(sheetsCalls(spreadsheetId)).toEqual([
      "POST /values/'Responses'!A1:append",
      "GET /values/'Responses'!A:A",
    ]);
  });

  it('a revoked grant turns the destination failing at once and mails the owners', async () => {
    const o = await owner();
    const { destination, spreadsheetId } = await connect(o);
    await submitAnswers(t, o.code);
    await until(() => rows(spreadsheetId).length === 2);
    google.revoke(google.refreshTokens.at(-1)!);
    // The sender's cached access token now meets a 401; the refresh that follows, invalid_grant.
    await submitAnswers(t, o.code, { ...SIGNUP_ANSWERS, name: 'Eve' });
    await until(async () => {
      const listed = await t.request(`/v1/forms/${o.formId}/destinations`, { key: o.key });
      return listed.body.data.destinations[0].status === 'failing';
    });
    await until(() => smtp.mails.some((m) => m.to.includes(o.email)));
    const mail = parseMail(smtp.mails.find((m) => m.to.includes(o.email))!.raw);
    expect(mail.headers.subject).toBe('Google Sheets stopped receiving responses: Signup');
    expect(mail.text).toContain(`${ORIGIN}/app/forms/${o.formId}/destinations`);
    expect(rows(spreadsheetId)).toHaveLength(2);
    const attempts = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.error'])
      .where('d.endpoint_id', '=', destination.id)
      .where('a.error', 'is not', null)
      .execute();
    // Disabled on the first failure, not after several.
    expect(attempts.map((a) => a.error)).toEqual(['google: the grant was revoked (invalid_grant)']);
  });

  it('backfills 25 existing responses on connect, 20 rows a request', async () => {
    const o = await owner();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await submitAnswers(t, o.code, { ...SIGNUP_ANSWERS, name: `P${i}` })).responseId);
    const { spreadsheetId } = await connect(o);
    await until(() => rows(spreadsheetId).length === 26);
    expect(
      rows(spreadsheetId)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(await arrivalOrder(t, o.formId));
    expect((await arrivalOrder(t, o.formId)).sort()).toEqual([...ids].sort());
    const appends = google.requests.filter(
      (r) => r.path.includes(spreadsheetId) && r.path.endsWith(':append'),
    );
    expect(appends.map((r) => (r.body as { values: unknown[] }).values.length)).toEqual([20, 5]);
  });

  it('writes a burst of responses up to 20 rows an append, each once', async () => {
    const o = await owner();
    const { spreadsheetId } = await connect(o);
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        submitAnswers(t, o.code, { ...SIGNUP_ANSWERS, name: `B${i}` }).then((r) => r.responseId),
      ),
    );
    await until(() => rows(spreadsheetId).length === 41);
    await new Promise((r) => setTimeout(r, 300));
    const written = rows(spreadsheetId)
      .slice(1)
      .map((r) => r[0]);
    expect([...written].sort()).toEqual([...ids].sort());
    const appends = google.requests.filter(
      (r) => r.path.includes(spreadsheetId) && r.path.endsWith(':append'),
    );
    const sizes = appends.map((r) => (r.body as { values: unknown[] }).values.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    // Responses queued behind one another share an append: fewer requests than responses.
    expect(appends.length).toBeLessThan(40);
  });

  it('refuses a state used before, forged, or started by a member of another account', async () => {
    const o = await owner();
    const started = await start(o.cookie, o.formId);
    const back = await consent(started.body.data.url);
    // Another account's member finishing this member's flow.
    const other = await owner();
    expect(await callback(back, other.cookie)).toEqual({
      status: 303,
      location: `/app/forms/${o.formId}/destinations?google=error`,
    });
    // That used the state: the right member cannot finish it with it either.
    expect((await callback(back, o.cookie)).location).toBe(
      `/app/forms/${o.formId}/destinations?google=error`,
    );

    const again = await consent((await start(o.cookie, o.formId)).body.data.url);
    expect((await callback(again, o.cookie)).location).toBe(
      `/app/forms/${o.formId}/destinations?google=connected`,
    );
    expect((await callback(again, o.cookie)).location).toBe(
      `/app/forms/${o.formId}/destinations?google=error`,
    );

    const forged = new URL(again);
    forged.searchParams.set('state', `v1.${Buffer.from('{"accountId":"x"}').toString('base64')}`);
    expect((await callback(forged, o.cookie)).location).toBe('/app?google=error');

    const listed = await t.request(`/v1/forms/${o.formId}/destinations`, { key: o.key });
    expect(listed.body.data.destinations).toHaveLength(1);
    expect(
      (await t.request(`/v1/forms/${other.formId}/destinations`, { key: other.key })).body.data.destinations,
    ).toEqual([]);
  });

  it('sends the person back with google=denied when they refuse at Google, connecting nothing', async () => {
    const o = await owner();
    const started = await start(o.cookie, o.formId);
    google.deny();
    let back: URL;
    try {
      back = await consent(started.body.data.url);
    } finally {
      google.deny(false);
    }
    expect(await callback(back, o.cookie)).toEqual({
      status: 303,
      location: `/app/forms/${o.formId}/destinations?google=denied`,
    });
    expect(
      (await t.request(`/v1/forms/${o.formId}/destinations`, { key: o.key })).body.data.destinations,
    ).toEqual([]);
  });

  it('refuses a token or a target for a Google Sheets destination: it is connected again through Google', async () => {
    const o = await owner();
    const { destination } = await connect(o);
    const res = await t.request(`/v1/forms/${o.formId}/destinations/${destination.id}`, {
      method: 'PATCH',
      key: o.key,
      json: { credentials: { token: 'stolen' } },
    });
    expect(res.status).toBe(400);
  });
});

describeDialects('Google Sheets on a server without a Google OAuth client', (dialect) => {
  let t: WebhookTestServer;
  beforeAll(async () => {
    t = await startWebhookTestServer({ dialect, worker: false });
  });
  afterAll(() => t.close());

  it('answers 409 GOOGLE_NOT_CONFIGURED to the start', async () => {
    const { key, formId } = await publishedForm(t);
    const res = await t.request(`/v1/forms/${formId}/destinations/google/start`, { key });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('GOOGLE_NOT_CONFIGURED');
  });
});
