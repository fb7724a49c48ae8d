import type { FormSchema } from '@formloom/contract';
import { RESPONDENT_COPY_SUBJECT } from '@formloom/contract/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker.js';
import { mailSender, mailTargetId } from './notifications-service.js';

const ORIGIN = 'https://forms.example.test';
const FROM = 'Formloom <forms@formloom.test>';

/** contactSchema with notifications and a German translation. */
function notifiedSchema(notifications: NonNullable<FormSchema['settings']>['notifications']): FormSchema {
  const schema = contactSchema();
  return {
    ...schema,
    settings: { ...schema.settings, notifications, completion: { message: 'Thanks {{name}}!' } },
    translations: {
      de: {
        'meta.title': 'Kontakt',
        'fields.name.label': 'Ihr Name',
        'fields.contact.options.email': 'E-Mail',
        'completion.message': 'Danke {{name}}!',
      },
    },
  };
}

describeDialects('notification mails through the outbox', (dialect) => {
  let t: WebhookTestServer;
  let smtp: SmtpStandIn;
  let worker: OutboxWorker;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await startWebhookTestServer({ dialect, worker: false });
    worker = startOutboxWorker({
      db: t.db,
      box: createSecretBox(new Uint8Array(32).fill(7)),
      retryBaseMs: 50,
      pollIntervalMs: 20,
      timeoutMs: 3000,
      wake: t.signals.outbox,
      senders: [
        mailSender(t.db, {
          accounts: t.services.accounts,
          mailer: createMailer({
            smtpUrl: smtp.url,
            from: FROM,
            replyTo: 'help@formloom.test',
            logger: createLogger({ level: 'silent' }),
          }),
          perRecipientPerHour: 3,
          mailsPerHour: { FREE: 1, STARTER: 1, PRO: 4, MAX: 1000 },
        }),
      ],
    });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  async function form(key: string, schema: FormSchema) {
    const created = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Contact', schema } });
    expect(created.status).toBe(201);
    const published = await t.request(`/v1/forms/${created.body.data.id}/publish`, { method: 'POST', key });
    return { id: created.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function submit(code: string, answers: Record<string, unknown>, language?: string) {
    const res = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers, ...(language === undefined ? {} : { language }) },
    });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const mailsTo = (address: string) =>
    smtp.mails.filter((m) => m.to.includes(address)).map((m) => ({ ...m, parsed: parseMail(m.raw) }));

  const deliveriesOf = (formId: string) =>
    t.db
      .selectFrom('outbox_deliveries')
      .selectAll()
      .where('endpoint_id', '=', mailTargetId(formId))
      .orderBy('event_seq')
      .execute();

  it('owners get the answers, variables and a link; the respondent a copy in their language; bodies escaped, headers fixed', async () => {
    const { key } = await t.account('MAX');
    const f = await form(
      key,
      notifiedSchema({
        ownerEmails: ['owner@example.com', 'boss@example.com'],
        respondentCopy: { emailFieldId: 'email', subject: 'Thanks for writing' },
      }),
    );
    const name = '<img src=x onerror=alert(1)> Ada';
    const responseId = await submit(f.code, { name, email: 'ada@example.com', contact: 'email' }, 'de');
    await until(() => smtp.mails.length >= 3);

    const [owner] = mailsTo('owner@example.com');
    expect(mailsTo('boss@example.com')).toHaveLength(1);
    expect(owner!.to).toEqual(['owner@example.com']);
    const o = owner!.parsed;
    expect(o.headers.subject).toBe('New response: Contact us');
    expect(o.headers.from).toBe(FROM);
    expect(o.headers['reply-to']).toBe('help@formloom.test');
    expect(o.text).toContain(`Name\n  ${name}`);
    expect(o.text).toContain('Contact by\n  Email');
    expect(o.text).toContain(`View the response: ${ORIGIN}/app/forms/${f.id}/responses/${responseId}`);
    expect(o.html).toContain('&lt;img src=x onerror=alert(1)&gt; Ada');
    expect(o.html).not.toContain('<img');

    const copies = mailsTo('ada@example.com');
    expect(copies).toHaveLength(1);
    const c = copies[0]!.parsed;
    expect(copies[0]!.to).toEqual(['ada@example.com']);
    expect(c.headers.subject).toBe('Thanks for writing');
    expect(c.text).toContain(`Danke ${name}!`);
    expect(c.text).toContain(`Ihr Name\n  ${name}`);
    expect(c.text).toContain('E-Mail');
    expect(c.text).not.toContain('/app/forms/');
    expect(c.html).not.toContain('<img');

    // The Message-ID is the delivery's: a mail sent twice can be recognised. (A mail arrives
    // before its attempt is recorded.)
    await until(async () => (await deliveriesOf(f.id)).every((d) => d.status === 'succeeded'));
    const deliveries = await deliveriesOf(f.id);
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const ids = smtp.mails.map((m) => parseMail(m.raw).headers['message-id']);
    for (const d of deliveries) expect(ids).toContain(`<${d.id}@formloom.test>`);
  });

  it("a repeating section's entries: numbered under the section's title, labelled, escaped; the copy in German", async () => {
    const { key } = await t.account('MAX');
    const schema = guestsSchema('single-column');
    schema.fields.push({ id: 'email', sectionId: 'you', type: 'email', label: 'Email', order: 1 });
    schema.settings = {
      ...schema.settings,
      notifications: { ownerEmails: ['host-owner@example.com'], respondentCopy: { emailFieldId: 'email' } },
    };
    const f = await form(key, schema);
    const guests = [
      { name: '<b>Bo</b>', age: 40, meal: 'fish' },
      { name: 'Cy', age: 7 },
    ];
    await submit(
      f.code,
      { host: 'Ada', email: 'ada-host@example.com', guests, note: 'Line 1\nLine 2' },
      'de',
    );
    await until(
      () => mailsTo('host-owner@example.com').length === 1 && mailsTo('ada-host@example.com').length === 1,
    );

    const owner = mailsTo('host-owner@example.com')[0]!.parsed;
    expect(owner.text).toContain(
      [
        'Guests',
        '  Guests 1',
        '    Guest name: <b>Bo</b>',
        '    Age: 40',
        '    Meal for <b>Bo</b>: Fish',
        '  Guests 2',
        '    Guest name: Cy',
        '    Age: 7',
        '',
        'A note for the host',
        '  Line 1',
        '  Line 2',
      ].join('\n'),
    );
    // The variables over the entries: the count and the sum of the ages.
    expect(owner.text).toContain('count\n  2');
    expect(owner.text).toContain('years\n  47');
    expect(owner.text).not.toContain('[object Object]');
    expect(owner.html).toContain('<dt style="font-weight:bold;margin-top:12px">Guests</dt>');
    expect(owner.html).toContain('Guests 2');
    expect(owner.html).toContain('Meal for &lt;b&gt;Bo&lt;/b&gt;');
    expect(owner.html).not.toContain('<b>Bo');

    const copy = mailsTo('ada-host@example.com')[0]!.parsed;
    expect(copy.text).toContain('Danke Ada: 2 Gäste gebucht.');
    expect(copy.text).toContain(
      [
        'Gäste',
        '  Gäste 1',
        '    Name des Gastes: <b>Bo</b>',
        '    Alter: 40',
        '    Essen für <b>Bo</b>: Fisch',
      ].join('\n'),
    );
    expect(copy.text).toContain('  Gäste 2\n    Name des Gastes: Cy\n    Alter: 7\n');
  });

  it('an answer cannot reach a header or add a recipient, and a copy goes at most once', async () => {
    const { key } = await t.account('MAX');
    const f = await form(
      key,
      notifiedSchema({
        ownerEmails: ['inject-owner@example.com'],
        respondentCopy: { emailFieldId: 'email' },
      }),
    );
    // A line break in the email answer, or a list of addresses, is not an email: refused.
    for (const email of [
      'x@example.com\r\nBcc: evil@example.com',
      'x@example.com, evil@example.com',
      'Evil <evil@example.com>',
    ]) {
      const res = await t.request(`/v1/public/forms/${f.code}/responses`, {
        method: 'POST',
        json: { answers: { name: 'Bo', email } },
      });
      expect(res.status).toBe(400);
    }
    await submit(f.code, { name: 'Bo\r\nBcc: evil@example.com\r\nSubject: hi', email: 'bo@example.com' });
    await until(
      () => mailsTo('bo@example.com').length === 1 && mailsTo('inject-owner@example.com').length === 1,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain('evil@example.com');
    for (const m of [...mailsTo('bo@example.com'), ...mailsTo('inject-owner@example.com')]) {
      expect(m.parsed.headerLines.some((l) => /^(bcc|cc):/i.test(l))).toBe(false);
      expect(m.parsed.headers.subject).toBe(
        m.to[0] === 'bo@example.com' ? 'Your answers: Contact us' : 'New response: Contact us',
      );
    }
    expect(mailsTo('bo@example.com')).toHaveLength(1);
    expect(mailsTo('bo@example.com')[0]!.parsed.text).toContain('Bo\n  Bcc: evil@example.com');
  });

  it('refuses at save a subject with a line break and a copy to a field that is not an email field', async () => {
    const { key } = await t.account('MAX');
    const subject = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: {
        title: 'Contact',
        schema: notifiedSchema({
          respondentCopy: { emailFieldId: 'email', subject: 'Hi\r\nBcc: a@b.example' },
        }),
      },
    });
    expect(subject.status).toBe(400);
    expect(JSON.stringify(subject.body)).toContain('line breaks');
    const notEmail = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Contact', schema: notifiedSchema({ respondentCopy: { emailFieldId: 'name' } }) },
    });
    expect(notEmail.status).toBe(400);
    expect(JSON.stringify(notEmail.body)).toContain('notification_field_not_email');
    const tooMany = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: {
        title: 'Contact',
        schema: notifiedSchema({ ownerEmails: Array.from({ length: 11 }, (_, i) => `o${i}@example.com`) }),
      },
    });
    expect(tooMany.status).toBe(400);
  });

  describe('limits', () => {
    it('past the recipient limit a mail waits for the next hour, and the log says why', async () => {
      const { key } = await t.account('MAX');
      const f = await form(key, notifiedSchema({ ownerEmails: ['busy@example.com'] }));
      for (let i = 0; i < 4; i++) await submit(f.code, { name: `N${i}` });
      await until(async () => (await deliveriesOf(f.id)).every((d) => d.attempt_count > 0));
      await new Promise((r) => setTimeout(r, 200));
      expect(mailsTo('busy@example.com')).toHaveLength(3);
      const deliveries = await deliveriesOf(f.id);
      const waiting = deliveries.filter((d) => d.status === 'pending');
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ attempt_count: 1, postponements: 1 });
      // The next UTC hour, not dropped and not failed.
      expect(new Date(waiting[0]!.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 1000);
      const attempt = await t.db
        .selectFrom('outbox_delivery_attempts')
        .selectAll()
        .where('delivery_id', '=', waiting[0]!.id)
        .executeTakeFirstOrThrow();
      expect(attempt.error).toMatch(/^postponed \d+ s: the recipient's limit of 3 mails an hour is reached$/);
    });

    it("past the account's hourly mails by plan the rest wait; other accounts' mails go out", async () => {
      const pro = await t.account('PRO');
      const f = await form(pro.key, notifiedSchema({ ownerEmails: ['p1@example.com', 'p2@example.com'] }));
      for (let i = 0; i < 3; i++) await submit(f.code, { name: `P${i}` });
      const other = await t.account('MAX');
      const g = await form(other.key, notifiedSchema({ ownerEmails: ['other@example.com'] }));
      await submit(g.code, { name: 'Other' });
      await until(async () => (await deliveriesOf(f.id)).every((d) => d.attempt_count > 0));
      await until(() => mailsTo('other@example.com').length === 1);
      expect(mailsTo('p1@example.com').length + mailsTo('p2@example.com').length).toBe(4);
      const waiting = (await deliveriesOf(f.id)).filter((d) => d.status === 'pending');
      expect(waiting).toHaveLength(2);
      const errors = await t.db
        .selectFrom('outbox_delivery_attempts')
        .select('error')
        .where(
          'delivery_id',
          'in',
          waiting.map((d) => d.id),
        )
        .execute();
      for (const { error } of errors) expect(error).toContain("the account's limit of 4 mails an hour");
    });
  });

  it("the copy's custom subject follows the form's translations; a translated one must be one line too", async () => {
    const { key } = await t.account('MAX');
    const base = notifiedSchema({
      respondentCopy: { emailFieldId: 'email', subject: 'Your answers to Contact' },
    });
    const schema = {
      ...base,
      translations: {
        de: { ...base.translations?.de, [RESPONDENT_COPY_SUBJECT]: 'Ihre Antworten an Kontakt' },
      },
    };
    const f = await form(key, schema);
    await submit(f.code, { name: 'Ada', email: 'ada.de@example.com' }, 'de');
    await submit(f.code, { name: 'Ann', email: 'ann.en@example.com' }, 'en');
    await until(
      () => mailsTo('ada.de@example.com').length === 1 && mailsTo('ann.en@example.com').length === 1,
    );
    expect(mailsTo('ada.de@example.com')[0]!.parsed.headers.subject).toBe('Ihre Antworten an Kontakt');
    expect(mailsTo('ann.en@example.com')[0]!.parsed.headers.subject).toBe('Your answers to Contact');

    const broken = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: {
        title: 'Contact',
        schema: {
          ...schema,
          translations: { de: { [RESPONDENT_COPY_SUBJECT]: 'Hallo\r\nBcc: a@b.example' } },
        },
      },
    });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).toContain('line breaks');
  });

  it('a mail target the outbox disabled keeps its mails and sends them once the notifications are saved again', async () => {
    const { key } = await t.account('MAX');
    const schema = notifiedSchema({ ownerEmails: ['revived@example.com'] });
    const f = await form(key, schema);
    await submit(f.code, { name: 'First' });
    await until(() => mailsTo('revived@example.com').length === 1);
    const target = () =>
      t.db
        .selectFrom('outbox_targets')
        .selectAll()
        .where('id', '=', mailTargetId(f.id))
        .executeTakeFirstOrThrow();
    // As the worker leaves it after repeated failures (policy.ts).
    await t.db
      .updateTable('outbox_targets')
      .set({ is_active: 0, disabled_reason: 'failures', consecutive_failures: 5 })
      .where('id', '=', mailTargetId(f.id))
      .execute();
    await submit(f.code, { name: 'Second' });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('revived@example.com')).toHaveLength(1);
    expect((await deliveriesOf(f.id)).map((d) => d.status)).toEqual(['succeeded', 'pending']);

    // Another edit (the title) leaves it disabled.
    const retitled = await t.request(`/v1/forms/${f.id}`, {
      method: 'PATCH',
      key,
      json: { title: 'Renamed' },
    });
    expect(retitled.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await target()).toMatchObject({ is_active: 0, disabled_reason: 'failures' });

    const saved = await t.request(`/v1/forms/${f.id}`, { method: 'PATCH', key, json: { schema } });
    expect(saved.status).toBe(200);
    await until(() => mailsTo('revived@example.com').length === 2);
    expect(mailsTo('revived@example.com')[1]!.parsed.text).toContain('Second');
    expect(await target()).toMatchObject({ is_active: 1, disabled_reason: null, consecutive_failures: 0 });
  });

  it('a refused recipient fails its own mail only; the target keeps no failure', async () => {
    const { key } = await t.account('MAX');
    smtp.unknownRecipients.add('nobody@example.com');
    const f = await form(
      key,
      notifiedSchema({ ownerEmails: ['keeper@example.com'], respondentCopy: { emailFieldId: 'email' } }),
    );
    await submit(f.code, { name: 'Ghost', email: 'nobody@example.com' });
    await until(async () => (await deliveriesOf(f.id)).every((d) => d.status !== 'pending'));
    const deliveries = await deliveriesOf(f.id);
    expect(deliveries.map((d) => [d.event_type, d.status])).toEqual([
      ['MAIL_OWNER_NOTIFICATION', 'succeeded'],
      ['MAIL_RESPONDENT_COPY', 'failed'],
    ]);
    expect(deliveries[1]!.attempt_count).toBe(1);
    const target = await t.db
      .selectFrom('outbox_targets')
      .selectAll()
      .where('id', '=', mailTargetId(f.id))
      .executeTakeFirstOrThrow();
    expect(target).toMatchObject({ is_active: 1, consecutive_failures: 0 });
  });
});
