import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { readPdf } from '../../../test/support/pdf-text.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { startWebhookTestServer, type WebhookTestServer } from '../../../test/support/webhook-test-kit.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import type { DialectName } from '../../db/create-db.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker.js';
import { mailSender, mailTargetId } from './notifications-service.js';

const ORIGIN = 'https://forms.example.test';

/** contactSchema whose owners' mail (and a respondent's copy) go out, with the PDF when `attachPdf`. */
function notifiedSchema(attachPdf: boolean | undefined, owner: string): FormSchema {
  const schema = contactSchema();
  return {
    ...schema,
    settings: {
      ...schema.settings,
      notifications: {
        ownerEmails: [owner],
        respondentCopy: { emailFieldId: 'email' },
        ...(attachPdf === undefined ? {} : { attachPdf }),
      },
    },
  };
}

/**
 * A test server whose outbox sends mail to a real SMTP server on 127.0.0.1, with the owners' PDFs
 * made by the server's own response PDFs (the download's). `maxPdfBytes`: the sender's cap.
 */
function mailKit(dialect: DialectName, maxPdfBytes?: number) {
  const kit = {} as { t: WebhookTestServer; smtp: SmtpStandIn; worker: OutboxWorker };
  beforeAll(async () => {
    kit.smtp = await startSmtpStandIn();
    kit.t = await startWebhookTestServer({ dialect, worker: false });
    kit.worker = startOutboxWorker({
      db: kit.t.db,
      box: createSecretBox(new Uint8Array(32).fill(7)),
      retryBaseMs: 50,
      pollIntervalMs: 20,
      timeoutMs: 5000,
      wake: kit.t.signals.outbox,
      senders: [
        mailSender(kit.t.db, {
          accounts: kit.t.services.accounts,
          mailer: createMailer({ smtpUrl: kit.smtp.url, logger: createLogger({ level: 'silent' }) }),
          responsePdf: kit.t.services.responsePdfs.bodyIfAny,
          ...(maxPdfBytes === undefined ? {} : { maxPdfBytes }),
        }),
      ],
    });
  });
  afterAll(async () => {
    await kit.worker.stop();
    await kit.t.close();
    await kit.smtp.close();
  });

  async function form(key: string, schema: FormSchema) {
    const created = await kit.t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Contact', schema },
    });
    expect(created.status).toBe(201);
    const published = await kit.t.request(`/v1/forms/${created.body.data.id}/publish`, {
      method: 'POST',
      key,
    });
    return { id: created.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function submit(code: string, answers: Record<string, unknown>) {
    const res = await kit.t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers },
    });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  const mailsTo = (address: string) =>
    kit.smtp.mails.filter((m) => m.to.includes(address)).map((m) => ({ ...m, parsed: parseMail(m.raw) }));

  const deliveriesOf = (formId: string) =>
    kit.t.db
      .selectFrom('outbox_deliveries')
      .selectAll()
      .where('endpoint_id', '=', mailTargetId(formId))
      .orderBy('event_seq')
      .execute();

  /**
   * Submits `answers` while the SMTP server answers 451 (try later), until the mail's first attempt
   * failed; `meanwhile` runs then, before the server takes mail again. Answers the response's id.
   */
  async function submitWhileSmtpFails(
    formId: string,
    code: string,
    answers: Record<string, unknown>,
    meanwhile: (responseId: string) => Promise<void> = async () => {},
  ): Promise<string> {
    kit.smtp.refuseCode = 451;
    kit.smtp.refuse = true;
    try {
      const responseId = await submit(code, answers);
      await until(async () => (await deliveriesOf(formId)).some((d) => d.attempt_count >= 1));
      await meanwhile(responseId);
      return responseId;
    } finally {
      kit.smtp.refuse = false;
      kit.smtp.refuseCode = 550;
    }
  }

  return { kit, form, submit, mailsTo, deliveriesOf, submitWhileSmtpFails };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeDialects("the owners' mail with the response's PDF", (dialect) => {
  const { kit, form, submit, mailsTo, deliveriesOf, submitWhileSmtpFails } = mailKit(dialect);

  it("with attachPdf the owners' mail carries the response's PDF, the download's own; the copy and a form without it carry none", async () => {
    const { key } = await kit.t.account('MAX');
    const f = await form(key, notifiedSchema(true, 'owner.pdf@example.com'));
    const plain = await form(key, notifiedSchema(undefined, 'owner.plain@example.com'));
    const name = 'Zoë Çelik <b>';
    const responseId = await submit(f.code, {
      name,
      email: 'zoe@example.com',
      contact: 'phone',
      phone: '555 0101',
    });
    await submit(plain.code, { name: 'Ada', email: 'ada@example.com', contact: 'email' });
    await until(() => kit.smtp.mails.length >= 4);

    const [owner] = mailsTo('owner.pdf@example.com');
    const o = owner!.parsed;
    expect(o.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`response-${responseId}.pdf`, 'application/pdf'],
    ]);
    const pdf = o.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdf(new Uint8Array(pdf))).pages.join('\n');
    for (const expected of ['Contact us', name, 'Contact by', 'Phone', '555 0101', responseId]) {
      expect(text).toContain(expected);
    }
    // The mail's bodies are the ones composed without the PDF.
    expect(o.text).toContain(`Name\n  ${name}`);
    expect(o.text).not.toContain('MB');

    // The same PDF the dashboard downloads, byte for byte but for its creation time.
    const download = await fetch(`${kit.t.url}/v1/forms/${f.id}/responses/${responseId}/pdf`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(download.status).toBe(200);
    const served = (await readPdf(new Uint8Array(await download.arrayBuffer()))).pages.join('\n');
    expect(served).toBe(text);

    expect(mailsTo('zoe@example.com')[0]!.parsed.attachments).toEqual([]);
    const [plainOwner] = mailsTo('owner.plain@example.com');
    expect(plainOwner!.parsed.attachments).toEqual([]);
    expect(plainOwner!.parsed.text).toContain('Name\n  Ada');

    // The outbox row holds the ids the PDF is made from, not the PDF.
    const [event] = await kit.t.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('type', '=', 'MAIL_OWNER_NOTIFICATION')
      .where('payload', 'like', '%owner.pdf@example.com%')
      .execute();
    expect(JSON.parse(event!.payload).pdf).toEqual({
      formId: f.id,
      responseId,
      language: 'en',
      link: `${ORIGIN}/app/forms/${f.id}/responses/${responseId}`,
    });
    expect(event!.payload.length).toBeLessThan(10_000);
  });

  it('a mail sent again after the SMTP server failed attaches the PDF again', async () => {
    const { key } = await kit.t.account('MAX');
    const f = await form(key, notifiedSchema(true, 'owner.retry@example.com'));
    const responseId = await submitWhileSmtpFails(
      f.id,
      f.code,
      { name: 'Retry Ren', contact: 'email' },
      async () => {
        const [delivery] = await deliveriesOf(f.id);
        expect(delivery).toMatchObject({ status: 'pending' });
        const attempts = await kit.t.db
          .selectFrom('outbox_delivery_attempts')
          .selectAll()
          .where('delivery_id', '=', delivery!.id)
          .execute();
        expect(attempts[0]).toMatchObject({ ok: 0, error: 'SMTP 451' });
        expect(mailsTo('owner.retry@example.com')).toEqual([]);
      },
    );
    await until(() => mailsTo('owner.retry@example.com').length > 0);
    const [mail] = mailsTo('owner.retry@example.com');
    expect(mail!.parsed.attachments.map((a) => a.filename)).toEqual([`response-${responseId}.pdf`]);
    const text = (await readPdf(new Uint8Array(mail!.parsed.attachments[0]!.content))).pages.join('\n');
    expect(text).toContain('Retry Ren');
    // The attempt is recorded once the SMTP server has taken the mail.
    await until(async () => (await deliveriesOf(f.id))[0]?.status === 'succeeded');
  });

  it('a response deleted before its mail went out leaves the mail without a PDF', async () => {
    const { key } = await kit.t.account('MAX');
    const f = await form(key, notifiedSchema(true, 'owner.gone@example.com'));
    await submitWhileSmtpFails(f.id, f.code, { name: 'Gone Gil', contact: 'email' }, async (responseId) => {
      const removed = await kit.t.request(`/v1/forms/${f.id}/responses/${responseId}`, {
        method: 'DELETE',
        key,
      });
      expect(removed.status).toBe(200);
      // An attempt under way may have made the PDF before the deletion; the one after it began after.
      const [delivery] = await deliveriesOf(f.id);
      await until(async () => (await deliveriesOf(f.id))[0]!.attempt_count >= delivery!.attempt_count + 2);
    });
    await until(() => mailsTo('owner.gone@example.com').length > 0);
    const [mail] = mailsTo('owner.gone@example.com');
    expect(mail!.parsed.attachments).toEqual([]);
    expect(mail!.parsed.text).toContain('Gone Gil');
  });
});

