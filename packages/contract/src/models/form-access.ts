import { z } from 'zod';
import { Timestamp } from './common.js';

/**
 * A form's access rules (docs/server.md "Access rules"), kept apart from its schema so that no
 * read, draft, revision, export or webhook of the form carries a secret.
 */
export const FORM_ACCESS_LIMITS = {
  passwordMin: 4,
  passwordMax: 200,
  closedMessageMax: 1000,
  editHoursMin: 1,
  editHoursMax: 720,
} as const;

/** Who may answer once: each personal link once, or each verified e-mail address once. */
export const OneResponse = z
  .enum(['link', 'email'])
  .describe('`link`: only personal links answer, each once; `email`: each verified address answers once');
export type OneResponse = z.infer<typeof OneResponse>;

export const AllowEdit = z
  .object({
    hours: z
      .number()
      .int()
      .min(FORM_ACCESS_LIMITS.editHoursMin)
      .max(FORM_ACCESS_LIMITS.editHoursMax)
      .describe('How long after submitting a respondent may change the answers'),
  })
  .strict()
  .describe('Respondents may edit their response through its edit link');
export type AllowEdit = z.infer<typeof AllowEdit>;

/** The header a respondent's client sends the unlock token in (`POST .../unlock`). */
export const ACCESS_TOKEN_HEADER = 'x-formloom-access';

/** The cookie the public page keeps a form's unlock token in. */
export function accessCookieName(code: string): string {
  return `formloom_access_${code}`;
}

export const FormAccess = z
  .object({
    hasPassword: z.boolean().describe('Whether respondents must unlock the form with a password'),
    opensAt: Timestamp.nullable().describe('Before this time every public route answers 409 FORM_CLOSED'),
    closedMessage: z
      .string()
      .max(FORM_ACCESS_LIMITS.closedMessageMax)
      .nullable()
      .describe('What a respondent is told before `opensAt`; null for the default text'),
    oneResponse: OneResponse.nullable().describe('null: anyone answers, as often as they like'),
    allowEdit: AllowEdit.nullable().describe('null: a response cannot be changed by its respondent'),
  })
  .describe('Form access rules');
export type FormAccess = z.infer<typeof FormAccess>;

/** PUT /v1/forms/:id/access: only the properties sent change. */
export const PutFormAccessBody = z
  .object({
    password: z
      .string()
      .min(FORM_ACCESS_LIMITS.passwordMin)
      .max(FORM_ACCESS_LIMITS.passwordMax)
      .nullable()
      .optional()
      .describe('Write-only: stored hashed, never read back; null removes it (and ends every unlock)'),
    opensAt: Timestamp.nullable().optional().describe('null opens the form at once'),
    closedMessage: z
      .string()
      .max(FORM_ACCESS_LIMITS.closedMessageMax)
      .nullable()
      .optional()
      .describe('Plain text; null for the default text'),
    oneResponse: OneResponse.nullable().optional().describe('null: anyone answers, as often as they like'),
    allowEdit: AllowEdit.nullable().optional().describe('null: responses cannot be edited by respondents'),
  })
  .strict()
  .describe('Changes to the access rules');
export type PutFormAccessBody = z.infer<typeof PutFormAccessBody>;

export const UnlockFormBody = z
  .object({ password: z.string().min(1).max(FORM_ACCESS_LIMITS.passwordMax) })
  .strict()
  .describe('The password');
export type UnlockFormBody = z.infer<typeof UnlockFormBody>;

export const UnlockFormResult = z
  .object({
    token: z.string().describe('Send as `X-Formloom-Access` with every public call of the form'),
    expiresAt: Timestamp.describe(
      'When the token ends (a day); a changed or removed password ends it sooner',
    ),
  })
  .describe('Unlock token');
export type UnlockFormResult = z.infer<typeof UnlockFormResult>;
