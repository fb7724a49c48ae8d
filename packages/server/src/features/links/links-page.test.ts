import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';

/** The contact form with a hidden customer number a link fixes, single page. */
function linkedSchema(): FormSchema {
  const schema = contactSchema();
  schema.fields.push({ id: 'customer', sectionId: 'main', type: 'hidden', label: 'Customer', order: 98 });
  schema.fields[0] = { ...schema.fields[0]!, prefill: {} };
  return schema;
}

/** A browser without JavaScript: the page's token and fields posted back as multipart. */
async function postForm(t: TestServer, path: string, fields: Record<string, string>, cookie = '') {
  const page = await fetch(`${t.url}${path}`, { headers: cookie === '' ? {} : { cookie } });
  const text = await page.text();
  const body = new FormData();
  for (const m of text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    body.append(m[1]!, m[2]!.replaceAll('&amp;', '&'));
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: cookie === '' ? {} : { cookie },
  });
  return { page: text, status: res.status, location: res.headers.get('location'), text: await res.text() };
}

async function postUrlencoded(t: TestServer, path: string, fields: Record<string, string>, cookie = '') {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie === '' ? {} : { cookie }) },
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie') ?? '',
    text: await res.text(),
  };
}

const ANSWERS = { name: 'Ann', contact: 'email', email: 'ann@example.com' };

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp?.close();
});

describeEachDialect(
  'the page of a form answered once per person, without JavaScript',
  (t: TestServer) => {
    let key = '';
    beforeAll(async () => {
      ({ key } = await t.account('MAX'));
    });

    it('a personal link: the page prefills from it, keeps its token for the post, and says so once it is used', async () => {
      const form = await publishForm(t, key, linkedSchema());
      await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { oneResponse: 'link' } });
      const created = await t.request(`/v1/forms/${form.id}/links`, {
        method: 'POST',
        key,
        json: { recipients: [{ prefill: { name: 'Ann <Lee>', customer: 'C-17' } }] },
      });
      const url = new URL(created.body.data.links[0].url as string);
      const token = url.searchParams.get('t')!;
      const path = `/f/${form.code}?t=${token}`;

      // Without a link: the page says the form needs one.
      const bare = await fetch(`${t.url}/f/${form.code}`);
      expect(bare.status).toBe(403);
      expect(await bare.text()).toContain('This form needs your personal link');
      const unknown = await fetch(`${t.url}/f/${form.code}?t=${'x'.repeat(43)}`);
      expect(unknown.status).toBe(403);

      const opened = await fetch(`${t.url}${path}`);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      // The name prefilled (escaped), the token in the page's plain form, and in a cookie for its script.
      expect(html).toContain('value="Ann &lt;Lee&gt;"');
      expect(html).toContain(`<input type="hidden" name="fl_link" value="${token}">`);
      expect(opened.headers.get('set-cookie')).toMatch(
        new RegExp(`^formloom_link_${form.code}=${token}; Path=/; HttpOnly; SameSite=Lax`),
      );

      const sent = await postForm(t, path, { ...ANSWERS, name: 'Ann Lee' });
      expect(sent.status, sent.text).toBe(303);
      expect(sent.location).toMatch(new RegExp(`^${form.code}/done`));
      const list = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
      expect(list[0].usedAt).not.toBeNull();
      const stored = await t.request(`/v1/forms/${form.id}/responses/${list[0].responseId}`, { key });
      expect(stored.body.data.answers).toMatchObject({ name: 'Ann Lee', customer: 'C-17' });

      // The link answered: its page says so, and a second post is refused with the same words.
      const again = await fetch(`${t.url}${path}`);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('This link has been used');
      const second = await postForm(t, `/f/${form.code}`, ANSWERS);
      expect(second.status).toBe(403);
    });

    it('an address: the address form, the code by e-mail, the confirmation sets a cookie, the form, then once only', async () => {
      const german = linkedSchema();
      german.meta.language = 'de';
      const form = await publishForm(t, key, german);
      await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { oneResponse: 'email' } });
      const first = await fetch(`${t.url}/f/${form.code}?lang=de`);
      expect(first.status).toBe(200);
      const asks = await first.text();
      expect(asks).toContain('Bestätigen Sie Ihre E-Mail-Adresse');
      expect(asks).toContain(`<form method="post" action="${form.code}/verify?lang=de">`);
      expect(asks).toContain('<label class="fl-label" for="fl-email">E-Mail-Adresse</label>');

      // One address per database: the suites share the mail server.
      const address = `zoe-${t.dialect}@example.com`;
      const codeForm = await postUrlencoded(t, `/f/${form.code}/verify?lang=de`, { email: address });
      expect(codeForm.status, codeForm.text).toBe(200);
      expect(codeForm.text).toContain('<form method="post" action="verify/confirm?lang=de">');
      expect(codeForm.text).toContain(`<input type="hidden" name="email" value="${address}">`);
      const mailed = () => smtp.mails.filter((m) => m.to.includes(address));
      const deadline = Date.now() + 10_000;
      while (mailed().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const code = /\b(\d{6})\b/.exec(parseMail(mailed()[0]!.raw).text)![1]!;

      const wrong = await postUrlencoded(t, `/f/${form.code}/verify/confirm?lang=de`, {
        email: address,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.text).toContain('role="alert"');
      const right = await postUrlencoded(t, `/f/${form.code}/verify/confirm?lang=de`, {
        email: address,
        code,
      });
      expect(right.status, right.text).toBe(303);
      expect(right.location).toBe(`../../${form.code}?lang=de`);
      const cookie = right.setCookie.split(';')[0]!;
      expect(cookie).toMatch(new RegExp(`^formloom_verified_${form.code}=`));

      const sent = await postForm(t, `/f/${form.code}?lang=de`, ANSWERS, cookie);
      expect(sent.status, sent.text).toBe(303);
      const responses = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
      expect(responses[0].verifiedEmail).toBe(address);
      const after = await fetch(`${t.url}/f/${form.code}?lang=de`, { headers: { cookie } });
      expect(after.status).toBe(409);
      expect(await after.text()).toContain('Sie haben schon geantwortet');
    });
  },
  {
    mailer: () =>
      createMailer({
        smtpUrl: smtp.url,
        from: 'forms@formloom.test',
        logger: createLogger({ level: 'silent' }),
      }),
    webhookWorker: {},
    sendMails: true,
  },
);
