import type { FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { signedInMember } from '../../../test/support/members-kit.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** The contact form with a hidden customer number and a name a link may prefill. */
function linkedSchema(): FormSchema {
  const schema = contactSchema();
  schema.fields.push({ id: 'customer', sectionId: 'main', type: 'hidden', label: 'Customer', order: 98 });
  schema.fields[0] = { ...schema.fields[0]!, prefill: { param: 'who' } };
  schema.fields[2] = { ...schema.fields[2]!, prefill: {} };
  return schema;
}

const ANSWERS = { name: 'Ada', contact: 'email', email: 'ada@example.com' };
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describeEachDialect('personal links', (t: TestServer) => {
  let key = '';
  let accountId = '';
  beforeAll(async () => {
    ({ key, accountId } = await t.account('MAX'));
  });

  const createLinks = (id: string, json: unknown, k = key) =>
    t.request(`/v1/forms/${id}/links`, { method: 'POST', key: k, json });
  const submit = (code: string, json: unknown, headers?: Record<string, string>) =>
    t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json, headers });
  const setOneResponse = (id: string, oneResponse: 'link' | 'email' | null) =>
    t.request(`/v1/forms/${id}/access`, { method: 'PUT', key, json: { oneResponse } });

  it('creates links with URLs shown once, lists them used or not without URLs, and stores hashes only', async () => {
    const form = await publishForm(t, key, linkedSchema());
    const created = await createLinks(form.id, {
      recipients: [{ email: 'ann@example.com', prefill: { who: 'Ann', customer: 'C-17' } }, {}],
    });
    expect(created.status, created.text).toBe(201);
    const [ann, anon] = created.body.data.links;
    expect(created.body.data.mailed).toBe(0);
    expect(ann.url).toMatch(
      new RegExp(`^https://forms\\.example\\.test/f/${form.code}\\?t=[A-Za-z0-9_-]{43}$`),
    );
    expect(ann).toMatchObject({
      email: 'ann@example.com',
      prefill: { who: 'Ann', customer: 'C-17' },
      usedAt: null,
    });
    expect(anon).toMatchObject({ email: null, prefill: null, responseId: null });
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('form_links').selectAll().where('form_id', '=', form.id).execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(ann.url));

    const res = await submit(form.code, { answers: ANSWERS, linkToken: tokenOf(ann.url) });
    expect(res.status, res.text).toBe(201);
    const list = await t.request(`/v1/forms/${form.id}/links?limit=1`, { key });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 1, hasMore: true });
    const all = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
    expect(all.map((l: { url?: string }) => l.url)).toEqual([undefined, undefined]);
    const used = all.find((l: { id: string }) => l.id === ann.id);
    expect(used.responseId).toBe(res.body.data.responseId);
    expect(used.usedAt).toBe(res.body.data.submittedAt);
    expect(all.find((l: { id: string }) => l.id === anon.id).usedAt).toBeNull();

    const audit = await t.request(`/v1/audit-log?targetId=${form.id}&action=form.links_created`, { key });
    expect(audit.body.data.entries).toHaveLength(1);
  });

  it('takes 1 to 1,000 recipients and checks each prefill against the form', async () => {
    const form = await publishForm(t, key, linkedSchema());
    const many = Array.from({ length: 1000 }, (_, i) => ({ email: `r${i}@example.com` }));
    const started = performance.now();
    const thousand = await createLinks(form.id, { recipients: many });
    const ms = Math.round(performance.now() - started);
    expect(thousand.status, thousand.text).toBe(201);
    expect(thousand.body.data.links).toHaveLength(1000);
    expect(new Set(thousand.body.data.links.map((l: { url: string }) => l.url)).size).toBe(1000);
    console.info(`[measure] ${t.dialect}: 1,000 links created in ${ms} ms`);
    expect((await createLinks(form.id, { recipients: [...many, {}] })).status).toBe(400);
    expect((await createLinks(form.id, { recipients: [] })).status).toBe(400);
    const unknown = await createLinks(form.id, { recipients: [{ prefill: { age: '40' } }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe('body.recipients.0.prefill.age');
    // An option the field does not have; a rule (the name's maxLength) is checked at submission.
    const wrongType = await createLinks(form.id, { recipients: [{}, { prefill: { contact: 'fax' } }] });
    expect(wrongType.status, wrongType.text).toBe(400);
    expect(wrongType.body.issues[0].path).toBe('body.recipients.1.prefill.contact');
  });

  it('a link answers once: a second use is 409 ALREADY_ANSWERED, a retry under its key gets the same response', async () => {
    const form = await publishForm(t, key, linkedSchema());
    const [link] = (await createLinks(form.id, { recipients: [{}] })).body.data.links;
    const body = { answers: ANSWERS, linkToken: tokenOf(link.url) };
    const first = await submit(form.code, body, { 'idempotency-key': 'link-retry-1' });
    expect(first.status, first.text).toBe(201);
    const retry = await submit(form.code, body, { 'idempotency-key': 'link-retry-1' });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data.responseId).toBe(first.body.data.responseId);
    const again = await submit(form.code, body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_ANSWERED');
    // Without oneResponse, answers without a link are still taken.
    expect((await submit(form.code, { answers: ANSWERS })).status).toBe(201);
  });

  it('two concurrent submissions through one link store exactly one response', async () => {
    const form = await publishForm(t, key, linkedSchema());
    const [link] = (await createLinks(form.id, { recipients: [{}] })).body.data.links;
    const body = { answers: ANSWERS, linkToken: tokenOf(link.url) };
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(form.code, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const stored = await t.db.selectFrom('responses').select('id').where('form_id', '=', form.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('with oneResponse link: no link or an unknown one is 403 LINK_REQUIRED, a revoked one too', async () => {
    const form = await publishForm(t, key, linkedSchema());
    expect((await setOneResponse(form.id, 'link')).status).toBe(200);
    const [kept, revoked] = (await createLinks(form.id, { recipients: [{}, {}] })).body.data.links;
    const none = await submit(form.code, { answers: ANSWERS });
    expect([none.status, none.body.error]).toEqual([403, 'LINK_REQUIRED']);
    const unknown = await submit(form.code, { answers: ANSWERS, linkToken: 'x'.repeat(43) });
    expect([unknown.status, unknown.body.error]).toEqual([403, 'LINK_REQUIRED']);
    const gone = await t.request(`/v1/forms/${form.id}/links/${revoked.id}`, { method: 'DELETE', key });
    expect(gone.status, gone.text).toBe(200);
    expect(
      (await t.request(`/v1/forms/${form.id}/links/${revoked.id}`, { method: 'DELETE', key })).status,
    ).toBe(404);
    const late = await submit(form.code, { answers: ANSWERS, linkToken: tokenOf(revoked.url) });
    expect([late.status, late.body.error]).toEqual([403, 'LINK_REQUIRED']);
    // The public read still answers: the page tells the respondent what it needs.
    expect((await t.request(`/v1/public/forms/${form.code}`)).status).toBe(200);
    expect((await submit(form.code, { answers: ANSWERS, linkToken: tokenOf(kept.url) })).status).toBe(201);
    const revokedAudit = await t.request(`/v1/audit-log?targetId=${form.id}&action=form.link_revoked`, {
      key,
    });
    expect(revokedAudit.body.data.entries).toHaveLength(1);
  });

  it("a link's prefill of a hidden field is the answer, whatever the submission sends", async () => {
    const form = await publishForm(t, key, linkedSchema());
    const [link] = (
      await createLinks(form.id, { recipients: [{ prefill: { who: 'Ann', customer: 'C-17' } }] })
    ).body.data.links;
    const res = await submit(form.code, {
      answers: { ...ANSWERS, name: 'Ann B.', customer: 'C-99' },
      linkToken: tokenOf(link.url),
    });
    expect(res.status, res.text).toBe(201);
    const read = await t.request(`/v1/forms/${form.id}/responses/${res.body.data.responseId}`, { key });
    // The name stays editable (the respondent's own), the hidden customer number is the link's.
    expect(read.body.data.answers).toMatchObject({ name: 'Ann B.', customer: 'C-17' });
  });

  it("a completed partial goes through the link's rule too", async () => {
    const form = await publishForm(t, key, linkedSchema());
    expect((await setOneResponse(form.id, 'link')).status).toBe(200);
    const [link] = (await createLinks(form.id, { recipients: [{}] })).body.data.links;
    const saved = await t.request(`/v1/public/forms/${form.code}/partials`, {
      method: 'POST',
      json: { answers: { name: 'Ada' } },
    });
    const token = saved.body.data.resumeToken as string;
    const complete = (json: unknown) =>
      t.request(`/v1/public/forms/${form.code}/partials/${token}/complete`, { method: 'POST', json });
    const refused = await complete({ answers: ANSWERS });
    expect([refused.status, refused.body.error]).toEqual([403, 'LINK_REQUIRED']);
    const done = await complete({ answers: ANSWERS, linkToken: tokenOf(link.url) });
    expect(done.status, done.text).toBe(201);
    const links = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
    expect(links[0].responseId).toBe(done.body.data.responseId);
  });

  it("another account's form is a 404; a viewer lists links but cannot create or revoke them", async () => {
    const form = await publishForm(t, key, linkedSchema());
    const other = await t.account('MAX');
    expect((await createLinks(form.id, { recipients: [{}] }, other.key)).status).toBe(404);
    expect((await t.request(`/v1/forms/${form.id}/links`, { key: other.key })).status).toBe(404);
    const [link] = (await createLinks(form.id, { recipients: [{}] })).body.data.links;
    expect(
      (await t.request(`/v1/forms/${form.id}/links/${link.id}`, { method: 'DELETE', key: other.key })).status,
    ).toBe(404);
    const viewer = await signedInMember(t, accountId, 'viewer');
    expect((await t.request(`/v1/forms/${form.id}/links`, { headers: viewer.headers })).status).toBe(200);
    const refused = await t.request(`/v1/forms/${form.id}/links`, {
      method: 'POST',
      json: { recipients: [{}] },
      headers: viewer.headers,
    });
    expect(refused.status).toBe(403);
  });
});
