import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { verifyWebhook } from '@formloom/sdk';
import { createDb, parseSecretKey } from '@formloom/server';
import {
  createSecretBox,
  createTestDatabase,
  describeDialects,
  startReceiver,
  type TestDatabase,
} from '@formloom/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, cliIn, type Serve, startServe } from './support.js';
import { PREVIOUS_RELEASE, readBack, SECRET_KEY, type Secrets } from './upgrade/upgrade-kit.js';

/**
 * An upgrade never loses data (docs/self-hosting.md "How upgrades are tested"). The previous release
 * (PREVIOUS_RELEASE) filled a SQLite installation and a PostgreSQL one through its API and CLI
 * (upgrade/make-fixtures.sh) and recorded what it read back; this release starts on copies of them, migrates,
 * and must read back the same, through the API only (never the tables, whose shape later releases may
 * change).
 */
/** A form as `readBack` records it: its responses as listed and as read one by one. */
interface FormDetail {
  responses: Record<string, unknown>[];
  details: Record<string, { data: Record<string, unknown> }>;
}

/** A create the previous release answered under an Idempotency-Key, still within its 24 hours. */
const OLD_KEY = 'upgrade-0f3c-retried-create';
const OLD_CREATE = { title: 'Sent just before the upgrade' };
const OLD_ANSWER = {
  message: 'Form created',
  data: { id: '00000000-0000-4000-8000-00000000f0f0', title: OLD_CREATE.title },
  error: null,
};

/**
 * Writes the `idempotency_keys` row that PREVIOUS_RELEASE wrote for OLD_CREATE, into its database
 * before this release migrates it: its fingerprint is that release's, the SHA-256 of
 * `<method> <path>\n<body as JSON.stringify wrote it>` (features/idempotency of 5e9d1a6), and its
 * answer is sealed with the server key under the same context. Fixture rows are days old and so
 * expired; this one was written a minute ago, as by a client whose retry spans the upgrade.
 */
async function recordOldIdempotencyKey(dataDir: string, url: string | undefined, accountId: string) {
  const handle = await createDb({ dataDir, url, migrate: false });
  try {
    const now = new Date();
    const box = createSecretBox(parseSecretKey(SECRET_KEY));
    await handle.db
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key: OLD_KEY,
        fingerprint: createHash('sha256')
          .update(`POST /v1/forms\n${JSON.stringify(OLD_CREATE)}`)
          .digest('hex'),
        response_status: 201,
        response_body: box.seal(JSON.stringify(OLD_ANSWER), `idempotency:${accountId}:${OLD_KEY}`),
        created_at: new Date(now.getTime() - 60_000).toISOString(),
        expires_at: new Date(now.getTime() + 23 * 3_600_000).toISOString(),
      })
      .execute();
  } finally {
    await handle.close();
  }
}

