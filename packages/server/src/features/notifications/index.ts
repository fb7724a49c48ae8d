/** The notifications feature: e-mail to owners and respondents on a new response, sent through the outbox. */
export {
  type ComposedMail,
  mailHeaderLine,
  ownerMails,
  respondentCopy,
  singleAddress,
} from './mail-content.js';
export {
  DEFAULT_MAILS_PER_RECIPIENT_HOUR,
  DEFAULT_MAX_PDF_BYTES,
  MAIL_CHANNEL,
  messageIdOf,
} from './mail-sender.js';
export {
  createFormMails,
  createResponseMails,
  enableMailTarget,
  type FormMails,
  type MailSenderOptions,
  mailSender,
  mailTargetId,
  type ResponseMails,
} from './notifications-service.js';
