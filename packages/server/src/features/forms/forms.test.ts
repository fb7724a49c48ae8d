import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createFormsAdmin } from './forms-admin.js';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

async function createForm(t: TestServer, key: string, title = 'Contact', schema = contactSchema()) {
  const res = await t.request('/v1/forms', { method: 'POST', key, json: { title, schema } });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function snapshot(t: TestServer, id: string) {
  return t.db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describeEachDialect('forms', (t) => {
  let key = '';
  beforeAll(async () => {
    ({ key } = await t.account());
  });

  describe('create and read', () => {
    it('creates from a schema, stored as sent, DRAFT', async () => {
      const schema = contactSchema();
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'From schema', schema },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        title: 'From schema',
        publishStatus: 'DRAFT',
        publishVisibility: 'PUBLIC',
        publishedAt: null,
        shareUrl: null,
        expiresAt: null,
        meta: { title: 'Contact us', language: 'en' },
        settings: { layout: 'single-column' },
        schema,
      });
      const read = await t.request(`/v1/forms/${res.body.data.id}`, { key });
      expect(read.status).toBe(200);
      expect(read.body.data.schema).toEqual(schema);
    });

    it('creates a blank form: one section, no fields, default language en', async () => {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Blank', description: 'd' },
      });
      expect(res.status).toBe(201);
      const { schema } = res.body.data;
      expect(schema.sections).toHaveLength(1);
      expect(schema.fields).toEqual([]);
      expect(schema.meta).toEqual({ title: 'Blank', description: 'd', language: 'en' });
      expect(res.body.data.description).toBe('d');
      const tr = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Boş', language: 'tr' },
      });
      expect(tr.body.data.meta.language).toBe('tr');
    });

    it('a schema that fails checkSchema is a 400 naming the problem, and nothing is stored', async () => {
      const before = await t.request('/v1/forms', { key });
      const schema = contactSchema();
      schema.fields[1]!.id = 'name';
      const res = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Broken', schema } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('BAD_REQUEST');
      expect(res.body.message).toMatch(/\$\.fields\[1\]\.id/);
      expect(res.body.issues[0]).toMatchObject({ code: 'duplicate_id' });
      const after = await t.request('/v1/forms', { key });
      expect(after.body.data.total).toBe(before.body.data.total);
    });

    it('malformed bodies of POST /forms are 400s that name the value', async () => {
      const cases: [unknown, RegExp][] = [
        [{}, /body\.title/],
        [{ title: '' }, /body\.title/],
        [{ title: 'x'.repeat(201) }, /body\.title/],
        [{ title: 'ok', language: 'fr' }, /body\.language/],
        [{ title: 'ok', schema: { ...contactSchema(), fields: [{ id: 'a' }] } }, /body\.schema\.fields\[0\]/],
        [[1, 2], /body/],
      ];
      for (const [json, message] of cases) {
        const res = await t.request('/v1/forms', { method: 'POST', key, json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body.message).toMatch(message);
      }
    });
  });

  describe('list', () => {
    let k = '';
    beforeAll(async () => {
      ({ key: k } = await t.account());
      for (const title of ['Alpha survey', 'beta SURVEY', 'Gamma', 'Delta 100%', 'under_score']) {
        await t.request('/v1/forms', { method: 'POST', key: k, json: { title } });
      }
    });

    it('pages with total and hasMore, newest first', async () => {
      const first = await t.request('/v1/forms?limit=2', { key: k });
      expect(first.body.data).toMatchObject({ total: 5, page: 1, limit: 2, hasMore: true });
      expect(first.body.data.forms.map((f: { title: string }) => f.title)).toEqual([
        'under_score',
        'Delta 100%',
      ]);
      const last = await t.request('/v1/forms?limit=2&page=3', { key: k });
      expect(last.body.data).toMatchObject({ total: 5, page: 3, hasMore: false });
      expect(last.body.data.forms).toHaveLength(1);
      const beyond = await t.request('/v1/forms?limit=2&page=9', { key: k });
      expect(beyond.body.data.forms).toEqual([]);
    });

    it('search is a case-insensitive substring match; % and _ are literal', async () => {
      const titles = async (q: string) =>
        (await t.request(`/v1/forms?search=${encodeURIComponent(q)}`, { key: k })).body.data.forms
          .map((f: { title: string }) => f.title)
          .sort();
      expect(await titles('survey')).toEqual(['Alpha survey', 'beta SURVEY']);
      expect(await titles('SURV')).toEqual(['Alpha survey', 'beta SURVEY']);
      expect(await titles('%')).toEqual(['Delta 100%']);
      expect(await titles('_')).toEqual(['under_score']);
      expect(await titles('nothing')).toEqual([]);
    });

    it('since returns the forms updated after it', async () => {
      const mark = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 5));
      const all = await t.request('/v1/forms', { key: k });
      const gamma = all.body.data.forms.find((f: { title: string }) => f.title === 'Gamma');
      await t.request(`/v1/forms/${gamma.id}`, { method: 'PATCH', key: k, json: { title: 'Gamma 2' } });
      const since = await t.request(`/v1/forms?since=${encodeURIComponent(mark)}`, { key: k });
      expect(since.body.data.forms.map((f: { title: string }) => f.title)).toEqual(['Gamma 2']);
      const bad = await t.request('/v1/forms?since=yesterday', { key: k });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('query.since');
    });
  });

  describe('edit', () => {
    it('PATCH changes only what is sent, keeping meta in step', async () => {
      const form = await createForm(t, key);
      const res = await t.request(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        key,
        json: { title: 'Renamed', description: 'New text' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'Renamed', description: 'New text' });
      expect(res.body.data.meta).toMatchObject({ title: 'Renamed', description: 'New text' });
      expect(res.body.data.schema.fields).toEqual(form.schema.fields);
      const cleared = await t.request(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        key,
        json: { description: null },
      });
      expect(cleared.body.data.description).toBeNull();
      expect(cleared.body.data.meta.description).toBeUndefined();
    });

    it('PATCH schema replaces it; a breaking one is refused and nothing changes', async () => {
      const form = await createForm(t, key);
      const before = await snapshot(t, form.id);
      const broken = contactSchema();
      broken.fields[3]!.conditionalLogic!.conditionGroups[0]!.conditions[0]!.fieldId = 'nope';
      const res = await t.request(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        key,
        json: { title: 'Should not stick', schema: broken },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('nope');
      expect(await snapshot(t, form.id)).toEqual(before);

      const next = contactSchema();
      next.fields.pop();
      const ok = await t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { schema: next } });
      expect(ok.status).toBe(200);
      expect(ok.body.data.schema).toEqual(next);
    });

    it('adds, updates and removes fields through checkSchema', async () => {
      const form = await createForm(t, key);
      const field = { id: 'city', sectionId: 'main', type: 'text', label: 'City', order: 9 };
      const added = await t.request(`/v1/forms/${form.id}/fields`, { method: 'POST', key, json: field });
      expect(added.status).toBe(201);
      expect(added.body.data.schema.fields.at(-1)).toEqual(field);

      const updated = await t.request(`/v1/forms/${form.id}/fields/city`, {
        method: 'PATCH',
        key,
        json: { label: 'Town', required: true },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data.schema.fields.at(-1)).toEqual({ ...field, label: 'Town', required: true });

      const unset = await t.request(`/v1/forms/${form.id}/fields/city`, {
        method: 'PATCH',
        key,
        json: { required: null },
      });
      expect(unset.body.data.schema.fields.at(-1)).toEqual({ ...field, label: 'Town' });

      const removed = await t.request(`/v1/forms/${form.id}/fields/city`, { method: 'DELETE', key });
      expect(removed.status).toBe(200);
      expect(removed.body.data.schema.fields.map((f: { id: string }) => f.id)).not.toContain('city');

      const gone = await t.request(`/v1/forms/${form.id}/fields/city`, { method: 'DELETE', key });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toContain('city');
    });

    it('every breaking field edit is a 400 naming the problem and leaves the form unchanged', async () => {
      const form = await createForm(t, key);
      const before = await snapshot(t, form.id);
      const attempts: [string, string, unknown, RegExp][] = [
        ['POST', 'fields', { id: 'name', sectionId: 'main', type: 'text', label: 'Dup', order: 5 }, /name/],
        ['POST', 'fields', { id: 'x', sectionId: 'nowhere', type: 'text', label: 'X', order: 5 }, /nowhere/],
        [
          'POST',
          'fields',
          { id: 'pick', sectionId: 'main', type: 'select', label: 'Pick', order: 5 },
          /options/i,
        ],
        ['PATCH', 'fields/contact', { options: [] }, /option/i],
        ['PATCH', 'fields/contact', { type: 'text' }, /option/i],
        [
          'PATCH',
          'fields/age',
          {
            validation: {
              rules: [
                { type: 'min', value: 5 },
                { type: 'max', value: 1 },
              ],
            },
          },
          /min|max/i,
        ],
        [
          'PATCH',
          'fields/name',
          { validation: { rules: [{ type: 'pattern', value: '(' }] } },
          /pattern|regular/i,
        ],
        ['DELETE', 'fields/contact', undefined, /contact/],
      ];
      for (const [method, path, json, message] of attempts) {
        const res = await t.request(`/v1/forms/${form.id}/${path}`, { method, key, json });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error).toBe('BAD_REQUEST');
        expect(res.body.message, `${method} ${path}`).toMatch(message);
        expect(res.body.issues.length).toBeGreaterThan(0);
      }
      expect(await snapshot(t, form.id)).toEqual(before);
    });

    it('malformed bodies of every form and field write route are 400s naming the value', async () => {
      const form = await createForm(t, key);
      const before = await snapshot(t, form.id);
      const cases: [string, string, unknown, RegExp][] = [
        ['PATCH', '', { title: 5 }, /body\.title/],
        ['PATCH', '', { colour: 'red' }, /colour|unrecognized/i],
        ['PATCH', '', { expiresAt: 'tomorrow' }, /body\.expiresAt/],
        ['PATCH', '', { settings: { maxResponses: 0 } }, /body\.settings\.maxResponses/],
        ['PATCH', '', { schema: { version: '1' } }, /body\.schema/],
        [
          'POST',
          '/fields',
          { id: 'bad id!', sectionId: 'main', type: 'text', label: 'L', order: 1 },
          /body\.id/,
        ],
        [
          'POST',
          '/fields',
          { id: 'ok', sectionId: 'main', type: 'color', label: 'L', order: 1 },
          /body\.type/,
        ],
        ['POST', '/fields', { id: 'ok', sectionId: 'main', type: 'text', order: 1 }, /body\.label/],
        ['PATCH', '/fields/name', { id: 'renamed' }, /id|unrecognized/i],
        ['PATCH', '/fields/name', { order: 1.5 }, /body\.order/],
        ['PATCH', '/fields/name', { conditionalLogic: { action: 'toggle' } }, /body\.conditionalLogic/],
      ];
      for (const [method, path, json, message] of cases) {
        const res = await t.request(`/v1/forms/${form.id}${path}`, { method, key, json });
        expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
        expect(res.body.message, `${method} ${path} ${JSON.stringify(json)}`).toMatch(message);
      }
      expect(await snapshot(t, form.id)).toEqual(before);
    });

    it('concurrent field additions are all kept', async () => {
      const form = await createForm(t, key);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.request(`/v1/forms/${form.id}/fields`, {
            method: 'POST',
            key,
            json: { id: `extra${i}`, sectionId: 'main', type: 'text', label: `E${i}`, order: 10 + i },
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      const read = await t.request(`/v1/forms/${form.id}`, { key });
      expect(
        read.body.data.schema.fields.filter((f: { id: string }) => f.id.startsWith('extra')),
      ).toHaveLength(8);
    });
  });

  describe('publish', () => {
    it('publish gives a share code and public URL; unpublish keeps the code; republish revives it', async () => {
      const form = await createForm(t, key);
      const pub = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
      expect(pub.status).toBe(200);
      const { shareUrl, publicUrl, publishedAt } = pub.body.data;
      expect(pub.body.data.publishStatus).toBe('PUBLISHED');
      expect(shareUrl).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(publicUrl).toBe(`https://forms.example.test/f/${shareUrl}`);
      expect(Date.parse(publishedAt)).not.toBeNaN();
      expect((await t.request(`/v1/public/forms/${shareUrl}`)).status).toBe(200);

      const again = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
      expect(again.body.data.shareUrl).toBe(shareUrl);

      const unpub = await t.request(`/v1/forms/${form.id}/unpublish`, { method: 'POST', key });
      expect(unpub.status).toBe(200);
      expect(unpub.body.data).toMatchObject({ publishStatus: 'DRAFT', shareUrl });
      expect((await t.request(`/v1/public/forms/${shareUrl}`)).status).toBe(404);
      const submit = await t.request(`/v1/public/forms/${shareUrl}/responses`, {
        method: 'POST',
        json: { answers: { name: 'A' } },
      });
      expect(submit.status).toBe(404);

      const republished = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
      expect(republished.body.data.shareUrl).toBe(shareUrl);
      expect((await t.request(`/v1/public/forms/${shareUrl}`)).status).toBe(200);
    });

    it('share codes differ between forms', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const form = await createForm(t, key);
        codes.add(
          (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data.shareUrl,
        );
      }
      expect(codes.size).toBe(5);
    });

    it('a published form whose expiresAt passes is ARCHIVED: readable, accepts nothing', async () => {
      const form = await createForm(t, key);
      const code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data
        .shareUrl;
      const expiresAt = new Date(Date.now() + 60_000).toISOString();
      await t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { expiresAt } });
      t.clock.advance(120_000);
      try {
        expect((await t.request(`/v1/forms/${form.id}`, { key })).body.data.publishStatus).toBe('ARCHIVED');
        const pub = await t.request(`/v1/public/forms/${code}`);
        expect(pub.status).toBe(200);
        expect(pub.body.data.acceptsResponses).toBe(false);
        const submit = await t.request(`/v1/public/forms/${code}/responses`, {
          method: 'POST',
          json: { answers: { name: 'Late' } },
        });
        expect(submit.status).toBe(409);
        expect(submit.body.error).toBe('FORM_CLOSED');
        const republish = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
        expect(republish.status).toBe(400);
        expect(republish.body.message).toContain('expiresAt');
        await t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { expiresAt: null } });
        expect((await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).status).toBe(200);
      } finally {
        t.clock.reset();
      }
    });

    it('settings.maxResponses archives the form when reached', async () => {
      const form = await createForm(t, key);
      await t.request(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        key,
        json: { settings: { maxResponses: 2 } },
      });
      const code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data
        .shareUrl;
      const submit = () =>
        t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers: { name: 'N' } } });
      expect((await submit()).status).toBe(201);
      expect((await submit()).status).toBe(201);
      expect((await submit()).status).toBe(409);
      const read = await t.request(`/v1/forms/${form.id}`, { key });
      expect(read.body.data.publishStatus).toBe('ARCHIVED');
      expect(read.body.data.settings.maxResponses).toBe(2);
      const list = await t.request(`/v1/forms/${form.id}/responses/count`, { key });
      expect(list.body.data.count).toBe(2);
    });
  });

  describe('delete', () => {
    it('soft delete: 404 on every route at once, restorable from the CLI side inside the window', async () => {
      const form = await createForm(t, key, 'To delete');
      const code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data
        .shareUrl;
      const del = await t.request(`/v1/forms/${form.id}`, { method: 'DELETE', key });
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ id: form.id, deleted: true });

      for (const [method, path] of [
        ['GET', `/v1/forms/${form.id}`],
        ['PATCH', `/v1/forms/${form.id}`],
        ['DELETE', `/v1/forms/${form.id}`],
        ['POST', `/v1/forms/${form.id}/publish`],
        ['GET', `/v1/forms/${form.id}/responses`],
        ['GET', `/v1/forms/${form.id}/responses/count`],
        ['GET', `/v1/public/forms/${code}`],
      ] as const) {
        const res = await t.request(path, {
          method,
          key,
          json: method === 'PATCH' ? { title: 'x' } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const list = await t.request('/v1/forms?search=to%20delete', { key });
      expect(list.body.data.total).toBe(0);

      const restored = await createFormsAdmin({ db: t.db }).restore(form.id);
      expect(restored.title).toBe('To delete');
      expect((await t.request(`/v1/forms/${form.id}`, { key })).status).toBe(200);
      expect((await t.request(`/v1/public/forms/${code}`)).status).toBe(200);
    });

    it('after the retention window a deleted form cannot be restored and is purged', async () => {
      const form = await createForm(t, key);
      await t.request(`/v1/forms/${form.id}`, { method: 'DELETE', key });
      const later = () => new Date(Date.now() + 31 * 86_400_000);
      const admin = createFormsAdmin({ db: t.db, clock: later });
      await expect(admin.restore(form.id)).rejects.toThrow(/purged/);
      expect(await admin.purge()).toBeGreaterThanOrEqual(1);
      expect(
        await t.db.selectFrom('forms').select('id').where('id', '=', form.id).executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  describe('tenant isolation', () => {
    it("every :id route answers 404 for another account's form, never 403", async () => {
      const form = await createForm(t, key);
      await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
      const other = await t.account();
      const routes: [string, string, unknown?][] = [
        ['GET', `/v1/forms/${form.id}`],
        ['PATCH', `/v1/forms/${form.id}`, { title: 'Mine now' }],
        ['DELETE', `/v1/forms/${form.id}`],
        ['POST', `/v1/forms/${form.id}/publish`],
        ['POST', `/v1/forms/${form.id}/unpublish`],
        [
          'POST',
          `/v1/forms/${form.id}/fields`,
          { id: 'z', sectionId: 'main', type: 'text', label: 'Z', order: 1 },
        ],
        ['PATCH', `/v1/forms/${form.id}/fields/name`, { label: 'x' }],
        ['DELETE', `/v1/forms/${form.id}/fields/name`],
        ['GET', `/v1/forms/${form.id}/responses`],
        ['GET', `/v1/forms/${form.id}/responses/count`],
        ['GET', `/v1/forms/${form.id}/responses/${MISSING}`],
      ];
      for (const [method, path, json] of routes) {
        const res = await t.request(path, { method, key: other.key, json });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toBe('NOT_FOUND');
        const missing = await t.request(path.replace(form.id, MISSING), { method, key: other.key, json });
        expect(missing.body, `${method} ${path}: foreign and missing look the same`).toEqual({
          ...res.body,
          message: res.body.message.replace(form.id, MISSING),
        });
      }
      const mine = await t.request(`/v1/forms/${form.id}`, { key });
      expect(mine.body.data.title).toBe(form.title);
      expect(mine.body.data.publishStatus).toBe('PUBLISHED');
    });
  });
});
