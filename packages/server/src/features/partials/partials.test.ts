import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HONEYPOT_HEADER } from '@formloom/elements/markup';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import {
  guestsSchema,
  pagedQuizSchema,
  publishForm,
  surveySchema,
  TINY_PNG,
} from '../../../test/support/page-fixtures.js';
import { INPUT_TYPES_SCHEMA, INPUT_TYPES_STORED } from '../../../test/support/question-types.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { purgeExpiredPartials } from './index.js';

const DAY = 86_400_000;

function api(t: TestServer) {
  const base = (code: string) => `/v1/public/forms/${code}/partials`;
  return {
    create: (code: string, json: unknown = {}) => t.request(base(code), { method: 'POST', json }),
    get: (code: string, token: string) => t.request(`${base(code)}/${token}`),
    put: (code: string, token: string, json: unknown) =>
      t.request(`${base(code)}/${token}`, { method: 'PUT', json }),
    complete: (code: string, token: string, json: unknown = {}) =>
      t.request(`${base(code)}/${token}/complete`, { method: 'POST', json }),
  };
}

function expectGone(res: { status: number; body: unknown }) {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ data: null, error: 'NOT_FOUND' });
}

describeEachDialect(
  'partial responses (save and resume)',
  (t) => {
    let key = '';
    const p = api(t);
    beforeAll(async () => {
      ({ key } = await t.account());
    });

    it('saves, reads and replaces answers under a token stored only as a hash', async () => {
      const form = await publishForm(t, key, pagedQuizSchema());
      t.clock.set('2026-12-01T10:00:00.000Z');
      try {
        const created = await p.create(form.code, { answers: { name: 'Ada' }, page: 'you' });
        expect(created.status).toBe(201);
        const { resumeToken, expiresAt } = created.body.data;
        expect(resumeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(expiresAt).toBe('2026-12-08T10:00:00.000Z');

        const read = await p.get(form.code, resumeToken);
        expect(read.status).toBe(200);
        expect(read.body.data).toMatchObject({ answers: { name: 'Ada' }, page: 'you', expiresAt });

        const put = await p.put(form.code, resumeToken, {
          answers: { name: 'Ada', q1: 'lyon' },
          page: 'why',
        });
        expect(put.status).toBe(200);
        expect((await p.get(form.code, resumeToken)).body.data).toMatchObject({
          answers: { name: 'Ada', q1: 'lyon' },
          page: 'why',
        });

        const rows = await t.db.selectFrom('partials').selectAll().where('form_id', '=', form.id).execute();
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows)).not.toContain(resumeToken);
        expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        t.clock.reset();
      }
    });

    it('keeps the shuffle seed a respondent saved, through saves that leave it out', async () => {
      const form = await publishForm(t, key, pagedQuizSchema());
      const created = await p.create(form.code, { answers: { name: 'Ada' }, page: 'you', seed: 'k3x9-a_b' });
      const { resumeToken } = created.body.data;
      expect((await p.get(form.code, resumeToken)).body.data.seed).toBe('k3x9-a_b');
      expect((await p.put(form.code, resumeToken, { answers: { name: 'Ada' }, page: 'why' })).status).toBe(
        200,
      );
      expect((await p.get(form.code, resumeToken)).body.data.seed).toBe('k3x9-a_b');
      expect((await p.put(form.code, resumeToken, { seed: 'other' })).body.data.seed).toBe('other');
      // Not a seed: refused, and a partial saved without one says none.
      expect((await p.create(form.code, { seed: 'a b<' })).status).toBe(400);
      const bare = (await p.create(form.code, {})).body.data.resumeToken;
      expect((await p.get(form.code, bare)).body.data).not.toHaveProperty('seed');
    });

    it('checks answer types, not required-ness, and that the page is one of the form', async () => {
      const form = await publishForm(t, key, contactSchema());
      // `name` is required and missing; `age` breaks its min rule: a draft may do both.
      expect((await p.create(form.code, { answers: { age: 3 } })).status).toBe(201);
      const wrong = await p.create(form.code, { answers: { age: 'old', contact: 'fax', nope: 1 } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('BAD_REQUEST');
      expect(wrong.body.issues.map((i: { fieldId: string }) => i.fieldId).sort()).toEqual([
        'age',
        'contact',
        'nope',
      ]);
      expect((await p.create(form.code, { page: 'elsewhere' })).status).toBe(400);
      const { resumeToken } = (await p.create(form.code, {})).body.data;
      expect((await p.put(form.code, resumeToken, { answers: { email: 42 } })).status).toBe(400);
      // A refused PUT keeps what was saved.
      expect((await p.get(form.code, resumeToken)).body.data.answers).toEqual({});
    });

    it('keeps an address, a phone number and a date and time, resumed and completed', async () => {
      const form = await publishForm(t, key, INPUT_TYPES_SCHEMA);
      const saved = {
        phone: '+4915112345678',
        when: '2026-12-01T13:30:00+01:00',
        ship: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
      };
      const { resumeToken } = (await p.create(form.code, { answers: saved })).body.data;
      expect((await p.get(form.code, resumeToken)).body.data.answers).toEqual(saved);
      // A partial's answers are checked by type: an address without its parts' shape is refused.
      const wrong = await p.put(form.code, resumeToken, { answers: { ...saved, ship: 'Berlin' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.issues.map((i: { fieldId: string }) => i.fieldId)).toEqual(['ship']);
      expect((await p.get(form.code, resumeToken)).body.data.answers).toEqual(saved);

      const { phone: _p, when: _w, ship: _s, ...rest } = INPUT_TYPES_STORED;
      const done = await p.complete(form.code, resumeToken, { answers: rest });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      const stored = await t.request(`/v1/forms/${form.id}/responses/${done.body.data.responseId}`, { key });
      expect(stored.body.data.answers).toEqual(INPUT_TYPES_STORED);
    });

    it("keeps a repeating section's entries, refuses malformed ones, and completes them as a list", async () => {
      const form = await publishForm(t, key, guestsSchema());
      // An entry missing its required name is a draft; the section's own bounds wait for the end.
      const saved = { host: 'Ann', guests: [{ name: 'Ada', age: 40, meal: 'veg' }, { age: 7 }] };
      const { resumeToken } = (await p.create(form.code, { answers: saved, page: 'guests' })).body.data;
      expect((await p.get(form.code, resumeToken)).body.data.answers).toEqual(saved);
      // The section's fields count as answered from its entries: host, and name, age and meal of a guest.
      const answeredCount = async () =>
        (await t.request(`/v1/forms/${form.id}/partials`, { key })).body.data.partials[0].answeredCount;
      expect(await answeredCount()).toBe(4);
      expect(
        (
          await p.put(form.code, resumeToken, {
            answers: { guests: [{ age: 7 }, { name: 'Bo', age: null }] },
          })
        ).status,
      ).toBe(200);
      expect(await answeredCount()).toBe(2);
      expect((await p.put(form.code, resumeToken, { answers: saved })).status).toBe(200);
      const refused = async (guests: unknown) => {
        const res = await p.put(form.code, resumeToken, { answers: { host: 'Ann', guests } });
        expect(res.status).toBe(400);
        return res.body.issues.map((i: { fieldId: string; path: string }) => [i.fieldId, i.path]);
      };
      expect(await refused([{ name: 'Ada' }, { name: 'Bo', age: 'seven', shoe: 'x' }])).toEqual([
        ['guests[1].shoe', 'body.answers.guests[1].shoe'],
        ['guests[1].age', 'body.answers.guests[1].age'],
      ]);
      expect(await refused({ name: 'Ada' })).toEqual([['guests', 'body.answers.guests']]);
      expect(await refused([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }])).toEqual([
        ['guests', 'body.answers.guests'],
      ]);
      // A field of the section answered outside its entries names no field of the form.
      expect((await p.put(form.code, resumeToken, { answers: { name: 'Ada' } })).status).toBe(400);
      expect((await p.get(form.code, resumeToken)).body.data.answers).toEqual(saved);

      const completed = await p.complete(form.code, resumeToken, {
        answers: { guests: [saved.guests[0], { name: 'Bo', age: '7' }] },
      });
      expect(completed.status, JSON.stringify(completed.body)).toBe(201);
      const stored = await t.request(`/v1/forms/${form.id}/responses/${completed.body.data.responseId}`, {
        key,
      });
      expect(stored.body.data).toMatchObject({
        answers: {
          host: 'Ann',
          guests: [
            { name: 'Ada', age: 40, meal: 'veg' },
            { name: 'Bo', age: 7 },
          ],
        },
        variables: { count: 2, years: 47 },
      });
    });

    it("answers 404 with the envelope for an unknown, expired or another form's token", async () => {
      const one = await publishForm(t, key, contactSchema());
      const two = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(one.code, { answers: { name: 'A' } })).body.data;
      expectGone(await p.get(two.code, resumeToken));
      expectGone(await p.put(two.code, resumeToken, { answers: {} }));
      expectGone(await p.complete(two.code, resumeToken));
      expectGone(await p.get(one.code, 'A'.repeat(43)));
      expectGone(await p.get('AAAAAAAAAAAAAAAA', resumeToken));
      t.clock.advance(7 * DAY + 1000);
      try {
        expectGone(await p.get(one.code, resumeToken));
        expectGone(await p.complete(one.code, resumeToken));
      } finally {
        t.clock.reset();
      }
    });

    it('expires after settings.resumeDays (at most 30)', async () => {
      const schema = contactSchema();
      schema.settings = { ...schema.settings, resumeDays: 2 };
      const form = await publishForm(t, key, schema);
      t.clock.set('2026-12-01T00:00:00.000Z');
      try {
        const { resumeToken, expiresAt } = (await p.create(form.code, {})).body.data;
        expect(expiresAt).toBe('2026-12-03T00:00:00.000Z');
        t.clock.advance(2 * DAY - 1000);
        expect((await p.get(form.code, resumeToken)).status).toBe(200);
        t.clock.advance(2000);
        expectGone(await p.get(form.code, resumeToken));
      } finally {
        t.clock.reset();
      }
      const tooLong = contactSchema();
      tooLong.settings = { ...tooLong.settings, resumeDays: 31 };
      const refused = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'x', schema: tooLong },
      });
      expect(refused.status).toBe(400);
    });

    it('completes once: saved answers merged with the body, validated like a submission', async () => {
      const form = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(form.code, { answers: { name: 'Old', age: 40 } })).body.data;
      // A refused complete (the required name emptied, an age under 18) keeps the partial.
      const refused = await p.complete(form.code, resumeToken, { answers: { name: '', age: 3 } });
      expect(refused.status).toBe(400);
      expect(refused.body.issues.map((i: { fieldId: string }) => i.fieldId).sort()).toEqual(['age', 'name']);
      expect((await p.get(form.code, resumeToken)).status).toBe(200);

      const done = await p.complete(form.code, resumeToken, { answers: { name: 'Ada' } });
      expect(done.status).toBe(201);
      const { responseId } = done.body.data;
      const again = await p.complete(form.code, resumeToken, { answers: { name: 'Someone else' } });
      expect(again.status).toBe(201);
      expect(again.body.data).toEqual(done.body.data);

      const stored = await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key });
      expect(stored.body.data.answers).toEqual({ name: 'Ada', age: 40 });
      const list = await t.request(`/v1/forms/${form.id}/responses`, { key });
      expect(list.body.data.total).toBe(1);
      // The partial has ended: it can no longer be read or replaced.
      expectGone(await p.get(form.code, resumeToken));
      expectGone(await p.put(form.code, resumeToken, { answers: {} }));
    });

    it('a complete with a filled honeypot is answered as stored, stores nothing and keeps the partial', async () => {
      const form = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(form.code, { answers: { name: 'Bot' } })).body.data;
      const trapped = await t.request(`/v1/public/forms/${form.code}/partials/${resumeToken}/complete`, {
        method: 'POST',
        json: {},
        headers: { [HONEYPOT_HEADER]: 'http://spam.example' },
      });
      expect(trapped.status).toBe(201);
      expect(trapped.body.data.responseId).toMatch(/^[0-9a-f-]{36}$/);
      const list = await t.request(`/v1/forms/${form.id}/responses`, { key });
      expect(list.body.data.total).toBe(0);
      expect(
        (await t.request(`/v1/forms/${form.id}/responses/${trapped.body.data.responseId}`, { key })).status,
      ).toBe(404);
      expect((await p.get(form.code, resumeToken)).status).toBe(200);
      // A person's complete (no trap) still stores.
      expect((await p.complete(form.code, resumeToken)).status).toBe(201);
      expect((await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.total).toBe(1);
    });

    it('stores one response when the same partial is completed concurrently', async () => {
      const form = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(form.code, { answers: { name: 'Ada' } })).body.data;
      const results = await Promise.all(Array.from({ length: 12 }, () => p.complete(form.code, resumeToken)));
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
      expect(new Set(results.map((r) => r.body.data.responseId)).size).toBe(1);
      const rows = await t.db.selectFrom('responses').select('id').where('form_id', '=', form.id).execute();
      expect(rows).toHaveLength(1);
      expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data).toEqual({
        count: 1,
      });
    });

    it('refuses like a submission once the form is archived or unpublished; partials are not counted', async () => {
      const schema = contactSchema();
      schema.settings = { ...schema.settings, maxResponses: 1 };
      const form = await publishForm(t, key, schema);
      const a = (await p.create(form.code, { answers: { name: 'A' } })).body.data.resumeToken;
      const b = (await p.create(form.code, { answers: { name: 'B' } })).body.data.resumeToken;
      // Partials are not responses: the one place is still free.
      expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data).toEqual({
        count: 0,
      });
      expect((await p.complete(form.code, a)).status).toBe(201);
      const full = await p.complete(form.code, b);
      expect(full.status).toBe(409);
      expect(full.body.error).toBe('FORM_CLOSED');
      expect((await p.create(form.code, {})).status).toBe(409);
      expect((await p.put(form.code, b, { answers: {} })).status).toBe(409);
      // The completed one still answers with its response.
      expect((await p.complete(form.code, a)).status).toBe(201);

      const other = await publishForm(t, key, contactSchema());
      const c = (await p.create(other.code, { answers: { name: 'C' } })).body.data.resumeToken;
      await t.request(`/v1/forms/${other.id}/unpublish`, { method: 'POST', key });
      expectGone(await p.complete(other.code, c));
      expectGone(await p.get(other.code, c));
      expectGone(await p.create(other.code, {}));
    });

    it("lists a form's unfinished partials for its owner, never the token", async () => {
      const form = await publishForm(t, key, pagedQuizSchema());
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        t.clock.advance(1000);
        tokens.push(
          (await p.create(form.code, { answers: { name: `n${i}`, q1: 'paris' }, page: 'q1page' })).body.data
            .resumeToken,
        );
      }
      t.clock.reset();
      await p.complete(form.code, tokens[0]!, { answers: { q2: 'four' } });
      const first = await t.request(`/v1/forms/${form.id}/partials?limit=1`, { key });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ total: 2, page: 1, limit: 1, hasMore: true });
      expect(first.body.data.partials[0]).toEqual({
        id: expect.any(String),
        answeredCount: 2,
        page: 'q1page',
        updatedAt: expect.any(String),
        expiresAt: expect.any(String),
      });
      const all = await t.request(`/v1/forms/${form.id}/partials`, { key });
      for (const token of tokens) expect(all.text).not.toContain(token);
      const stranger = (await t.account()).key;
      expect((await t.request(`/v1/forms/${form.id}/partials`, { key: stranger })).status).toBe(404);
    });

    it('purges expired partials and deletes a form’s partials with it', async () => {
      const form = await publishForm(t, key, contactSchema());
      await p.create(form.code, { answers: { name: 'A' } });
      const count = () =>
        t.db
          .selectFrom('partials')
          .select('id')
          .where('form_id', '=', form.id)
          .execute()
          .then((r) => r.length);
      expect(await purgeExpiredPartials(t.db, new Date(Date.now() + DAY))).toBe(0);
      expect(await count()).toBe(1);
      expect(await purgeExpiredPartials(t.db, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
      expect(await count()).toBe(0);

      const doomed = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(doomed.code, { answers: { name: 'A' } })).body.data;
      expect((await t.request(`/v1/forms/${doomed.id}`, { method: 'DELETE', key })).status).toBe(200);
      const left = await t.db.selectFrom('partials').select('id').where('form_id', '=', doomed.id).execute();
      expect(left).toHaveLength(0);
      expectGone(await p.get(doomed.code, resumeToken));
    });

    it('keeps the uploads a partial names until it expires, then they are swept', async () => {
      const form = await publishForm(t, key, surveySchema());
      const upload = async () => {
        const body = new FormData();
        body.append('fieldId', 'photo');
        body.append('file', new Blob([TINY_PNG]), 'photo.png');
        const res = await fetch(`${t.url}/v1/public/forms/${form.code}/uploads`, { method: 'POST', body });
        // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
        return ((await res.json()) as any).data;
      };
      const fileOf = (uploadId: string) => join(t.dataDir, 'uploads', 'forms', form.id, uploadId);
      const kept = await upload();
      const { resumeToken } = (await p.create(form.code, { answers: { name: 'Ada', photo: kept } })).body
        .data;
      const base = { name: 'Ada', email: 'ada@example.org', hasPets: 'no' };
      try {
        // Past the 24 hours of an unclaimed upload: the partial's reference keeps it.
        t.clock.advance(2 * DAY);
        await upload(); // runs the upload sweep
        expect(existsSync(fileOf(kept.uploadId))).toBe(true);
        const done = await p.complete(form.code, resumeToken, { answers: base });
        expect(done.status).toBe(201);
        const stored = await t.request(`/v1/forms/${form.id}/responses/${done.body.data.responseId}`, {
          key,
        });
        expect(stored.body.data.answers.photo.uploadId).toBe(kept.uploadId);

        // An upload of a partial that is never completed goes when the partial does.
        const orphan = await upload();
        await p.create(form.code, { answers: { photo: orphan } });
        t.clock.advance(7 * DAY + 120_000);
        expect(await purgeExpiredPartials(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
        await upload();
        await expect.poll(() => existsSync(fileOf(orphan.uploadId))).toBe(false);
        expect(existsSync(fileOf(kept.uploadId))).toBe(true);
      } finally {
        t.clock.reset();
      }
    });

    it('never writes a token into the log, whatever the answer', async () => {
      const form = await publishForm(t, key, contactSchema());
      const { resumeToken } = (await p.create(form.code, { answers: { name: 'Ada' } })).body.data;
      await p.get(form.code, resumeToken);
      await p.put(form.code, resumeToken, { answers: { age: 'x' } });
      await p.get(form.code, `${resumeToken}x`);
      await t.request(`/v1/public/forms/${form.code}/partials/${resumeToken}/nowhere`);
      await p.complete(form.code, resumeToken);
      const lines = t.logs.filter((l) => l.includes('"request"'));
      expect(lines.some((l) => l.includes('/v1/public/forms/:code/partials/:token'))).toBe(true);
      for (const line of t.logs) {
        expect(line).not.toContain(resumeToken);
        expect(line).not.toContain(form.code);
      }
    });
  },
  { publicRateLimit: false },
);

describeEachDialect(
  'partial responses: the public per-address limit',
  (t) => {
    it('counts the partial routes like the other public routes', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, contactSchema());
      const p = api(t);
      const { resumeToken } = (await p.create(form.code, {})).body.data;
      expect((await p.get(form.code, resumeToken)).status).toBe(200);
      const limited = await p.put(form.code, resumeToken, { answers: {} });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('TOO_MANY_REQUESTS');
      expect(limited.headers.get('retry-after')).not.toBeNull();
      for (const line of t.logs) expect(line).not.toContain(resumeToken);
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 } },
);
