import { APIError } from '@formloom/sdk';

/** What the server said went wrong (its message is written for people), else a general text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof APIError && error.message !== '' ? error.message : fallback;
}
