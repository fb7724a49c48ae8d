import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';
import { runAsAuditCaller } from './audit-context.js';
import { createAuditService, recordAudit } from './audit-service.js';

const FIELD = { id: 'name', type: 'text', label: 'Name', sectionId: 's', order: 0 };
const schema = (title: string, fields: unknown[] = []) => ({
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title, language: 'en' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields,
});

/** The actor id of a key: its public part, never the secret. */
const actorOf = (key: string) => key.split('.')[0]!;

async function entries(t: TestServer, key: string, query = '') {
  const res = await t.request(`/v1/audit-log${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    entries: {
      action: string;
      target: { type: string; id: string };
      actor: { type: string; id: string };
      ip: string | null;
      at: string;
    }[];
    total: number;
    hasMore: boolean;
  };
}

describeEachDialect(
  'audit log',
  (t) => {
    let key = '';
    let other = '';

    beforeAll(async () => {
      ({ key } = await t.account());
      ({ key: other } = await t.account());
    });

    it('records each change to a form, its fields and its publishing, by the key that made it', async () => {
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Audited', schema: schema('Audited') },
      });
      const id = created.body.data.id as string;
      const steps: [string, string, unknown?][] = [
        ['PATCH', `/v1/forms/${id}`, { title: 'Audited, renamed' }],
        ['POST', `/v1/forms/${id}/fields`, FIELD],
        ['PATCH', `/v1/forms/${id}/fields/name`, { label: 'Full name' }],
        ['POST', `/v1/forms/${id}/publish`],
        ['POST', `/v1/forms/${id}/unpublish`],
        ['DELETE', `/v1/forms/${id}/fields/name`],
        ['DELETE', `/v1/forms/${id}`],
      ];
      for (const [method, path, json] of steps) {
        const res = await t.request(path, { method, key, ...(json === undefined ? {} : { json }) });
        expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      }
      const log = await entries(t, key, `?targetId=${id}`);
      expect(log.entries.map((e) => e.action)).toEqual([
        'form.deleted',
        'field.deleted',
        'form.unpublished',
        'form.published',
        'field.updated',
        'field.created',
        'form.updated',
        'form.created',
      ]);
      for (const entry of log.entries) {
        expect(entry.actor).toEqual({ type: 'key', id: actorOf(key) });
        expect(entry.target).toEqual({ type: 'form', id });
        expect(entry.ip).toMatch(/127\.0\.0\.1$/);
      }
      // Never the key's secret.
      expect(JSON.stringify(log)).not.toContain(key.split('.')[1]);
    });

    it('records webhooks and smart forms', async () => {
      const hook = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: 'http://127.0.0.1:9/audit', events: ['FORM_RESPONSE_CREATED'] },
      });
      expect(hook.status, hook.text).toBe(201);
      const hookId = hook.body.data.id as string;
      await t.request(`/v1/webhooks/${hookId}`, { method: 'PATCH', key, json: { description: 'x' } });
      await t.request(`/v1/webhooks/${hookId}`, { method: 'DELETE', key });
      const smart = await t.request('/v1/smart-forms', {
        method: 'POST',
        key,
        json: { purpose: 'Understand why customers cancel their subscription' },
      });
      const smartId = smart.body.data.id as string;
      await t.request(`/v1/smart-forms/${smartId}`, { method: 'PATCH', key, json: { title: 'Churn' } });
      await t.request(`/v1/smart-forms/${smartId}/publish`, { method: 'POST', key });
      await t.request(`/v1/smart-forms/${smartId}/unpublish`, {
        method: 'POST',
        key,
        json: { mode: 'soft' },
      });
      await t.request(`/v1/smart-forms/${smartId}`, { method: 'DELETE', key });
      expect((await entries(t, key, `?targetId=${hookId}`)).entries.map((e) => e.action)).toEqual([
        'webhook.deleted',
        'webhook.updated',
        'webhook.created',
      ]);
      expect((await entries(t, key, `?targetType=smart_form`)).entries.map((e) => e.action)).toEqual([
        'smart_form.deleted',
        'smart_form.unpublished',
        'smart_form.published',
        'smart_form.updated',
        'smart_form.created',
      ]);
    });

    it('records nothing for a change that did not happen: refused, a no-op, or a public submission', async () => {
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Quiet', schema: schema('Quiet') },
      });
      const id = created.body.data.id as string;
      const before = (await entries(t, key, `?targetId=${id}`)).total;
      // A field whose id is taken: refused by the schema check, nothing written.
      await t.request(`/v1/forms/${id}/fields`, { method: 'POST', key, json: FIELD });
      expect((await t.request(`/v1/forms/${id}/fields`, { method: 'POST', key, json: FIELD })).status).toBe(
        400,
      );
      // Unpublishing a draft changes nothing.
      await t.request(`/v1/forms/${id}/unpublish`, { method: 'POST', key });
      // Another account's form is a 404, and records nothing.
      expect((await t.request(`/v1/forms/${id}`, { method: 'DELETE', key: other })).status).toBe(404);
      const published = await publishForm(t, key, schema('Public', [FIELD]) as never);
      const sent = await t.request(`/v1/public/forms/${published.code}/responses`, {
        method: 'POST',
        json: { answers: { name: 'Ada' } },
      });
      expect(sent.status).toBe(201);
      expect((await entries(t, key, `?targetId=${id}`)).entries.map((e) => e.action)).toEqual([
        'field.created',
        ...Array(before).fill('form.created'),
      ]);
      expect((await entries(t, key, `?targetId=${published.id}`)).entries.map((e) => e.action)).toEqual([
        'form.published',
        'form.created',
      ]);
    });

    it('keeps accounts apart, filters, pages, and needs the AUDIT_READ scope', async () => {
      const mine = await entries(t, key);
      expect(mine.total).toBeGreaterThan(10);
      const theirs = await entries(t, other);
      expect(theirs.total).toBe(0);
      const first = mine.entries[0]!;
      expect((await entries(t, other, `?targetId=${first.target.id}`)).total).toBe(0);

      const page = await entries(t, key, '?limit=3&page=2');
      expect(page.entries.map((e) => e.at)).toEqual(mine.entries.slice(3, 6).map((e) => e.at));
      expect(page.hasMore).toBe(true);
      const deletes = await entries(t, key, '?action=form.deleted');
      expect(deletes.entries.length).toBeGreaterThan(0);
      expect(deletes.entries.every((e) => e.action === 'form.deleted')).toBe(true);
      expect((await entries(t, key, `?actorId=${actorOf(other)}`)).total).toBe(0);
      expect((await entries(t, key, `?actorType=user`)).total).toBe(0);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect((await entries(t, key, `?from=${future}`)).total).toBe(0);
      expect((await entries(t, key, `?to=${future}`)).total).toBe(mine.total);
      expect((await t.request('/v1/audit-log?action=form.exploded', { key })).status).toBe(400);

      const { key: formsOnly } = await t.account('MAX', ['FORMS_READ', 'FORMS_WRITE']);
      expect((await t.request('/v1/audit-log', { key: formsOnly })).status).toBe(403);
      // The key without the scope still has its own changes recorded.
      await t.request('/v1/forms', { method: 'POST', key: formsOnly, json: { title: 'By a narrow key' } });
    });

    it('exports as csv, json and xlsx, oldest first', async () => {
      const csv = await t.request('/v1/audit-log/export?format=csv&targetType=webhook', { key });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = csv.text.trim().split('\n');
      expect(lines[0]).toBe('at,action,targetType,targetId,actorType,actorId,actorEmail,ip');
      expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
        'webhook.created',
        'webhook.updated',
        'webhook.deleted',
      ]);
      expect(lines[1]).toContain(`,key,${actorOf(key)},,`);
      const json = await t.request('/v1/audit-log/export?format=json&action=form.created', { key });
      const list = JSON.parse(json.text) as { at: string }[];
      expect(list.length).toBe((await entries(t, key, '?action=form.created')).total);
      expect(list.map((e) => e.at)).toEqual([...list.map((e) => e.at)].sort());
      const xlsx = await fetch(`${t.url}/v1/audit-log/export?format=xlsx`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(xlsx.status).toBe(200);
      expect(
        Buffer.from(await xlsx.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    });

    /** Runs `work` with the audit log's table gone: every entry written meanwhile fails. */
    async function withoutAuditTable(work: () => Promise<void>): Promise<void> {
      await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(t.db);
      try {
        await work();
      } finally {
        await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(t.db);
      }
    }

    it('writes the entry in the transaction of the change: without it, the change does not happen', async () => {
      const before = await t.request('/v1/forms', { key });
      await withoutAuditTable(async () => {
        const refused = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Unrecorded' } });
        expect(refused.status).toBe(500);
      });
      const after = await t.request('/v1/forms', { key });
      expect(after.body.data.total).toBe(before.body.data.total);
      expect(JSON.stringify(after.body.data.forms)).not.toContain('Unrecorded');
    });

    it('so does a key, a member and a webhook change', async () => {
      const { accountId, key: own } = await t.account();
      const password = 'correct horse battery';
      const users = createServices({ db: t.db }).users;
      const ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.com`;
      await users.create({ account: accountId, email: ownerEmail, password, role: 'owner' });
      const viewer = await users.create({
        account: accountId,
        email: `viewer-${randomUUID().slice(0, 8)}@example.com`,
        password,
        role: 'viewer',
      });
      const origin = 'https://forms.example.test';
      const login = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email: ownerEmail, password },
        headers: { origin },
      });
      expect(login.status, login.text).toBe(200);
      const owner = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!, origin };
      const keyIds = async () =>
        ((await t.request('/v1/api-keys', { headers: owner })).body.data.keys as { id: string }[]).map(
          (k) => k.id,
        );
      const keysBefore = await keyIds();
      await withoutAuditTable(async () => {
        const created = await t.request('/v1/api-keys', {
          method: 'POST',
          headers: owner,
          json: { name: 'Unrecorded', scopes: ['FORMS_READ'] },
        });
        expect(created.status, created.text).toBe(500);
        const role = await t.request(`/v1/members/${viewer.id}`, {
          method: 'PATCH',
          headers: owner,
          json: { role: 'editor' },
        });
        expect(role.status, role.text).toBe(500);
        const hook = await t.request('/v1/webhooks', {
          method: 'POST',
          key: own,
          json: { url: 'http://127.0.0.1:9/unrecorded', events: ['FORM_RESPONSE_CREATED'] },
        });
        expect(hook.status, hook.text).toBe(500);
      });
      expect(await keyIds()).toEqual(keysBefore);
      const members = (await t.request('/v1/members', { headers: owner })).body.data.members as {
        id: string;
        role: string;
      }[];
      expect(members.find((m) => m.id === viewer.id)?.role).toBe('viewer');
      expect((await t.request('/v1/webhooks', { key: own })).text).not.toContain('unrecorded');
      // With the table back, the same changes are made and recorded.
      const role = await t.request(`/v1/members/${viewer.id}`, {
        method: 'PATCH',
        headers: owner,
        json: { role: 'editor' },
      });
      expect(role.status, role.text).toBe(200);
      expect((await entries(t, own, `?targetId=${viewer.id}`)).entries.map((e) => e.action)).toEqual([
        'member.role_changed',
      ]);
    });

    it('lists entries of one millisecond in the order they were made', async () => {
      const { key: own, accountId } = await t.account();
      const at = new Date();
      const targets = Array.from({ length: 30 }, (_, i) => `form_same_ms_${i}`);
      await runAsAuditCaller({ accountId, actor: { type: 'key', id: actorOf(own) }, ip: null }, async () => {
        for (const id of targets)
          await recordAudit(t.db, accountId, 'form.updated', { type: 'form', id }, () => at);
      });
      const listed = (await entries(t, own, '?limit=100')).entries.map((e) => e.target.id);
      expect(listed).toEqual([...targets].reverse());
    });

    it('purges entries past the retention', async () => {
      const total = (await entries(t, key)).total;
      expect(await createAuditService({ db: t.db, retentionMs: 60_000 }).purge()).toBe(0);
      const later = () => new Date(Date.now() + 120_000);
      const purged = await createAuditService({ db: t.db, clock: later, retentionMs: 60_000 }).purge();
      expect(purged).toBeGreaterThanOrEqual(total);
      expect((await entries(t, key)).total).toBe(0);
    });
  },
  { allowPrivateTargets: true },
);

describe('audit actions', () => {
  it('are `<resource>.<past verb>`', async () => {
    const { AUDIT_ACTIONS } = await import('@formloom/contract');
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+\.[a-z_]+ed$/);
  });
});