describeDialects('upgrade from the previous release', (dialect) => {
  const fixtures = new URL(`./upgrade/fixtures/${dialect}/`, import.meta.url);
  const secrets = JSON.parse(readFileSync(new URL('secrets.fixture.json', fixtures), 'utf8')) as Secrets;
  const expected = JSON.parse(readFileSync(new URL('expected.fixture.json', fixtures), 'utf8'));
  const dataDir = mkdtempSync(join(tmpdir(), `formloom-upgrade-${dialect}-`));
  let database: TestDatabase | undefined;
  let serve: Serve;
  let env: Record<string, string>;

  beforeAll(async () => {
    cpSync(new URL('uploads', fixtures), join(dataDir, 'uploads'), { recursive: true });
    if (dialect === 'sqlite') {
      writeFileSync(
        join(dataDir, 'formloom.db'),
        gunzipSync(readFileSync(new URL('formloom.db.gz', fixtures))),
      );
    } else {
      database = await createTestDatabase(dialect, 'upgrade');
      await promisify(execFile)('psql', [
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-f',
        new URL('dump.sql', fixtures).pathname,
        database.url!,
      ]);
    }
    await recordOldIdempotencyKey(dataDir, database?.url, expected.me.data.account.id);
    env = {
      FORMLOOM_SECRET_KEY: SECRET_KEY,
      FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
      FORMLOOM_WEBHOOK_RETRY_BASE_MS: '50',
      ...(database ? { FORMLOOM_DATABASE_URL: database.url! } : {}),
    };
    serve = await startServe(dataDir, env);
  });
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it(`reads back everything ${PREVIOUS_RELEASE.slice(0, 7)} recorded, identical`, async () => {
    const cli = cliIn(dataDir, env);
    const actual = await readBack(serve.port, secrets.bootstrapKey, (argv) => cli.json(...argv), secrets);

    // What legitimately moves on: the month's request count (each read counts; the window is the
    // calendar month) and the reading key's lastUsedAt. Checked for sanity, then taken as recorded.
    const bootstrapKeyId = expected.me.data.apiKey.keyId;
    const used = (keys: { keyId: string; lastUsedAt: string | null }[]) =>
      keys.find((k) => k.keyId === bootstrapKeyId)!;
    expect(Date.parse(used(actual.keys as never).lastUsedAt!)).toBeGreaterThanOrEqual(
      Date.parse(used(expected.keys).lastUsedAt!),
    );
    used(actual.keys as never).lastUsedAt = used(expected.keys).lastUsedAt;
    const me = actual.me as { data: { usage: { requests: number } } };
    expect(me.data.usage.requests).toBeGreaterThan(0);
    me.data.usage = expected.me.data.usage;
    // Fields response reads gained after the previous release (the form model's language, variables,
    // ending, quiz marks, revision and edit): an old response reads language null, variables {},
    // endingId null (the default completion), quiz null (not a quiz), formRevision null (stored
    // before revisions were) and updatedAt null (never edited); checked, then left out of the comparison.
    for (const form of Object.values(actual.formDetails as Record<string, FormDetail>)) {
      for (const read of [...form.responses, ...Object.values(form.details).map((d) => d.data)]) {
        expect(read).toMatchObject({
          language: null,
          variables: {},
          endingId: null,
          quiz: null,
          formRevision: null,
          updatedAt: null,
        });
        delete read.language;
        delete read.variables;
        delete read.endingId;
        delete read.quiz;
        delete read.formRevision;
        delete read.updatedAt;
      }
    }
    // Form reads gained `revision` (the lists, the reads, a form inside a job's result): null for a
    // form not published since revisions were recorded; checked, then left out of the comparison.
    const forms: Record<string, unknown>[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === 'object' && value !== null) {
        const record = value as Record<string, unknown>;
        if ('publishStatus' in record && 'revision' in record) forms.push(record);
        Object.values(record).forEach(walk);
      }
    };
    walk(actual);
    expect(forms.length).toBeGreaterThan(0);
    for (const read of forms) {
      expect(read.revision).toBeNull();
      delete read.revision;
    }

    // Webhook endpoints gained `formIds` (null: every form's events) and `restHook` (false: made by
    // POST /v1/webhooks): checked, then left out of the comparison.
    const endpoints: Record<string, unknown>[] = [];
    const findEndpoints = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(findEndpoints);
      else if (typeof value === 'object' && value !== null) {
        const record = value as Record<string, unknown>;
        if ('secretLast4' in record && 'restHook' in record) endpoints.push(record);
        Object.values(record).forEach(findEndpoints);
      }
    };
    findEndpoints(actual);
    expect(endpoints.length).toBeGreaterThan(0);
    for (const read of endpoints) {
      expect([read.formIds, read.restHook]).toEqual([null, false]);
      delete read.formIds;
      delete read.restHook;
    }

    expect(actual).toEqual(expected);
    // The uploads are the bytes that were uploaded.
    expect(
      Object.fromEntries(
        Object.entries(actual.files as Record<string, { sha256: string }>).map(([id, f]) => [id, f.sha256]),
      ),
    ).toEqual(secrets.uploads);
  });

  it('the old API keys authenticate as they did: active ones yes, revoked and rotated-out ones no', async () => {
    const api = apiClient(serve.port, secrets.bootstrapKey);
    expect((await api.call('/v1/forms')).status).toBe(200);
    expect((await api.call('/v1/forms', { key: secrets.rotatedSuccessor })).status).toBe(200);
    for (const key of secrets.keys) {
      const res = await api.call(key.scopes.includes('FORMS_READ') ? '/v1/forms' : '/v1/webhooks', {
        key: key.token,
      });
      expect(res.status, key.name).toBe(key.state === 'active' ? 200 : 401);
    }
  });

  it('signs a new delivery with the secret recorded at creation: the SDK verifies it', async () => {
    const receiver = await startReceiver();
    try {
      const api = apiClient(serve.port, secrets.bootstrapKey);
      const id = secrets.okWebhookId;
      // The recorded receiver is gone: point the endpoint at this one (the secret stays).
      const patched = await api.call(`/v1/webhooks/${id}`, { method: 'PATCH', json: { url: receiver.url } });
      expect(patched.status).toBe(200);
      expect((await api.call(`/v1/webhooks/${id}/test`, { method: 'POST', json: {} })).status).toBe(202);
      await receiver.waitFor((requests) => requests.length > 0);
      const [received] = receiver.requests;
      const event = await verifyWebhook({
        payload: received!.body,
        headers: received!.headers,
        secret: secrets.webhookSecrets[id]!,
      });
      expect(event.type).toBe('FORM_RESPONSE_CREATED');
      // Another endpoint's secret does not verify it.
      const other = Object.entries(secrets.webhookSecrets).find(([hook]) => hook !== id)![1];
      await expect(
        verifyWebhook({ payload: received!.body, headers: received!.headers, secret: other }),
      ).rejects.toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('replays a create the previous release answered under an Idempotency-Key, creating nothing', async () => {
    const before = (await apiClient(serve.port, secrets.bootstrapKey).call('/v1/forms?limit=100')).body.data
      .total;
    const res = await fetch(`http://127.0.0.1:${serve.port}/v1/forms`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secrets.bootstrapKey}`,
        'content-type': 'application/json',
        'idempotency-key': OLD_KEY,
      },
      body: JSON.stringify(OLD_CREATE),
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(text)).toEqual(OLD_ANSWER);
    const after = (await apiClient(serve.port, secrets.bootstrapKey).call('/v1/forms?limit=100')).body.data
      .total;
    expect(after).toBe(before);
  });
});
