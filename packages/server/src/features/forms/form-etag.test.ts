import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { ifMatchHolds } from './form-etag.js';

describe('ifMatchHolds', () => {
  it.each([
    ['"3"', 3, true],
    ['"2"', 3, false],
    ['*', 7, true],
    ['"1", "3"', 3, true],
    ['W/"3"', 3, false],
    ['3', 3, false],
    ['', 3, false],
  ])('If-Match %s against version %i: %s', (header, version, holds) => {
    expect(ifMatchHolds(header, version)).toBe(holds);
  });
});

describeEachDialect('form ETag and If-Match', (t) => {
  let key = '';
  beforeAll(async () => {
    ({ key } = await t.account());
  });

  async function createForm(test: TestServer) {
    const res = await test.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Versioned', schema: contactSchema() },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  async function etagOf(id: string): Promise<string> {
    const res = await t.request(`/v1/forms/${id}`, { key });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    return etag!;
  }

  it('GET answers an ETag that every edit changes, and each edit answers the new one', async () => {
    const id = await createForm(t);
    const first = await etagOf(id);
    const patched = await t.request(`/v1/forms/${id}/fields/name`, {
      method: 'PATCH',
      key,
      json: { label: 'Full name' },
      headers: { 'if-match': first },
    });
    expect(patched.status).toBe(200);
    const second = patched.headers.get('etag');
    expect(second).not.toBe(first);
    expect(await etagOf(id)).toBe(second);
  });

  it('refuses every edit route with a stale If-Match (412) and writes nothing', async () => {
    const id = await createForm(t);
    const stale = await etagOf(id);
    // A change made elsewhere meanwhile (no If-Match: today's behaviour).
    const elsewhere = await t.request(`/v1/forms/${id}`, { method: 'PATCH', key, json: { title: 'Other' } });
    expect(elsewhere.status).toBe(200);
    const current = await etagOf(id);

    const field = { id: 'extra', sectionId: 'main', type: 'text', label: 'Extra', order: 9 };
    const attempts = [
      t.request(`/v1/forms/${id}/fields`, {
        method: 'POST',
        key,
        json: field,
        headers: { 'if-match': stale },
      }),
      t.request(`/v1/forms/${id}/fields/name`, {
        method: 'PATCH',
        key,
        json: { label: 'Lost' },
        headers: { 'if-match': stale },
      }),
      t.request(`/v1/forms/${id}/fields/email`, { method: 'DELETE', key, headers: { 'if-match': stale } }),
      t.request(`/v1/forms/${id}`, {
        method: 'PATCH',
        key,
        json: { title: 'Lost' },
        headers: { 'if-match': stale },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(412);
      expect(res.body.error).toBe('PRECONDITION_FAILED');
      expect(res.body.message).toMatch(/changed since/);
    }
    const after = await t.request(`/v1/forms/${id}`, { key });
    expect(after.headers.get('etag')).toBe(current);
    expect(after.body.data.title).toBe('Other');
    expect(after.body.data.schema.fields.map((f: { id: string }) => f.id)).toEqual(
      contactSchema().fields.map((f) => f.id),
    );
    expect(after.body.data.schema.fields[0].label).toBe('Name');
  });

  it('two editors holding the same ETag: exactly one concurrent edit wins, the other gets 412', async () => {
    const id = await createForm(t);
    const etag = await etagOf(id);
    const edit = (label: string) =>
      t.request(`/v1/forms/${id}/fields/name`, {
        method: 'PATCH',
        key,
        json: { label },
        headers: { 'if-match': etag },
      });
    const results = await Promise.all([edit('By A'), edit('By B'), edit('By C')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412, 412]);
    const winner = results.find((r) => r.status === 200)!;
    const stored = await t.request(`/v1/forms/${id}`, { key });
    expect(stored.body.data.schema.fields[0].label).toBe(winner.body.data.schema.fields[0].label);
    expect(stored.headers.get('etag')).toBe(winner.headers.get('etag'));
  });

  it('without If-Match, or with *, edits apply as before', async () => {
    const id = await createForm(t);
    const plain = await t.request(`/v1/forms/${id}/fields/name`, {
      method: 'PATCH',
      key,
      json: { label: 'A' },
    });
    expect(plain.status).toBe(200);
    const star = await t.request(`/v1/forms/${id}/fields/name`, {
      method: 'PATCH',
      key,
      json: { label: 'B' },
      headers: { 'if-match': '*' },
    });
    expect(star.status).toBe(200);
    expect(star.body.data.schema.fields[0].label).toBe('B');
  });

  it('sets and removes a field prefill through the field route', async () => {
    const id = await createForm(t);
    const set = await t.request(`/v1/forms/${id}/fields/email`, {
      method: 'PATCH',
      key,
      json: { prefill: { param: 'mail', editable: false } },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.schema.fields[1].prefill).toEqual({ param: 'mail', editable: false });
    const cleared = await t.request(`/v1/forms/${id}/fields/email`, {
      method: 'PATCH',
      key,
      json: { prefill: null },
    });
    expect(cleared.body.data.schema.fields[1].prefill).toBeUndefined();
  });
});
