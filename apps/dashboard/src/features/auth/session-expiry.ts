import { AuthenticationError } from '@formloom/sdk';
import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import { isTwoFactorRequired } from './auth-error.js';
import { authKeys, sessionEnded } from './queries.js';

/**
 * A 401 while someone is signed in means the session ended (it expired, or was signed out
 * elsewhere). The app then shows the sign-in page in place, so the address stays the page the
 * person was on and signing in lands back on it; the sign-in page says why it is shown. Nothing of
 * the account stays in memory, as after signing out.
 *
 * Registered once, as the query and mutation caches' `onError` (main.tsx), so no page handles it.
 */
export function endSessionOn(
  queryClient: QueryClient,
  error: unknown,
  source?: Query<unknown, unknown, unknown> | Mutation<unknown, unknown, unknown>,
): void {
  if (!(error instanceof AuthenticationError)) return;
  // A wrong or spent two-factor code (turning it off, new recovery codes): the session goes on.
  if (isTwoFactorRequired(error)) return;
  // The auth feature's own calls (sign-in with a wrong password, sign-out) say what they need themselves.
  const key = source && 'queryKey' in source ? source.queryKey : source?.options.mutationKey;
  if (key?.[0] === authKeys.all[0]) return;
  if (!queryClient.getQueryData(authKeys.me())) return;
  sessionEnded(queryClient);
}

/** Queries are tried again after a failure, but not after a 401: nothing changes by asking again. */
export function retryUnlessSignedOut(failures: number, error: unknown): boolean {
  return !(error instanceof AuthenticationError) && failures < 3;
}
