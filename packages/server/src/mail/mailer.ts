import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: through SMTP when configured, else to the server log for development. */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** FORMLOOM_SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`; absent: the log mailer. */
  smtpUrl?: string | undefined;
  /** FORMLOOM_SMTP_FROM (default `Formloom <no-reply@localhost>`). */
  from?: string | undefined;
  logger: Logger;
}

/**
 * nodemailer over `smtpUrl`; without one, each mail is written to the log at `warn`, marked as for
 * development only, so a self-hoster can try private smart forms before setting up SMTP. The
 * SMTP URL (it may hold a password) is never logged.
 */
export function createMailer({
  smtpUrl,
  from = 'Formloom <no-reply@localhost>',
  logger,
}: MailerOptions): Mailer {
  if (smtpUrl === undefined || smtpUrl === '') {
    return {
      kind: 'log',
      async send(mail) {
        logger.warn(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'DEVELOPMENT ONLY: no FORMLOOM_SMTP_URL set, so this mail is written to the log instead of sent',
        );
      },
    };
  }
  // nodemailer loads with the first mail, not with the server: most servers send none.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