describeDialects("a response's PDF over the cap", (dialect) => {
  const { kit, form, submit, mailsTo } = mailKit(dialect, 1024);

  it('goes as a line with the link to the response instead, in the mail in both bodies, escaped', async () => {
    const { key } = await kit.t.account('MAX');
    const schema = notifiedSchema(true, 'owner.big@example.com');
    const f = await form(key, { ...schema, meta: { ...schema.meta, language: 'de' } });
    const responseId = await submit(f.code, { name: 'Big <Ben>', contact: 'email' });
    await until(() => mailsTo('owner.big@example.com').length > 0);
    const { parsed } = mailsTo('owner.big@example.com')[0]!;
    expect(parsed.attachments).toEqual([]);
    const link = `${ORIGIN}/app/forms/${f.id}/responses/${responseId}`;
    expect(parsed.text).toMatch(
      new RegExp(
        `Das PDF der Antwort ist größer als 0,001 MB .*herunter: ${link.replace(/[.?]/g, '\\$&')}\\n?$`,
      ),
    );
    expect(parsed.html).toContain(`herunter: <a href="${link}">${link}</a></p>`);
    expect(parsed.html).toContain('Big &lt;Ben&gt;');
    expect(parsed.html.indexOf('herunter')).toBeLessThan(parsed.html.indexOf('</body>'));
  });
});

describe('the PDF mail kit', () => {
  it('reads an attachment nodemailer wrote', () => {
    const raw = [
      'Content-Type: multipart/mixed; boundary="m"',
      '',
      '--m',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'hello',
      '--m',
      'Content-Type: application/pdf; name=r.pdf',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename=r.pdf',
      '',
      Buffer.from('%PDF-1.7').toString('base64'),
      '--m--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.text).toBe('hello');
    expect(mail.attachments).toEqual([
      { filename: 'r.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7') },
    ]);
  });
});
