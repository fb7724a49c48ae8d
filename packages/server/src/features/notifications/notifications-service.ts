import type { Plan } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import type { OutboxSender } from '../../outbox/channel.js';
import { queueForTarget, type StoredEvent } from '../../outbox/record.js';
import { enableTarget } from '../../outbox/target-row.js';
import { createLimiter } from '../../platform/limits/index.js';
import { MAILS_PER_HOUR } from '../../platform/plans.js';
import type { AccountsService } from '../accounts/index.js';
import {
  type ComposedMail,
  mailHeaderLine,
  ownerMails,
  type ResponseMailInput,
  respondentCopy,
} from './mail-content.js';
import { createMailSender, MAIL_CHANNEL, type MailSenderDeps } from './mail-sender.js';

/** The mail target of a form: made with the form's first mail, one per form. */
export const mailTargetId = (formId: string) => `mail-${formId}`;

/**
 * Re-saving a form's `settings.notifications` enables its mail target again when the outbox had
 * disabled it (repeated SMTP failures): the mails kept meanwhile go out at once, in their order.
 * Returns whether it was disabled (then the caller wakes the outbox worker).
 */
export function enableMailTarget(db: Db, formId: string, nowIso: string): Promise<boolean> {
  return enableTarget(db, mailTargetId(formId), nowIso);
}

export interface ResponseMails {
  /**
   * Queues the mails of a new response (the owners' and the respondent's copy) in the response's
   * transaction `trx`, so they commit with it or not at all; returns how many were queued.
   */
  queue(
    trx: Db,
    response: Omit<ResponseMailInput, 'dashboardOrigin'> & { accountId: string; submittedAt: string },
  ): Promise<number>;
}

/** Mails of a form other than a response's (personal links, address codes), through its mail target. */
export interface FormMails {
  /**
   * Queues `mails` as events of `type` in `trx`, so they commit with it or not at all; returns how
   * many. Each subject is made one header line (no line break of a title can start another header).
   */
  queue(
    trx: Db,
    form: { id: string; accountId: string },
    type: string,
    mails: readonly ComposedMail[],
    nowIso: string,
  ): Promise<number>;
}

/** The form's mails as outbox events of its mail target (`mail-<form id>`), as a response's mails are. */
export function createFormMails(): FormMails {
  return {
    queue(trx, form, type, mails, nowIso) {
      return queueForTarget(
        trx,
        {
          id: mailTargetId(form.id),
          accountId: form.accountId,
          channel: MAIL_CHANNEL,
          label: 'E-mail notifications',
          configSealed: '',
          events: '[]',
          now: nowIso,
        },
        mails.map((mail) => ({
          accountId: form.accountId,
          type,
          payload: JSON.stringify({ ...mail, subject: mailHeaderLine(mail.subject) }),
          createdAt: nowIso,
        })),
      );
    },
  };
}

/** `dashboardOrigin`: where owners' links to a response point (`FORMLOOM_PUBLIC_URL`). */
export function createResponseMails({ dashboardOrigin }: { dashboardOrigin: string }): ResponseMails {
  return {
    async queue(trx, response) {
      const settings = response.schema.settings?.notifications;
      if (settings === undefined) return 0;
      const input = { ...response, dashboardOrigin };
      const stored = (type: string, mail: ComposedMail): StoredEvent => ({
        accountId: response.accountId,
        type,
        payload: JSON.stringify(mail),
        createdAt: response.submittedAt,
      });
      const events = ownerMails(input, settings.ownerEmails ?? []).map((m) =>
        stored('MAIL_OWNER_NOTIFICATION', m),
      );
      // At most one copy per response, to the address answered in the form's email field only.
      const copy = respondentCopy(input);
      if (copy !== undefined) events.push(stored('MAIL_RESPONDENT_COPY', copy));
      return queueForTarget(
        trx,
        {
          id: mailTargetId(response.formId),
          accountId: response.accountId,
          channel: MAIL_CHANNEL,
          label: 'E-mail notifications',
          configSealed: '',
          events: '[]',
          now: response.submittedAt,
        },
        events,
      );
    },
  };
}

export interface MailSenderOptions {
  mailer: Mailer;
  clock?: () => Date;
  /** Mails one address may receive an hour (default 10). */
  perRecipientPerHour?: number;
  mailsPerHour?: Readonly<Record<Plan, number>>;
  /** The recipient account's plan, for its hourly mails. */
  accounts: AccountsService;
  /** A response's PDF for the owners' mails of a form with `attachPdf` (MailSenderDeps). */
  responsePdf?: MailSenderDeps['responsePdf'];
  maxPdfBytes?: number;
}

/** The mail channel's sender for `startOutboxWorker`, with the account plans and the one limiter of `db`. */
export function mailSender(db: Db, options: MailSenderOptions): OutboxSender {
  const clock = options.clock ?? (() => new Date());
  const { accounts } = options;
  return createMailSender({
    mailer: options.mailer,
    limiter: createLimiter({ db, clock }),
    planOf: async (accountId) => (await accounts.get(accountId))?.plan,
    mailsPerHour: options.mailsPerHour ?? MAILS_PER_HOUR,
    ...(options.perRecipientPerHour === undefined
      ? {}
      : { perRecipientPerHour: options.perRecipientPerHour }),
    ...(options.responsePdf === undefined ? {} : { responsePdf: options.responsePdf }),
    ...(options.maxPdfBytes === undefined ? {} : { maxPdfBytes: options.maxPdfBytes }),
  });
}
