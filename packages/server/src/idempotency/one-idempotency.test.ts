import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { publishForm } from '../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../test/support/test-server.js';
import { IDEMPOTENCY_TTL_MS } from './expiry.js';
import { createIdempotencyStore } from './idempotency-store.js';

/** `value` with the keys of every object reversed (arrays keep their order). */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  ) as T;
}

const publishedForm = (t: TestServer, key: string) => publishForm(t, key, contactSchema(), 'Contact');

const submit = (t: TestServer, code: string, answers: unknown, idem: string) =>
  t.request(`/v1/public/forms/${code}/responses`, {
    method: 'POST',
    json: { answers },
    headers: { 'idempotency-key': idem },
  });

async function responseCount(t: TestServer, formId: string): Promise<number> {
  const rows = await t.db.selectFrom('responses').select('id').where('form_id', '=', formId).execute();
  return rows.length;
}

/**
 * docs/server.md "One idempotency": one rule, one fingerprint and one expiry for both kinds of idempotent
 * route.
 */
describeEachDialect('one idempotency for create routes and public submissions', (t) => {
  it('a create retried with its keys in another order (nested too) is the same request', async () => {
    const { key, accountId } = await t.account();
    const body = { title: 'Ordered', schema: contactSchema() };
    const idem = randomUUID();
    const first = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: body,
      headers: { 'idempotency-key': idem },
    });
    expect(first.status).toBe(201);
    const again = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: reversedKeys(body),
      headers: { 'idempotency-key': idem },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { ...body, title: 'Other' },
      headers: { 'idempotency-key': idem },
    });
    expect(other.status).toBe(409);
    const forms = await t.db.selectFrom('forms').select('id').where('account_id', '=', accountId).execute();
    expect(forms).toHaveLength(1);
  });

  it('a submission retried with its answers in another order is the same submission', async () => {
    const { key } = await t.account();
    const form = await publishedForm(t, key);
    const answers = { name: 'Ada', contact: 'email', age: 42 };
    const idem = randomUUID();
    const first = await submit(t, form.code, answers, idem);
    expect(first.status).toBe(201);
    const again = await submit(t, form.code, reversedKeys(answers), idem);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect((await submit(t, form.code, { ...answers, age: 43 }, idem)).status).toBe(409);
    expect(await responseCount(t, form.id)).toBe(1);
  });

  it('the key rule of the contract holds on the public route too: a malformed key is a 400 naming the header', async () => {
    const { key } = await t.account();
    const form = await publishedForm(t, key);
    const res = await submit(t, form.code, { name: 'Ada' }, 'has spaces in it');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('idempotency-key');
    expect(await responseCount(t, form.id)).toBe(0);
  });

  it('a submission key expires as a create key does: after 24 hours it is free again', async () => {
    const { key } = await t.account();
    const form = await publishedForm(t, key);
    const idem = randomUUID();
    const first = await submit(t, form.code, { name: 'Day one' }, idem);
    expect(first.status).toBe(201);
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    try {
      // Still remembered just before the end of the window.
      expect((await submit(t, form.code, { name: 'Day one' }, idem)).body.data).toEqual(first.body.data);
      expect((await submit(t, form.code, { name: 'Day two' }, idem)).status).toBe(409);
      t.clock.advance(61_000);
      const later = await submit(t, form.code, { name: 'Day two' }, idem);
      expect(later.status).toBe(201);
      expect(later.body.data.responseId).not.toBe(first.body.data.responseId);
      // The new submission holds the key now.
      expect((await submit(t, form.code, { name: 'Day two' }, idem)).body.data).toEqual(later.body.data);
      expect(await responseCount(t, form.id)).toBe(2);
    } finally {
      t.clock.reset();
    }
  });

  it('one purge forgets the expired keys of both kinds and keeps the rest', async () => {
    const { key, accountId } = await t.account();
    const form = await publishedForm(t, key);
    const createKey = randomUUID();
    const submitKey = randomUUID();
    await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Purged' },
      headers: { 'idempotency-key': createKey },
    });
    const old = await submit(t, form.code, { name: 'Old' }, submitKey);
    expect(old.status).toBe(201);
    const store = createIdempotencyStore(t.db);
    const keysOf = async () => ({
      creates: (
        await t.db.selectFrom('idempotency_keys').select('key').where('account_id', '=', accountId).execute()
      ).map((r) => r.key),
      submissions: (
        await t.db
          .selectFrom('responses')
          .select(['idempotency_key', 'idempotency_fingerprint'])
          .where('form_id', '=', form.id)
          .execute()
      ).map((r) => [r.idempotency_key, r.idempotency_fingerprint === null]),
    });

    await store.purgeExpired(new Date(t.clock.now().getTime() + IDEMPOTENCY_TTL_MS - 60_000));
    expect(await keysOf()).toEqual({ creates: [createKey], submissions: [[submitKey, false]] });

    await store.purgeExpired(new Date(t.clock.now().getTime() + IDEMPOTENCY_TTL_MS + 60_000));
    expect(await keysOf()).toEqual({ creates: [], submissions: [[null, true]] });
    // The response itself stays.
    const stored = await t.request(`/v1/forms/${form.id}/responses/${old.body.data.responseId}`, { key });
    expect(stored.status).toBe(200);
  });
});
