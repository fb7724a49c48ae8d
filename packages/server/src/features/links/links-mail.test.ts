import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker.js';
import { mailSender } from '../notifications/index.js';

const FROM = 'Formloom <forms@formloom.test>';
const ANSWERS = { name: 'Ada', contact: 'email' };

describeDialects('personal links and proven addresses by e-mail', (dialect) => {
  let t: WebhookTestServer;
  let smtp: SmtpStandIn;
  let worker: OutboxWorker;
  let key = '';
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await startWebhookTestServer({ dialect, worker: false });
    worker = startOutboxWorker({
      db: t.db,
      box: t.services.box,
      retryBaseMs: 50,
      pollIntervalMs: 20,
      timeoutMs: 3000,
      wake: t.signals.outbox,
      senders: [
        mailSender(t.db, {
          accounts: t.services.accounts,
          mailer: createMailer({ smtpUrl: smtp.url, from: FROM, logger: createLogger({ level: 'silent' }) }),
          perRecipientPerHour: 1000,
        }),
      ],
    });
    ({ key } = await t.account('MAX'));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  async function form(schema: FormSchema, title = schema.meta.title) {
    const created = await t.request('/v1/forms', { method: 'POST', key, json: { title, schema } });
    expect(created.status).toBe(201);
    const published = await t.request(`/v1/forms/${created.body.data.id}/publish`, { method: 'POST', key });
    return { id: created.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function until(check: () => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not met');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const mailsTo = (address: string) =>
    smtp.mails.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

  /** The code of the newest mail to `address`. */
  async function codeSentTo(address: string, count: number): Promise<string> {
    await until(() => mailsTo(address).length >= count);
    const mail = mailsTo(address)[count - 1]!;
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }

  it('send: true mails each recipient with an address their link, in the form language, escaped', async () => {
    const schema = contactSchema();
    schema.meta.language = 'de';
    schema.meta.title = 'Umfrage <b>2026</b>';
    const f = await form(schema);
    const created = await t.request(`/v1/forms/${f.id}/links`, {
      method: 'POST',
      key,
      json: {
        recipients: [{ email: 'ann@example.com' }, { email: 'bob@example.com' }, {}],
        send: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.mailed).toBe(2);
    await until(() => mailsTo('ann@example.com').length === 1 && mailsTo('bob@example.com').length === 1);
    const ann = mailsTo('ann@example.com')[0]!;
    const annLink = created.body.data.links[0].url as string;
    expect(ann.headers.subject).toBe(`Ihr persönlicher Link: ${schema.meta.title}`);
    expect(ann.text).toContain(annLink);
    expect(ann.html).toContain(`href="${annLink}"`);
    expect(ann.html).toContain('Formular öffnen');
    expect(ann.html).toContain('Umfrage &lt;b&gt;2026&lt;/b&gt;');
    expect(ann.html).not.toContain('<b>2026');
    expect(mailsTo('bob@example.com')[0]!.text).toContain(created.body.data.links[1].url);
    expect(mailsTo('bob@example.com')[0]!.text).not.toContain(annLink);
  });

  it('verify, the code by SMTP, confirm, submit: each address answers once, and the owner reads it', async () => {
    const f = await form(contactSchema());
    expect(
      (await t.request(`/v1/forms/${f.id}/access`, { method: 'PUT', key, json: { oneResponse: 'email' } }))
        .status,
    ).toBe(200);
    const submit = (json: unknown) =>
      t.request(`/v1/public/forms/${f.code}/responses`, { method: 'POST', json });
    const none = await submit({ answers: ANSWERS });
    expect([none.status, none.body.error]).toEqual([403, 'VERIFICATION_REQUIRED']);

    const asked = await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'Cleo@Example.com' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await codeSentTo('cleo@example.com', 1);
    const mail = mailsTo('cleo@example.com')[0]!;
    expect(mail.headers.subject).toBe('Your code: Contact us');
    expect(mail.text).toContain('valid for 10 minutes');
    const confirmed = await t.request(`/v1/public/forms/${f.code}/verify/confirm`, {
      method: 'POST',
      json: { email: 'cleo@example.com', code },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const token = confirmed.body.data.verificationToken as string;
    // A code is used once.
    const reused = await t.request(`/v1/public/forms/${f.code}/verify/confirm`, {
      method: 'POST',
      json: { email: 'cleo@example.com', code },
    });
    expect(reused.status).toBe(403);

    const first = await submit({ answers: ANSWERS, verificationToken: token });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await submit({ answers: ANSWERS, verificationToken: token });
    expect([second.status, second.body.error]).toEqual([409, 'ALREADY_ANSWERED']);
    const read = await t.request(`/v1/forms/${f.id}/responses/${first.body.data.responseId}`, { key });
    expect(read.body.data.verifiedEmail).toBe('cleo@example.com');
    // A token of another form proves nothing here; a tampered one neither.
    const tampered = `${token.slice(0, -2)}AA`;
    expect((await submit({ answers: ANSWERS, verificationToken: tampered })).body.error).toBe(
      'VERIFICATION_REQUIRED',
    );
    // Asking again for an address that answered: its code confirms to a 409.
    await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'cleo@example.com' },
    });
    const again = await t.request(`/v1/public/forms/${f.code}/verify/confirm`, {
      method: 'POST',
      json: { email: 'cleo@example.com', code: await codeSentTo('cleo@example.com', 2) },
    });
    expect([again.status, again.body.error]).toEqual([409, 'ALREADY_ANSWERED']);
  });

  it('two concurrent submissions from one proven address store one response', async () => {
    const f = await form(contactSchema());
    await t.request(`/v1/forms/${f.id}/access`, { method: 'PUT', key, json: { oneResponse: 'email' } });
    await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'dora@example.com' },
    });
    const confirmed = await t.request(`/v1/public/forms/${f.code}/verify/confirm`, {
      method: 'POST',
      json: { email: 'dora@example.com', code: await codeSentTo('dora@example.com', 1) },
    });
    const body = { answers: ANSWERS, verificationToken: confirmed.body.data.verificationToken };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request(`/v1/public/forms/${f.code}/responses`, { method: 'POST', json: body }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await t.db.selectFrom('responses').select('id').where('form_id', '=', f.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('a wrong code counts: five tries per code, then none is taken, the right one neither', async () => {
    const f = await form(contactSchema());
    await t.request(`/v1/forms/${f.id}/access`, { method: 'PUT', key, json: { oneResponse: 'email' } });
    await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'eve@example.com' },
    });
    const code = await codeSentTo('eve@example.com', 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) =>
      t.request(`/v1/public/forms/${f.code}/verify/confirm`, {
        method: 'POST',
        json: { email: 'eve@example.com', code: c },
      });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await confirm(wrong);
      expect(res.status).toBe(403);
      messages.push(res.body.message);
    }
    expect(messages[0]).toBe('Wrong code: 4 tries left');
    expect(messages[4]).toBe('Wrong code: ask for a new one');
    const late = await confirm(code);
    expect([late.status, late.body.message]).toEqual([403, 'No tries left: ask for a new code']);
    // The hourly chore forgets a code once its 10 minutes are over, not before.
    expect(await t.services.emailVerification.purgeExpiredCodes()).toBe(0);
    await t.db
      .updateTable('form_email_codes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('form_id', '=', f.id)
      .execute();
    expect(await t.services.emailVerification.purgeExpiredCodes()).toBe(1);
  });

  it('codes asked for are limited per address and form (429 VERIFY_LIMIT); a form without the rule refuses them', async () => {
    const f = await form(contactSchema());
    const plain = await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'fay@example.com' },
    });
    expect(plain.status).toBe(400);
    await t.request(`/v1/forms/${f.id}/access`, { method: 'PUT', key, json: { oneResponse: 'email' } });
    const statuses: number[] = [];
    let last: { status: number; body: { rate_limit?: { type: string } } } | undefined;
    for (let i = 0; i < 6; i++) {
      last = await t.request(`/v1/public/forms/${f.code}/verify`, {
        method: 'POST',
        json: { email: 'fay@example.com' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body.rate_limit?.type).toBe('VERIFY_LIMIT');
    // Another address of the same client is counted apart.
    const other = await t.request(`/v1/public/forms/${f.code}/verify`, {
      method: 'POST',
      json: { email: 'gil@example.com' },
    });
    expect(other.status).toBe(200);
  });
});
