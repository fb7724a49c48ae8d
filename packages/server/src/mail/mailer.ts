import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface Mail {
  to: string;
  /** One line: a header. Never built from a respondent's answers. */
  subject: string;
  text: string;
  /** An HTML alternative to `text` (answers escaped). */
  html?: string;
  /**
   * The Message-ID, without angle brackets (`<local>@<domain>`); absent: nodemailer makes one. A
   * mail sent again after a crash keeps its id, so receivers can drop the duplicate.
   */
  messageId?: string;
  /** Files sent with the mail (a response's PDF). */
  attachments?: readonly MailAttachment[];
}

/** A file a mail carries: its name as the receiver sees it, its bytes and its media type. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What an SMTP server said about a refused mail: its reply code, when it gave one. */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    /** The SMTP reply code (`550`, `421`...); undefined for a network error or a timeout. */
    readonly responseCode: number | undefined,
  ) {
    super(message);
  }
}

/** Sends mail: through SMTP when configured, else to the server log for development. */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  /** The fixed From address. */
  readonly from: string;
  /** Throws a MailSendError when the mail was not accepted. */
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** FORMLOOM_SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`; absent: the log mailer. */
  smtpUrl?: string | undefined;
  /** FORMLOOM_SMTP_FROM (default `Formloom <no-reply@localhost>`). */
  from?: string | undefined;
  /** FORMLOOM_SMTP_REPLY_TO: the fixed Reply-To of every mail; absent: none. */
  replyTo?: string | undefined;
  /** Longest wait for the SMTP server at each step (connect, greeting, each reply); default 10 s. */
  timeoutMs?: number;
  logger: Logger;
}

/** The SMTP reply code or network error of a nodemailer failure, as a short text for a log. */
function sendError(error: unknown): MailSendError {
  const e = error as { responseCode?: unknown; code?: unknown; message?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const what =
    responseCode !== undefined
      ? `SMTP ${responseCode}`
      : typeof e.code === 'string'
        ? `SMTP ${e.code === 'ETIMEDOUT' ? 'timeout' : e.code}`
        : 'SMTP error';
  return new MailSendError(what, responseCode);
}

/**
 * nodemailer over `smtpUrl`; without one, each mail is written to the log at `warn`, marked as for
 * development only, so a self-hoster can try private smart forms before setting up SMTP. The
 * SMTP URL (it may hold a password) is never logged. From and Reply-To are fixed by
 * configuration; the caller gives the recipient, subject, bodies and attachments only.
 */
export function createMailer({
  smtpUrl,
  from = 'Formloom <no-reply@localhost>',
  replyTo,
  timeoutMs = 10_000,
  logger,
}: MailerOptions): Mailer {
  if (smtpUrl === undefined || smtpUrl === '') {
    return {
      kind: 'log',
      from,
      async send(mail) {
        logger.warn(
          {
            mail: {
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              ...(mail.attachments === undefined
                ? {}
                : { attachments: mail.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`) }),
            },
          },
          'DEVELOPMENT ONLY: no FORMLOOM_SMTP_URL set, so this mail is written to the log instead of sent',
        );
      },
    };
  }
  // nodemailer loads with the first mail, not with the server: most servers send none.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    from,
    async send(mail) {
      transport ??= import('nodemailer').then((nodemailer) =>
        nodemailer.default.createTransport({
          url: smtpUrl,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        }),
      );
      try {
        await (await transport).sendMail({
          from,
          ...(replyTo === undefined ? {} : { replyTo }),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === undefined ? {} : { html: mail.html }),
          ...(mail.messageId === undefined ? {} : { messageId: `<${mail.messageId}>` }),
          ...(mail.attachments === undefined
            ? {}
            : {
                attachments: mail.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                })),
              }),
        });
      } catch (error) {
        throw sendError(error);
      }
    },
  };
}
