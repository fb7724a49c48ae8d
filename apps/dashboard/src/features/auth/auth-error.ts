import { AuthenticationError, BadRequestError, PermissionDeniedError, RateLimitError } from '@formloom/sdk';
import type { MessageKey } from '../../i18n/messages.js';

/** The text a failed sign-in or setup shows. */
export function authErrorKey(error: unknown, unauthorized: MessageKey): MessageKey {
  if (error instanceof AuthenticationError) return unauthorized;
  if (error instanceof RateLimitError) return 'throttled';
  return 'somethingWrong';
}

/**
 * The text a refused setup shows: a 400 says what to change (the server's reason, such as a
 * password that is too short), anything else the message of `authErrorKey`.
 */
export function refusalText(
  error: unknown,
  unauthorized: MessageKey,
  t: (key: MessageKey) => string,
): string {
  if (error instanceof BadRequestError && error.message !== '') return error.message;
  return t(authErrorKey(error, unauthorized));
}

/**
 * A 401 TWO_FACTOR_REQUIRED: the password was right and a code must come with it (or the code
 * sent was wrong or spent).
 */
export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof AuthenticationError && error.code === 'TWO_FACTOR_REQUIRED';
}

/** A 403 SSO_REQUIRED: the account's members sign in through its single sign-on only. */
export function isSsoRequired(error: unknown): boolean {
  return error instanceof PermissionDeniedError && error.code === 'SSO_REQUIRED';
}
