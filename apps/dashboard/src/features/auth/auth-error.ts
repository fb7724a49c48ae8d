import { AuthenticationError, RateLimitError } from '@formloom/sdk';
import type { MessageKey } from '../../i18n/messages.js';

/** The text a failed sign-in or setup shows. */
export function authErrorKey(error: unknown, unauthorized: MessageKey): MessageKey {
  if (error instanceof AuthenticationError) return unauthorized;
  if (error instanceof RateLimitError) return 'throttled';
  return 'somethingWrong';
}
