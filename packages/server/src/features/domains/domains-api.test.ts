import { randomUUID } from 'node:crypto';
import type { FormSchema, Role } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DnsStandIn, startDnsStandIn } from '../../../test/support/dns-stand-in.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { DASHBOARD_ORIGIN, signedInMember } from '../../../test/support/members-kit.js';
import { requestOnHost } from '../../../test/support/net-kit.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

const ORIGIN = DASHBOARD_ORIGIN;

let dns: DnsStandIn;
beforeAll(async () => {
  dns = await startDnsStandIn();
});
afterAll(async () => {
  await dns.close();
});

/** A member of `accountId` with `role`, signed in: the headers the dashboard sends. */
const signedIn = async (t: TestServer, accountId: string, role: Role = 'owner') =>
  (await signedInMember(t, accountId, role)).headers;

const onHost = (t: TestServer, host: string, path: string, post?: FormData) =>
  requestOnHost(t.url, host, path, post);

const withSlug = (slug: string, title = `Form ${slug}`): FormSchema => {
  const schema = contactSchema();
  return { ...schema, meta: { ...schema.meta, title }, settings: { ...schema.settings, slug } };
};

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}.example.org`;

describeEachDialect(
  'custom domains over the API',
  (t) => {
    /** An account with a signed-in owner and a verified domain. */
    async function verifiedDomain() {
      const { accountId, key } = await t.account();
      const headers = await signedIn(t, accountId);
      const hostname = unique('forms');
      const added = await t.request('/v1/domains', { method: 'POST', headers, json: { hostname } });
      expect(added.status, added.text).toBe(201);
      const domain = added.body.data;
      dns.txt(domain.verification.txtName, [domain.verification.txtValue]);
      const verified = await t.request(`/v1/domains/${domain.id}/verify`, { method: 'POST', headers });
      expect(verified.body.data.status).toBe('verified');
      return { accountId, key, headers, hostname, id: domain.id as string };
    }

    it('adds a domain pending, with the TXT record to create, and verifies it by that record only', async () => {
      const { accountId } = await t.account();
      const headers = await signedIn(t, accountId);
      const hostname = unique('Shop');
      const added = await t.request('/v1/domains', {
        method: 'POST',
        headers,
        json: { hostname: `${hostname.toUpperCase()}.` },
      });
      expect(added.status, added.text).toBe(201);
      const domain = added.body.data;
      expect(domain).toMatchObject({
        hostname: hostname.toLowerCase(),
        status: 'pending',
        rootFormId: null,
        lastCheck: null,
        verifiedAt: null,
        verification: { txtName: `_formloom.${hostname.toLowerCase()}` },
      });
      expect(domain.verification.txtValue).toMatch(/^formloom-verify=[\w-]{32}$/);
      const verify = () => t.request(`/v1/domains/${domain.id}/verify`, { method: 'POST', headers });

      // No record yet.
      let checked = await verify();
      expect(checked.status, checked.text).toBe(200);
      expect(checked.body.data).toMatchObject({ status: 'pending', lastCheck: { result: 'no_record' } });
      expect(dns.asked).toContain(domain.verification.txtName);

      // Another value (another domain's token, a typo).
      dns.txt(domain.verification.txtName, ['formloom-verify=somebody-else', 'v=spf1 -all']);
      checked = await verify();
      expect(checked.body.data).toMatchObject({ status: 'pending', lastCheck: { result: 'wrong_value' } });

      // The DNS server failing is not a missing record.
      dns.fail(domain.verification.txtName);
      checked = await verify();
      expect(checked.body.data).toMatchObject({ status: 'pending', lastCheck: { result: 'dns_error' } });

      // The right value, beside others; a long value split in strings is read joined.
      dns.txt(domain.verification.txtName, ['v=spf1 -all', domain.verification.txtValue]);
      checked = await verify();
      expect(checked.body.data).toMatchObject({ status: 'verified', lastCheck: { result: 'verified' } });
      expect(checked.body.data.verifiedAt).not.toBeNull();

      const listed = await t.request('/v1/domains', { headers });
      expect(listed.body.data.domains.map((d: { id: string }) => d.id)).toEqual([domain.id]);
      const got = await t.request(`/v1/domains/${domain.id}`, { headers });
      expect(got.body.data.status).toBe('verified');

      // Adding it twice is a clash; the audit log has each change.
      const twice = await t.request('/v1/domains', { method: 'POST', headers, json: { hostname } });
      expect(twice.status).toBe(409);
      const audit = await t.request(`/v1/audit-log?targetId=${domain.id}`, { headers });
      expect(audit.body.data.entries.map((e: { action: string }) => e.action).sort()).toEqual([
        'domain.added',
        'domain.verified',
      ]);
    });

    it("refuses what is not a domain, and the server's own host", async () => {
      const { accountId } = await t.account();
      const headers = await signedIn(t, accountId);
      for (const hostname of ['https://x.example.org', 'localhost', '192.168.1.10', 'x.example.org/path']) {
        const res = await t.request('/v1/domains', { method: 'POST', headers, json: { hostname } });
        expect(res.status, hostname).toBe(400);
      }
      const own = await t.request('/v1/domains', {
        method: 'POST',
        headers,
        json: { hostname: new URL(ORIGIN).hostname },
      });
      expect(own.status).toBe(400);
    });

    it("keeps accounts apart: another account's domain is not found, and a host is verified for one account", async () => {
      const mine = await verifiedDomain();
      const { accountId: otherAccount } = await t.account();
      const other = await signedIn(t, otherAccount);
      for (const [method, path, json] of [
        ['GET', `/v1/domains/${mine.id}`],
        ['POST', `/v1/domains/${mine.id}/verify`],
        ['PATCH', `/v1/domains/${mine.id}`, { rootFormId: null }],
        ['DELETE', `/v1/domains/${mine.id}`],
      ] as const) {
        const res = await t.request(path, { method, headers: other, ...(json ? { json } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await t.request('/v1/domains', { headers: other })).body.data.domains).toEqual([]);

      // The other account may add the host, and even hold the record, but not take it over.
      const added = await t.request('/v1/domains', {
        method: 'POST',
        headers: other,
        json: { hostname: mine.hostname },
      });
      expect(added.status).toBe(201);
      const { txtName, txtValue } = added.body.data.verification;
      dns.txt(txtName, [txtValue]);
      const taken = await t.request(`/v1/domains/${added.body.data.id}/verify`, {
        method: 'POST',
        headers: other,
      });
      expect(taken.status, taken.text).toBe(409);

      // A root form of another account is not found either.
      const otherKey = (await t.account()).key;
      const foreign = await publishForm(t, otherKey, withSlug('foreign'));
      const patched = await t.request(`/v1/domains/${mine.id}`, {
        method: 'PATCH',
        headers: mine.headers,
        json: { rootFormId: foreign.id },
      });
      expect(patched.status).toBe(404);
    });

    it('lets owners and admins manage domains, not editors, viewers or API keys', async () => {
      const { accountId, key } = await t.account();
      for (const role of ['owner', 'admin'] as const) {
        const headers = await signedIn(t, accountId, role);
        const res = await t.request('/v1/domains', {
          method: 'POST',
          headers,
          json: { hostname: unique(role) },
        });
        expect(res.status, role).toBe(201);
      }
      for (const role of ['editor', 'viewer'] as const) {
        const headers = await signedIn(t, accountId, role);
        expect((await t.request('/v1/domains', { headers })).status, role).toBe(403);
        const res = await t.request('/v1/domains', {
          method: 'POST',
          headers,
          json: { hostname: unique(role) },
        });
        expect(res.status, role).toBe(403);
      }
      expect((await t.request('/v1/domains', { key })).status).toBe(403);
    });

    it('answers the TLS proxy 200 for a verified domain only', async () => {
      const { hostname, id, headers } = await verifiedDomain();
      const ask = (domain: string) => t.request(`/v1/domains/allowed?domain=${encodeURIComponent(domain)}`);
      const yes = await ask(hostname);
      expect(yes.status).toBe(200);
      expect(yes.body.data).toEqual({ hostname });
      expect((await ask(hostname.toUpperCase())).status).toBe(200);
      expect((await ask(unique('nobody'))).status).toBe(404);
      expect((await t.request('/v1/domains/allowed')).status).toBe(404);

      const { accountId } = await t.account();
      const pending = await t.request('/v1/domains', {
        method: 'POST',
        headers: await signedIn(t, accountId),
        json: { hostname: unique('pending') },
      });
      expect((await ask(pending.body.data.hostname)).status).toBe(404);

      // Removed, it is not served any more.
      expect((await t.request(`/v1/domains/${id}`, { method: 'DELETE', headers })).status).toBe(200);
      expect((await ask(hostname)).status).toBe(404);
      expect((await t.request(`/v1/domains/${id}`, { headers })).status).toBe(404);
    });

    it('keeps a slug unique in the account and refuses reserved words', async () => {
      const { key } = await t.account();
      const first = await publishForm(t, key, withSlug('contact'));
      expect(first.id).toBeDefined();
      const clash = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Again', schema: withSlug('contact') },
      });
      expect(clash.status, clash.text).toBe(409);
      expect(clash.body.message).toContain('contact');

      // Another form may take it by an edit only once the first lets it go.
      const second = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Second', schema: withSlug('second') },
      });
      expect(second.status, second.text).toBe(201);
      // An edit of the settings alone: a clash is refused, null lets the slug go.
      const secondId = second.body.data.id as string;
      const patch = (id: string, slug: string | null) =>
        t.request(`/v1/forms/${id}`, { method: 'PATCH', key, json: { settings: { slug } } });
      expect((await patch(secondId, 'contact')).status).toBe(409);
      expect((await patch(secondId, 'other-one')).status).toBe(200);
      expect((await patch(secondId, null)).status).toBe(200);
      const read = await t.request(`/v1/forms/${secondId}`, { key });
      expect(read.body.data.settings.slug).toBeUndefined();
      expect((await patch(secondId, 'other-one')).status).toBe(200);
      const reserved = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Reserved', schema: withSlug('v1') },
      });
      expect(reserved.status).toBe(400);

      // Another account may use the same slug.
      const other = (await t.account()).key;
      expect((await publishForm(t, other, withSlug('contact'))).id).toBeDefined();
      // A deleted form frees its slug.
      expect((await t.request(`/v1/forms/${first.id}`, { method: 'DELETE', key })).status).toBe(200);
      const again = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Again', schema: withSlug('contact') },
      });
      expect(again.status, again.text).toBe(201);
    });

    it('serves a form by its slug on a verified host, the root form at /, and nothing else', async () => {
      const { key, headers, hostname, id } = await verifiedDomain();
      const form = await publishForm(t, key, withSlug('apply', 'Apply here'));
      const page = await onHost(t, hostname, '/apply?lang=en');
      expect(page.status, page.text).toBe(200);
      expect(page.text).toContain('Apply here');
      // The same page as the share link's, with the same headers and policy, its assets on the host too.
      const share = await t.request(`/f/${form.code.split('/').pop()}?lang=en`);
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'content-type',
        'referrer-policy',
      ]) {
        expect(page.headers[header], header).toBe(share.headers.get(header));
      }
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // (but for the plain post's one-time token)
      const untokened = (text: string) => text.replace(/name="fl_token" value="[^"]*"/, '');
      expect(untokened(page.text)).toBe(untokened(share.text));
      const asset = /href="assets\/([^"]+\.css)"/.exec(page.text)?.[1];
      expect(asset).toBeDefined();
      const css = await onHost(t, hostname, `/assets/${asset}`);
      expect(css.status).toBe(200);
      expect(css.headers['content-type']).toContain('text/css');

      // No form with that slug, no root form yet: a plain 404.
      const missing = await onHost(t, hostname, '/nothing-here');
      expect(missing.status).toBe(404);
      expect(missing.text).toBe('Not found');
      expect((await onHost(t, hostname, '/')).status).toBe(404);

      // Another account's slug is not served on this host.
      const other = (await t.account()).key;
      await publishForm(t, other, withSlug('theirs', 'Not yours'));
      const theirs = await onHost(t, hostname, '/theirs');
      expect(theirs.status).toBe(404);
      expect(theirs.text).not.toContain('Not yours');

      // The root form.
      const patched = await t.request(`/v1/domains/${id}`, {
        method: 'PATCH',
        headers,
        json: { rootFormId: form.id },
      });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body.data.rootFormId).toBe(form.id);
      const root = await onHost(t, hostname, '/');
      expect(root.status).toBe(200);
      expect(root.text).toContain('Apply here');

      // Reserved paths are the server's own on every host.
      const api = await onHost(t, hostname, `/v1/public/forms/${form.code.split('/').pop()}`);
      expect(api.status).toBe(200);
      expect(JSON.parse(api.text).data.title).toBe('Apply here');

      // Without JavaScript the page posts to its own address on the domain, and thanks there.
      const token = /name="fl_token" value="([^"]+)"/.exec(page.text)?.[1];
      expect(token).toBeDefined();
      const answers = new FormData();
      answers.append('fl_token', token!);
      answers.append('name', 'Ada');
      answers.append('fl_action', 'submit');
      const posted = await onHost(t, hostname, '/apply', answers);
      expect(posted.status, posted.text).toBe(303);
      const thanks = String(posted.headers.location);
      expect(thanks).toMatch(new RegExp(`^/f/${form.code.split('/').pop()}/done\\?r=`));
      const done = await onHost(t, hostname, thanks);
      expect(done.status).toBe(200);
      expect(done.text).toContain('fl-done-message');
      const stored = await t.request(`/v1/forms/${form.id}/responses`, { key });
      expect(stored.body.data.responses.map((r: { answers: { name?: string } }) => r.answers.name)).toEqual([
        'Ada',
      ]);

      // The domain's share pages serve its account's forms only, and no interview page.
      const theirCode = (await publishForm(t, other, withSlug('elsewhere', 'Their form'))).code;
      const foreign = await onHost(t, hostname, `/f/${theirCode}`);
      expect(foreign.status).toBe(404);
      expect(foreign.text).not.toContain('Their form');
      expect((await onHost(t, hostname, `/f/${theirCode}/done`)).status).toBe(404);
      expect((await onHost(t, hostname, `/s/${theirCode}`)).status).toBe(404);
      expect((await onHost(t, hostname, `/f/${form.code}`)).status).toBe(200);
      // On the server's own host, every share link is served as ever.
      expect((await t.request(`/f/${theirCode}`)).status).toBe(200);

      // An unknown or unverified host serves no slug.
      expect((await onHost(t, unique('unknown'), '/apply')).status).toBe(404);
      // The server's own host behaves as it did: no form at /<slug>.
      const own = await onHost(t, new URL(ORIGIN).host, '/apply');
      expect(own.status).toBe(404);
      expect(own.text).not.toContain('Apply here');
    });
  },
  { appConfig: () => ({ dnsServers: [dns.address] }) },
);
