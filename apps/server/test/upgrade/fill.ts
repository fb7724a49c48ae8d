/**
 * Fills an installation of the previous release through its public API and CLI, as a user would,
 * then writes what it reads back (expected.fixture.json) and what a user was shown once (secrets.fixture.json).
 * Run by make-fixtures.sh (which starts nothing else):
 *
 *   node --conditions=source --import tsx apps/server/test/upgrade/fill.ts \
 *     <release bin/formloom.js> <data dir> <out dir> [postgres url]
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startDiscordStandIn,
  startReceiver,
  startSlackStandIn,
  surveySchema,
  TINY_PNG,
} from '@formloom/server/testing';
import { printedKey, startServe } from '../support.js';
import { cliJson, PREVIOUS_RELEASE, patientApi, readBack, SECRET_KEY, type Secrets } from './upgrade-kit.js';

const [bin, dataDir, outDir, databaseUrl] = process.argv.slice(2);
if (!bin || !dataDir || !outDir) throw new Error('usage: fill.ts <bin> <data dir> <out dir> [postgres url]');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

// The webhook receiver: .../ok answers 200, .../fail 500, .../flaky 500 to a delivery's first
// attempt and 200 to its retry, .../gone 410 (which disables its endpoint at once).
const seen = new Set<string>();
const receiver = await startReceiver(
  (r) => {
    const first = !seen.has(String(r.headers['webhook-id']));
    seen.add(String(r.headers['webhook-id']));
    const status = r.path.endsWith('/fail')
      ? 500
      : r.path.endsWith('/gone')
        ? 410
        : r.path.endsWith('/flaky') && first
          ? 500
          : 200;
    return { status, body: status === 200 ? 'thanks' : 'nope' };
  },
  0,
  '/hooks',
);
const hooks = receiver.url;
const slack = await startSlackStandIn();
const discord = await startDiscordStandIn();

const env: Record<string, string> = {
  FORMLOOM_SECRET_KEY: SECRET_KEY,
  FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
  FORMLOOM_WEBHOOK_RETRY_BASE_MS: '20',
  FORMLOOM_WEBHOOK_TIMEOUT_MS: '2000',
  FORMLOOM_SLACK_CLIENT_ID: slack.clientId,
  FORMLOOM_SLACK_CLIENT_SECRET: slack.clientSecret,
  FORMLOOM_SLACK_API_BASE_URL: slack.apiBaseUrl,
  FORMLOOM_DISCORD_WEBHOOK_BASES: discord.base,
  ...(databaseUrl ? { FORMLOOM_DATABASE_URL: databaseUrl } : {}),
};
const cliEnv = { FORMLOOM_DATA_DIR: dataDir, ...env };
const cli = (argv: string[], stdin?: string) => cliJson(bin, cliEnv, argv, stdin);

const serve = await startServe(dataDir, env, [process.execPath, bin]);
try {
  const bootstrapKey = printedKey(serve)!;
  const api = patientApi(serve.port, bootstrapKey);
  const origin = api.base;
  async function call(path: string, init: { method?: string; json?: unknown; expect?: number } = {}) {
    const res = await api.call(path, { method: init.method ?? 'POST', json: init.json });
    if (res.status !== (init.expect ?? (init.method ? 200 : 201))) {
      throw new Error(`${init.method ?? 'POST'} ${path}: ${res.status} ${res.text}`);
    }
    return res.body.data;
  }

  // Operator: credits, a user, keys (one revoked, one rotated out).
  await cli(['credits', 'grant', '--account', 'default', '--amount', '500', '--reason', 'upgrade fixture']);
  const user = { email: 'ada@example.com', password: 'upgrade fixture password' };
  await cli(
    ['users', 'create', '--account', 'default', '--email', user.email, '--password-stdin'],
    `${user.password}\n`,
  );
  const keys: Secrets['keys'] = [];
  const made = async (name: string, scopes: string[]) => {
    const k = await cli([
      'keys',
      'create',
      '--account',
      'default',
      '--name',
      name,
      '--scopes',
      scopes.join(','),
    ]);
    return { id: k.id as string, token: k.apiKey as string };
  };
  const reader = await made('reader', ['FORMS_READ', 'RESPONSES_READ']);
  keys.push({
    name: 'reader',
    token: reader.token,
    scopes: ['FORMS_READ', 'RESPONSES_READ'],
    state: 'active',
  });
  const hooksKey = await made('hooks', ['WEBHOOKS_READ', 'WEBHOOKS_WRITE']);
  keys.push({
    name: 'hooks',
    token: hooksKey.token,
    scopes: ['WEBHOOKS_READ', 'WEBHOOKS_WRITE'],
    state: 'active',
  });
  const revoked = await made('revoked', ['FORMS_READ']);
  await cli(['keys', 'revoke', revoked.id]);
  keys.push({ name: 'revoked', token: revoked.token, scopes: ['FORMS_READ'], state: 'revoked' });
  const old = await made('rotated', ['FORMS_READ', 'SMART_FORMS_READ']);
  const rotated = await cli(['keys', 'rotate', old.id, '--grace', '1s']);
  keys.push({
    name: 'rotated',
    token: old.token,
    scopes: ['FORMS_READ', 'SMART_FORMS_READ'],
    state: 'rotated-out',
  });
  const rotatedSuccessor = rotated.apiKey as string;

  // Chat connections, made on the page as a person does: Discord by URL, Slack by OAuth.
  const login = await fetch(`${origin}/integrations/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(user),
    redirect: 'manual',
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const page = await (await fetch(`${origin}/integrations`, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  const discordConnected = await fetch(`${origin}/integrations/discord`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, url: discord.webhookUrl() }),
    redirect: 'manual',
  });
  if (discordConnected.status !== 303) throw new Error(`discord: ${discordConnected.status}`);
  const start = await fetch(`${origin}/integrations/slack/start`, {
    headers: { cookie },
    redirect: 'manual',
  });
  const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
  const callback = await fetch(
    `${origin}/integrations/slack/callback?code=${slack.issueCode({ channel: 'support' })}&state=${encodeURIComponent(state)}`,
    { headers: { cookie }, redirect: 'manual' },
  );
  if (callback.status !== 303) throw new Error(`slack: ${callback.status} ${await callback.text()}`);

  // Webhook endpoints, before the forms so their events are delivered.
  const webhookSecrets: Record<string, string> = {};
  const endpoint = async (path: string, events: string[], description: string) => {
    const created = await call('/v1/webhooks', { json: { url: `${hooks}${path}`, events, description } });
    webhookSecrets[created.id] = created.secret;
    return created.id as string;
  };
  const okWebhookId = await endpoint(
    '/ok',
    [
      'FORM_CREATED',
      'FORM_PUBLISHED',
      'FORM_UNPUBLISHED',
      'FORM_RESPONSE_CREATED',
      'FORM_RESPONSES_LIMIT_REACHED',
    ],
    'answers 200',
  );
  await endpoint('/flaky', ['FORM_RESPONSE_CREATED'], 'fails once per delivery');
  await endpoint('/fail', ['FORM_RESPONSE_CREATED', 'FORM_PUBLISHED'], 'answers 500');
  await endpoint('/gone', ['FORM_PUBLISHED'], 'answers 410');

  // Forms: a draft, a published one with responses and files, one unpublished, one archived (full).
  await call('/v1/forms', { json: { title: 'Draft survey', schema: surveySchema('de') } });
  const survey = await call('/v1/forms', { json: { title: 'Pet survey', schema: surveySchema() } });
  const code = (await call(`/v1/forms/${survey.id}/publish`, { method: 'POST' })).shareUrl as string;
  const uploads: Record<string, string> = {};
  const upload = async (file: Buffer, name: string) => {
    const body = new FormData();
    body.append('fieldId', 'photo');
    body.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${origin}/v1/public/forms/${code}/uploads`, { method: 'POST', body });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const data = ((await res.json()) as { data: Record<string, unknown> }).data;
    uploads[data.uploadId as string] = createHash('sha256').update(file).digest('hex');
    return data;
  };
  const submit = async (shareCode: string, answers: Record<string, unknown>) => {
    const res = await fetch(`${origin}/v1/public/forms/${shareCode}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers }),
    });
    if (res.status !== 201) throw new Error(`submit: ${res.status} ${await res.text()}`);
  };
  const base = { name: 'Ada', email: 'ada@example.com', hasPets: 'no', topic: 'food' };
  await submit(code, { ...base, photo: await upload(TINY_PNG, 'cat.png') });
  await submit(code, {
    ...base,
    name: 'Bo',
    topic: 'other',
    details: 'Ünïcödé ✓ "quotes"',
    photo: await upload(PDF, 'vet.pdf'),
  });
  await submit(code, {
    ...base,
    name: 'Cy',
    hasPets: 'yes',
    petName: 'Rex',
    kinds: ['dog', 'cat'],
    visit: '2026-01-31',
  });
  await submit(code, { ...base, name: 'Di' });
  await submit(code, { ...base, name: 'Ed' });

  const later = await call('/v1/forms', { json: { title: 'Unpublished again', schema: surveySchema('es') } });
  await call(`/v1/forms/${later.id}/publish`, { method: 'POST' });
  await call(`/v1/forms/${later.id}/unpublish`, { method: 'POST' });

  const full = surveySchema();
  full.settings = { ...full.settings, maxResponses: 1 };
  const limited = await call('/v1/forms', { json: { title: 'One answer only', schema: full } });
  const limitedCode = (await call(`/v1/forms/${limited.id}/publish`, { method: 'POST' })).shareUrl as string;
  await submit(limitedCode, { ...base, name: 'Only' });

  // A smart form with two finished interviews (offline provider), and one left a draft.
  const smart = await call('/v1/smart-forms', {
    json: { purpose: 'Understand why customers cancel and what would have made them stay.', maxQuestions: 5 },
  });
  const smartCode = (await call(`/v1/smart-forms/${smart.id}/publish`, { method: 'POST' }))
    .shareUrl as string;
  await call('/v1/smart-forms', {
    json: { purpose: 'Learn what new users find confusing.', title: 'Onboarding' },
  });
  for (const answers of [
    ['Too expensive for us.', 'A cheaper plan.'],
    ['Missing exports.', 'CSV export.'],
  ]) {
    const s = await api.call(`/v1/public/smart-forms/${smartCode}/sessions`, {
      method: 'POST',
      key: null,
      json: {},
    });
    if (s.status !== 201) throw new Error(`session: ${s.status} ${s.text}`);
    const { sessionId, sessionToken } = s.body.data;
    let step = s.body.data;
    for (let i = 0; !step.done; i++) {
      const res = await fetch(`${origin}/v1/public/smart-forms/${smartCode}/sessions/${sessionId}/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-token': sessionToken },
        body: JSON.stringify({
          questionId: step.question.id,
          answer: answers[Math.min(i, answers.length - 1)],
        }),
      });
      if (res.status !== 200) throw new Error(`answer: ${res.status} ${await res.text()}`);
      step = ((await res.json()) as { data: typeof step }).data;
    }
    await fetch(`${origin}/v1/public/smart-forms/${smartCode}/sessions/${sessionId}/finish`, {
      method: 'POST',
      headers: { 'x-session-token': sessionToken },
    });
    for (let i = 0; ; i++) {
      const detail = await call(`/v1/smart-forms/${smart.id}/sessions/${sessionId}`, { method: 'GET' });
      if (detail.analysis !== null) break;
      if (i > 300) throw new Error(`session ${sessionId} not analysed`);
      await sleep(50);
    }
  }

  // An AI job (offline provider) and the analytics signing secret.
  const job = await call('/v1/ai/generate-form', {
    json: { prompt: 'A short feedback form for a bakery' },
    expect: 202,
  });
  const aiJobIds = [job.jobId as string];
  for (let i = 0; ; i++) {
    const state = await call(`/v1/ai/jobs/${job.jobId}`, { method: 'GET' });
    if (state.status === 'DONE' || state.status === 'FAILED') break;
    if (i > 300) throw new Error('AI job did not finish');
    await sleep(50);
  }
  await call('/v1/analytics/signing-secret');

  // Let every delivery settle: none pending on an active endpoint (a disabled one keeps its own).
  for (let i = 0; ; i++) {
    const webhooks = (await call('/v1/webhooks', { method: 'GET' })).webhooks as {
      id: string;
      isActive: boolean;
    }[];
    let busy = 0;
    for (const w of webhooks.filter((x) => x.isActive)) {
      busy += (await call(`/v1/webhooks/${w.id}/deliveries?status=pending&limit=100`, { method: 'GET' }))
        .deliveries.length;
    }
    if (busy === 0 && discord.posts.length > 0 && slack.messages.length > 0) break;
    if (i > 600) throw new Error('deliveries did not settle');
    await sleep(100);
  }
  await sleep(1500); // past the rotated key's grace, and any last chat post

  const secrets: Secrets = {
    release: PREVIOUS_RELEASE,
    bootstrapKey,
    keys,
    rotatedSuccessor,
    webhookSecrets,
    okWebhookId,
    user,
    aiJobIds,
    uploads,
  };
  const expected = await readBack(serve.port, bootstrapKey, (argv) => cli(argv), secrets);
  writeFileSync(join(outDir, 'secrets.fixture.json'), `${JSON.stringify(secrets, null, 2)}\n`);
  writeFileSync(join(outDir, 'expected.fixture.json'), `${JSON.stringify(expected, null, 2)}\n`);
} finally {
  serve.child.kill('SIGTERM');
  await serve.exited;
  await slack.close();
  await discord.close();
  await receiver.close();
}
