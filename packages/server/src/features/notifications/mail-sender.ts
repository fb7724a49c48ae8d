import type { Plan } from '@formloom/contract';
import { type Mailer, MailSendError } from '../../mail/mailer.js';
import type { OutboxSender, SenderResult } from '../../outbox/channel.js';
import type { LimitAnswer, LimitPart } from '../../platform/limits/index.js';
import type { ComposedMail } from './mail-content.js';

/** The outbox channel of notification mails: one target per form (`mail-<form id>`). */
export const MAIL_CHANNEL = 'email';
/** Mails one address may receive an hour from this server, whatever account sends them. */
export const DEFAULT_MAILS_PER_RECIPIENT_HOUR = 10;

/**
 * SMTP replies about the recipient (unknown mailbox, bad address, over quota): this mail can never
 * go out, but the form's other mails can, so the target's failure count does not move.
 */
const RECIPIENT_REFUSED = new Set([501, 550, 551, 552, 553]);

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
 * Notification mails as an outbox channel: the delivery's payload is the composed mail. Before
 * sending, one point is taken from the account's hourly mail limit (by plan) and from the
 * recipient's: past either, nothing is sent and the delivery is postponed to when the window
 * ends, the attempt log saying which limit. The Message-ID is derived from the delivery id: a
 * mail sent again after a crash (at least once) carries the same one.
 */
export function createMailSender(deps: MailSenderDeps): OutboxSender {
  const perRecipient = deps.perRecipientPerHour ?? DEFAULT_MAILS_PER_RECIPIENT_HOUR;
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
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          deps.mailer.send({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
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
        await Promise.all(parts.map((p) => deps.limiter.refund(p.key)));
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
