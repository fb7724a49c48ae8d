import { z } from 'zod';
import { Timestamp } from './common.js';
import { TwoFactorCode } from './dashboard-auth.js';
import { LANGUAGES } from './limits.js';

/** What a member's security page shows of two-factor. */
export const TwoFactorStatus = z
  .object({
    enabled: z.boolean().describe('Whether sign-in asks for a code'),
    recoveryCodesLeft: z.number().int().min(0).describe('Unused recovery codes'),
    required: z.boolean().describe("Whether the account requires every member's two-factor"),
    passkeys: z
      .number()
      .int()
      .min(0)
      .describe('The member’s passkeys: any one of them satisfies `required` as the app does'),
  })
  .describe('Two-factor of the signed-in member');
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A new TOTP secret, to scan or type into an authenticator app, then confirm with a code. */
export const TwoFactorSetup = z
  .object({
    otpauthUri: z.string().describe('`otpauth://totp/...`: what the QR code holds'),
    qrSvg: z.string().describe('The QR code as an SVG document (draw it as an image, never as markup)'),
    secret: z.string().describe('The secret in base32, for typing it in by hand'),
  })
  .describe('Two-factor set-up');
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const TwoFactorCodeBody = z
  .object({ code: TwoFactorCode.describe('A current code of the authenticator app (or a recovery code)') })
  .strict()
  .describe('A two-factor code');
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>;

export const RecoveryCodes = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .length(10)
      .describe('Ten single-use codes, shown this once: each signs in once in place of the app'),
  })
  .describe('Recovery codes');
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const TwoFactorDisabled = z.object({ enabled: z.literal(false) }).describe('Two-factor off');
export type TwoFactorDisabled = z.infer<typeof TwoFactorDisabled>;

export const AccountSecurity = z
  .object({
    require2fa: z.boolean().describe('Members must turn two-factor on before anything else'),
  })
  .strict()
  .describe("The account's sign-in rules");
export type AccountSecurity = z.infer<typeof AccountSecurity>;

export const DashboardSession = z
  .object({
    id: z.string().describe('Session id'),
    current: z.boolean().describe('The session of this request'),
    device: z.string().describe('Browser and system, read from the User-Agent'),
    ip: z.string().nullable().describe('The address it signed in from'),
    lastSeenAt: Timestamp.describe('Its last request, to the minute'),
  })
  .describe('A dashboard session');
export type DashboardSession = z.infer<typeof DashboardSession>;

export const DashboardSessionList = z
  .object({ sessions: z.array(DashboardSession).describe('Newest use first') })
  .describe('The signed-in member’s sessions');
export type DashboardSessionList = z.infer<typeof DashboardSessionList>;

export const SessionEnded = z.object({ ended: z.literal(true) }).describe('Session ended');
export type SessionEnded = z.infer<typeof SessionEnded>;

const NewPassword = z
  .string()
  .min(1)
  .max(1024)
  .describe(
    'At least 10 characters; a common password, a repeated pattern or a straight sequence is refused with the reason',
  );

export const ChangePasswordBody = z
  .object({ current: z.string().min(1).max(1024), new: NewPassword })
  .strict()
  .describe('Change the password');
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const PasswordChanged = z
  .object({ changed: z.literal(true), sessionsEnded: z.number().int().min(0) })
  .describe('Password changed; the other sessions ended');
export type PasswordChanged = z.infer<typeof PasswordChanged>;

export const PasswordResetBody = z
  .object({
    email: z.string().email().max(320),
    language: z.enum(LANGUAGES).optional().describe("The mail's language (default `en`)"),
  })
  .strict()
  .describe('Ask for a reset link');
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetRequested = z
  .object({ requested: z.literal(true) })
  .describe('The same answer whether the address has an account or not');
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;

export const PasswordResetConfirmBody = z
  .object({
    token: z.string().min(1).max(200).describe('The `token` of the e-mailed link'),
    password: NewPassword,
  })
  .strict()
  .describe('Set a new password');
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const PasswordReset = z
  .object({ reset: z.literal(true) })
  .describe('Password set; every session ended');
export type PasswordReset = z.infer<typeof PasswordReset>;
