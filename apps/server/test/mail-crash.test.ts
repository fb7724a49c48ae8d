import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  contactSchema,
  createTestDatabase,
  describeDialects,
  parseMail,
  type SmtpStandIn,
  startSmtpStandIn,
  type TestDatabase,
} from '@formloom/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, printedKey, publishedForm, type Serve, startServe } from './support.js';

/**
 * A server killed in the middle of a send loses no mail (docs/email.md "Delivery"). `formloom serve` sends
 * the notification mails of 10 responses (an owner mail and a respondent's copy each) to a slow SMTP server
 * and is SIGKILLed while mails are in flight; after a restart every mail arrives. Delivery is at least once:
 * a mail accepted by the server just before the kill is sent again, with the same Message-ID, so a receiver
 * can drop the duplicate.
 */
describeDialects('notification mails survive SIGKILL (child process)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-mail-crash-'));
  const children: Serve[] = [];
  let database: TestDatabase | undefined;
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    if (dialect === 'postgres') database = await createTestDatabase(dialect, 'mail-crash');
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
    await database?.drop();
  });

  async function serve(): Promise<Serve> {
    const s = await startServe(dataDir, {
      FORMLOOM_SMTP_URL: smtp.url,
      FORMLOOM_SMTP_FROM: 'Formloom <forms@crash.test>',
      FORMLOOM_WEBHOOK_RETRY_BASE_MS: '300',
      FORMLOOM_WEBHOOK_TIMEOUT_MS: '3000',
      FORMLOOM_MAILS_PER_RECIPIENT_HOUR: '1000',
      ...(database?.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
    });
    children.push(s);
    return s;
  }

  it('every mail arrives at least once after a kill during sending, a resent one under the same Message-ID', async () => {
    smtp.delayMs = 300;
    const first = await serve();
    const api = apiClient(first.port, printedKey(first)!);
    const schema = contactSchema();
    const form = await publishedForm(api, {
      ...schema,
      settings: {
        ...schema.settings,
        notifications: { ownerEmails: ['owner@crash.test'], respondentCopy: { emailFieldId: 'email' } },
      },
    });
    const responses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await api.call(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        key: null,
        json: { answers: { name: `R${i}`, email: `r${i}@crash.test` } },
      });
      expect(res.status).toBe(201);
      responses.push(res.body.data.responseId);
    }
    // Killed while a mail is in the slow server's hands.
    const deadline = Date.now() + 30_000;
    while (smtp.mails.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 150));
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeRestart = smtp.mails.length;
    expect(beforeRestart).toBeGreaterThanOrEqual(3);
    expect(beforeRestart).toBeLessThan(20);

    smtp.delayMs = 0;
    await serve();
    /** A mail's identity: the owner mail names its response in the link; a copy goes to one respondent. */
    const mailKey = (raw: string, to: string) =>
      to === 'owner@crash.test' ? `owner:${/responses\/([0-9a-f-]{36})/.exec(parseMail(raw).text)?.[1]}` : to;
    const idsOf = new Map<string, Set<string>>();
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      idsOf.clear();
      for (const m of smtp.mails) {
        const key = mailKey(m.raw, m.to[0]!);
        const ids = idsOf.get(key) ?? new Set<string>();
        ids.add(parseMail(m.raw).headers['message-id']!);
        idsOf.set(key, ids);
      }
      if (idsOf.size === 20) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const id of responses) expect(idsOf.has(`owner:${id}`)).toBe(true);
    for (let i = 0; i < 10; i++) expect(idsOf.has(`r${i}@crash.test`)).toBe(true);
    // One Message-ID per mail, however often it arrived.
    for (const ids of idsOf.values()) expect(ids.size).toBe(1);
  }, 120_000);
});
