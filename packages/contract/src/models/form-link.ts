import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { page } from './paging.js';

/**
 * Personal links of a form (docs/server.md "Access rules"): one `/f/:code?t=<token>` per
 * recipient, each answering once; and the e-mail addresses respondents prove with a code.
 */
export const FORM_LINK_LIMITS = {
  recipientsMax: 1000,
  prefillKeysMax: 50,
  prefillValueMax: 1000,
  emailMax: 254,
  /** Digits of an e-mailed verification code. */
  codeLength: 6,
} as const;

/** The query parameter of a personal link on the form's page (`/f/:code?t=<token>`). */
export const LINK_TOKEN_PARAM = 't';

/**
 * The cookies the public page keeps a respondent's proofs in (a personal link opened, an address
 * confirmed), so the page's own script submits with them, on the same origin.
 */
export function linkCookieName(code: string): string {
  return `formloom_link_${code}`;
}
export function verifiedCookieName(code: string): string {
  return `formloom_verified_${code}`;
}

/** A link's token: 32 random bytes, base64url (256 bits). */
export const LinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .describe('The token of a personal link: the `t` of its URL');

/** A verified address's token (`.../verify/confirm`). */
export const VerificationToken = z
  .string()
  .min(1)
  .max(600)
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('What `.../verify/confirm` answered, proving the respondent’s e-mail address');

/**
 * A link's prefilled answers by the form's prefill parameter (a field's id, or its `prefill.param`),
 * as `?<param>=<value>` would give them; a field not editable keeps the link's value at submission.
 */
export const LinkPrefill = z
  .record(z.string().min(1).max(100), z.string().max(FORM_LINK_LIMITS.prefillValueMax))
  .refine((v) => Object.keys(v).length <= FORM_LINK_LIMITS.prefillKeysMax, {
    message: `At most ${FORM_LINK_LIMITS.prefillKeysMax} prefilled fields`,
  })
  .describe('Prefilled answers by prefill parameter (the field id unless `prefill.param` names another)');
export type LinkPrefill = z.infer<typeof LinkPrefill>;

export const LinkRecipient = z
  .object({
    email: z
      .string()
      .email()
      .max(FORM_LINK_LIMITS.emailMax)
      .optional()
      .describe('Where the link is e-mailed with `send`'),
    prefill: LinkPrefill.optional(),
  })
  .strict()
  .describe('One recipient');
export type LinkRecipient = z.infer<typeof LinkRecipient>;

/** POST /v1/forms/:id/links. */
export const CreateFormLinksBody = z
  .object({
    recipients: z.array(LinkRecipient).min(1).max(FORM_LINK_LIMITS.recipientsMax),
    send: z
      .boolean()
      .optional()
      .describe('E-mail each recipient with an address their link, through the outbox'),
  })
  .strict()
  .describe('Recipients of personal links');
export type CreateFormLinksBody = z.infer<typeof CreateFormLinksBody>;

export const FormLink = z
  .object({
    id: Uuid,
    email: z.string().nullable(),
    prefill: LinkPrefill.nullable(),
    usedAt: Timestamp.nullable().describe('When a response came through the link; null: not yet'),
    responseId: Uuid.nullable().describe('The response given through the link'),
    createdAt: Timestamp,
  })
  .describe('A personal link (without its URL: only its hash is kept)');
export type FormLink = z.infer<typeof FormLink>;

export const CreatedFormLink = FormLink.extend({
  url: z.string().describe('The link: shown here only, it cannot be read again'),
}).describe('A personal link, with its URL');
export type CreatedFormLink = z.infer<typeof CreatedFormLink>;

export const CreatedFormLinks = z
  .object({
    links: z.array(CreatedFormLink).describe('In the order of the recipients'),
    mailed: z
      .number()
      .int()
      .nonnegative()
      .describe('Mails queued (with `send`: one per recipient with an address)'),
  })
  .describe('Personal links created');
export type CreatedFormLinks = z.infer<typeof CreatedFormLinks>;

export const FormLinkPage = page('links', FormLink).describe('A page of personal links');
export type FormLinkPage = z.infer<typeof FormLinkPage>;

/** POST /v1/public/forms/:code/verify. */
export const VerifyEmailBody = z
  .object({ email: z.string().email().max(FORM_LINK_LIMITS.emailMax) })
  .strict()
  .describe('The respondent’s address');
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const VerifyEmailResult = z
  .object({ sent: z.literal(true), expiresAt: Timestamp.describe('When the code ends (10 minutes)') })
  .describe('Code sent');
export type VerifyEmailResult = z.infer<typeof VerifyEmailResult>;

/** POST /v1/public/forms/:code/verify/confirm. */
export const ConfirmEmailBody = z
  .object({
    email: z.string().email().max(FORM_LINK_LIMITS.emailMax),
    code: z
      .string()
      .regex(/^\d{6}$/)
      .describe('The 6-digit code of the mail'),
  })
  .strict()
  .describe('The address and its code');
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const ConfirmEmailResult = z
  .object({
    verificationToken: z.string().describe('Send as `verificationToken` in the submission'),
    expiresAt: Timestamp,
  })
  .describe('Address verified');
export type ConfirmEmailResult = z.infer<typeof ConfirmEmailResult>;
