import type { Plan } from '@formloom/contract';
import { type Mail, type Mailer, MailSendError } from '../../mail/mailer.js';
import type { OutboxSender, SenderResult } from '../../outbox/channel.js';
import { html } from '../../platform/html.js';
import type { LimitAnswer, LimitPart } from '../../platform/limits/index.js';
import type { ComposedMail, MailPdf } from './mail-content.js';
import { mailTexts } from './mail-texts.js';

/** The outbox channel of notification mails: one target per form (`mail-<form id>`). */
export const MAIL_CHANNEL = 'email';
/** Mails one address may receive an hour from this server, whatever account sends them. */
export const DEFAULT_MAILS_PER_RECIPIENT_HOUR = 10;

/**
 * SMTP replies about the recipient (unknown mailbox, bad address, over quota): this mail can never
 * go out, but the form's other mails can, so the target's failure count does not move.
 */
const RECIPIENT_REFUSED = new Set([501, 550, 551, 552, 553]);

/**
 * The largest response PDF a mail carries: mail servers commonly refuse messages of 20 to 25 MB,
 * and base64 makes an attachment a third larger.
 */
export const DEFAULT_MAX_PDF_BYTES = 10 * 1024 * 1024;

export interface MailSenderDeps {
  mailer: Mailer;
  /** The one limiter's `consumeAll` and `refund`. */
  limiter: {
    consumeAll(parts: readonly LimitPart[]): Promise<{ allowed: boolean; answers: LimitAnswer[] }>;
    refund(key: string, points?: number): Promise<void>;
  };
  /** The account's plan; undefined for an account that no longer exists. */
  planOf(accountId: string): Promise<Plan | undefined>;
  mailsPerHour: Readonly<Record<Plan, number>>;
  perRecipientPerHour?: number;
  /**
   * A response's PDF, the one its download serves, read as the account's; undefined when the
   * response or its form is gone by the time the mail is sent. Absent: mails go without it.
   */
  responsePdf?(accountId: string, formId: string, responseId: string): Promise<Buffer | undefined>;
  /** The largest PDF attached (default DEFAULT_MAX_PDF_BYTES); a larger one is a line with a link. */
  maxPdfBytes?: number;
}

/** The Message-ID of a delivery: the same on every attempt, so a receiver can drop a duplicate. */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'formloom.invalid';
  return `${deliveryId}@${domain}`;
}

/** An attempt that ended before any SMTP answer (no status code, as for a network error). */
const outcome = (verdict: SenderResult['verdict'], error: string | null, durationMs = 0): SenderResult => ({
  statusCode: null,
  durationMs,
  error,
  responseBody: null,
  verdict,
});

/**
 * The bodies of a mail that asks for its response's PDF, and the PDF: attached when it is at most
 * `maxBytes`, else a line at the end of each body links to the response's page, where it is
 * downloaded. A response deleted before the mail went out leaves the mail as it was composed.
 */
async function withPdf(
  mail: ComposedMail & { pdf: MailPdf },
  pdfOf: () => Promise<Buffer | undefined>,
  maxBytes: number,
): Promise<Pick<Mail, 'text' | 'html' | 'attachments'>> {
  const body = await pdfOf();
  if (body === undefined) return { text: mail.text, html: mail.html };
  if (body.length <= maxBytes) {
    return {
      text: mail.text,
      html: mail.html,
      attachments: [
        { filename: `response-${mail.pdf.responseId}.pdf`, content: body, contentType: 'application/pdf' },
      ],
    };
  }
  const { language, link } = mail.pdf;
  const mb = new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(maxBytes / (1024 * 1024));
  const line = mailTexts(language).pdfTooLarge.replace('{mb}', mb);
  const end = mail.html.lastIndexOf('</body>');
  const note = html`<p>${line}: <a href="${link}">${link}</a></p>\n`.value;
  return {
    text: `${mail.text}\n${line}: ${link}\n`,
    html: end < 0 ? `${mail.html}${note}` : `${mail.html.slice(0, end)}${note}${mail.html.slice(end)}`,
  };
}

/**
 * Notification mails as an outbox channel: the delivery's payload is the composed mail. Before
 * sending, one point is taken from the account's hourly mail limit (by plan) and from the
 * recipient's: past either, nothing is sent and the delivery is postponed to when the window
 * ends, the attempt log saying which limit. The Message-ID is derived from the delivery id: a
 * mail sent again after a crash (at least once) carries the same one. A mail with `pdf` gets the
 * response's PDF made at each attempt, so a retry attaches it again (its time is in the attempt's).
 */
export function createMailSender(deps: MailSenderDeps): OutboxSender {
  const perRecipient = deps.perRecipientPerHour ?? DEFAULT_MAILS_PER_RECIPIENT_HOUR;
  const maxPdfBytes = deps.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES;
  const { responsePdf } = deps;
  return {
    channel: MAIL_CHANNEL,
    async send(delivery, { timeoutMs }) {
      const mail = JSON.parse(delivery.payload) as ComposedMail;
      const accountId = String(delivery.target.account_id);
      const plan = await deps.planOf(accountId);
      if (plan === undefined) return outcome('rejected', 'the account no longer exists');
      const parts: LimitPart[] = [
        { key: `mail:account:${accountId}`, rule: { limit: deps.mailsPerHour[plan], window: 'hour' } },
        { key: `mail:to:${mail.to.toLowerCase()}`, rule: { limit: perRecipient, window: 'hour' } },
      ];
      const taken = await deps.limiter.consumeAll(parts);
      if (!taken.allowed) {
        const refused = taken.answers
          .map((answer, i) => ({ answer, which: i === 0 ? 'the account' : 'the recipient' }))
          .filter(({ answer }) => !answer.allowed);
        const wait = Math.max(...refused.map(({ answer }) => answer.retryAfterSeconds));
        const named = refused.map(({ answer, which }) => `${which}'s limit of ${answer.limit} mails an hour`);
        return {
          ...outcome('postponed', `postponed ${wait} s: ${named.join(' and ')} is reached`),
          retryAfterMs: wait * 1000,
        };
      }
      const refund = () => Promise.all(parts.map((p) => deps.limiter.refund(p.key)));
      const started = performance.now();
      const { pdf } = mail;
      let content: Pick<Mail, 'text' | 'html' | 'attachments'> = { text: mail.text, html: mail.html };
      if (pdf !== undefined && responsePdf !== undefined) {
        try {
          content = await withPdf(
            { ...mail, pdf },
            () => responsePdf(accountId, pdf.formId, pdf.responseId),
            maxPdfBytes,
          );
        } catch {
          await refund();
          return outcome(
            'retry',
            "the response's PDF could not be made",
            Math.round(performance.now() - started),
          );
        }
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          deps.mailer.send({
            to: mail.to,
            subject: mail.subject,
            ...content,
            messageId: messageIdOf(delivery.id, deps.mailer.from),
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new MailSendError(`SMTP timeout after ${timeoutMs} ms`, undefined)),
              timeoutMs,
            );
          }),
        ]);
        return outcome('ok', null, Math.round(performance.now() - started));
      } catch (error) {
        // Not sent: the points it took are given back.
        await refund();
        const code = error instanceof MailSendError ? error.responseCode : undefined;
        const message = error instanceof MailSendError ? error.message : 'SMTP error';
        const verdict = code !== undefined && RECIPIENT_REFUSED.has(code) ? 'rejected' : 'retry';
        return outcome(verdict, message, Math.round(performance.now() - started));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
