import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { balanceOf, fundedAccount } from '../../test/support/ai-test-kit.js';
import { contactSchema } from '../../test/support/fixtures.js';
import { INTERVIEW_PURPOSE } from '../../test/support/smart-form-kit.js';
import { describeEachDialect, type TestServer } from '../../test/support/test-server.js';
import { IDEMPOTENCY_TTL_MS } from './expiry.js';

const post = (t: TestServer, path: string, key: string, json: unknown, idempotencyKey?: string) =>
  t.request(path, {
    method: 'POST',
    key,
    json,
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
  });

async function formCount(t: TestServer, accountId: string): Promise<number> {
  const rows = await t.db.selectFrom('forms').select('id').where('account_id', '=', accountId).execute();
  return rows.length;
}

/**
 * docs/server.md "Idempotent creates": Idempotency-Key on every create, one middleware driven by the
 * contract.
 */
describeEachDialect(
  'Idempotency-Key on creates',
  (t) => {
    it('a retry with the same key and body gets the first answer, and nothing is created twice', async () => {
      const { key, accountId } = await t.account();
      const body = { title: 'Once', schema: contactSchema() };
      const idem = randomUUID();
      const first = await post(t, '/v1/forms', key, body, idem);
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await post(t, '/v1/forms', key, body, idem);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await formCount(t, accountId)).toBe(1);
      // Without a key, each call creates.
      await post(t, '/v1/forms', key, body);
      await post(t, '/v1/forms', key, body);
      expect(await formCount(t, accountId)).toBe(3);
    });

    it('the same key with another body, or on another route, is a 409 that says why', async () => {
      const { key, accountId } = await t.account();
      const idem = randomUUID();
      expect((await post(t, '/v1/forms', key, { title: 'A' }, idem)).status).toBe(201);
      const other = await post(t, '/v1/forms', key, { title: 'B' }, idem);
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ data: null, error: 'CONFLICT' });
      expect(other.body.message).toContain('already used with another request');
      const elsewhere = await post(
        t,
        '/v1/webhooks',
        key,
        { url: 'https://example.com/h', events: ['*'] },
        idem,
      );
      expect(elsewhere.status).toBe(409);
      expect(await formCount(t, accountId)).toBe(1);
    });

    it('keys belong to an account: another account with the same key creates its own', async () => {
      const a = await t.account();
      const b = await t.account();
      const idem = 'shared-key-1';
      const fromA = await post(t, '/v1/forms', a.key, { title: 'A' }, idem);
      const fromB = await post(t, '/v1/forms', b.key, { title: 'A' }, idem);
      expect(fromA.status).toBe(201);
      expect(fromB.status).toBe(201);
      expect(fromB.headers.get('idempotent-replayed')).toBeNull();
      expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
    });

    it('concurrent duplicates do the work once and all get its answer', async () => {
      const { key, accountId } = await t.account();
      const idem = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          post(t, '/v1/forms', key, { title: 'Race', schema: contactSchema() }, idem),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(await formCount(t, accountId)).toBe(1);
    });

    it('an error answer below 500 is kept too: the retry gets the same 400', async () => {
      const { key, accountId } = await t.account();
      const idem = randomUUID();
      const bad = await post(t, '/v1/forms', key, { title: '' }, idem);
      expect(bad.status).toBe(400);
      const again = await post(t, '/v1/forms', key, { title: '' }, idem);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(bad.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await formCount(t, accountId)).toBe(0);
    });

    it('after 24 hours the key is forgotten and the same request runs again', async () => {
      const { key, accountId } = await t.account();
      const idem = randomUUID();
      const first = await post(t, '/v1/forms', key, { title: 'Day one' }, idem);
      t.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
      try {
        const later = await post(t, '/v1/forms', key, { title: 'Day one' }, idem);
        expect(later.status).toBe(201);
        expect(later.headers.get('idempotent-replayed')).toBeNull();
        expect(later.body.data.id).not.toBe(first.body.data.id);
        expect(await formCount(t, accountId)).toBe(2);
      } finally {
        t.clock.reset();
      }
    });

    it('a malformed key is a 400 naming the header', async () => {
      const { key } = await t.account();
      const res = await post(t, '/v1/forms', key, { title: 'x' }, 'has spaces in it');
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Idempotency-Key');
    });

    it('fields, webhooks, smart forms, AI jobs, reports and the signing secret are covered', async () => {
      const { key, accountId } = await fundedAccount(t, 500, 'MAX');
      const form = await post(t, '/v1/forms', key, { title: 'Host', schema: contactSchema() });
      const formId = form.body.data.id as string;
      const twice = async (path: string, json: unknown) => {
        const idem = randomUUID();
        const first = await post(t, path, key, json, idem);
        const second = await post(t, path, key, json, idem);
        expect(first.status, path).toBeLessThan(300);
        expect(second.status, path).toBe(first.status);
        expect(second.body, path).toEqual(first.body);
        expect(second.headers.get('idempotent-replayed'), path).toBe('true');
        return first;
      };

      await twice(`/v1/forms/${formId}/fields`, {
        id: 'extra',
        sectionId: contactSchema().sections[0]!.id,
        type: 'text',
        label: 'Extra',
        order: 9,
      });
      const fields = await t.request(`/v1/forms/${formId}`, { key });
      expect(fields.body.data.schema.fields.filter((f: { id: string }) => f.id === 'extra')).toHaveLength(1);

      const webhook = await twice('/v1/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['FORM_CREATED'],
      });
      const hooks = await t.db
        .selectFrom('outbox_targets')
        .select('id')
        .where('account_id', '=', accountId)
        .where('channel', '=', 'webhook')
        .execute();
      expect(hooks).toHaveLength(1);
      // The stored answer holds the secret shown once: it is sealed at rest, never plain.
      const stored = await t.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .execute();
      const secret = webhook.body.data.secret as string;
      expect(stored.length).toBeGreaterThan(0);
      for (const row of stored) expect(row.response_body).not.toContain(secret.slice(6, 30));

      const smart = await twice('/v1/smart-forms', { purpose: INTERVIEW_PURPOSE });
      expect(smart.status).toBe(201);
      const smartRows = await t.db
        .selectFrom('smart_forms')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(smartRows).toHaveLength(1);

      const balance = await balanceOf(t, accountId);
      const job = await twice('/v1/ai/generate-form', { prompt: 'A short contact form' });
      expect(job.status).toBe(202);
      const jobs = await t.db
        .selectFrom('ai_jobs')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(jobs.map((j) => j.id)).toContain(job.body.data.jobId);
      // Charged once, for the one job.
      const charged = balance - (await balanceOf(t, accountId));
      const again = await post(t, '/v1/ai/generate-form', key, { prompt: 'Another form' });
      expect(again.status).toBe(202);
      expect(balance - charged - (await balanceOf(t, accountId))).toBe(charged);

      const signing = await twice('/v1/analytics/signing-secret', {});
      const current = await t.request('/v1/analytics/signing-secret', { key });
      expect(current.body.data.secretLast4).toBe(signing.body.data.secretLast4);

      const report = await twice(`/v1/forms/${formId}/smart-analytics`, {
        callbackUrl: 'http://127.0.0.1:9/report',
      });
      expect(report.status).toBe(202);
      const reports = await t.db
        .selectFrom('analytics_reports')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(reports).toHaveLength(1);
    });
  },
  { allowPrivateTargets: true },
);
