import { FormClosedError, PasswordRequiredError } from '../../domain-errors.js';
import { currentAccessToken } from './access-context.js';
import type { AccessTokens } from './access-tokens.js';

/** The access rules of a form's row, as every public route reads them with the form. */
export interface FormAccessRow {
  id: string;
  title: string;
  access_password_hash: string | null;
  access_opens_at: string | null;
  access_closed_message: string | null;
}

/**
 * Before its opening time: 409 FORM_CLOSED with the form's own message, else the default;
 * `closedMessage` is the form's own (null: none), for a page that says the default in its language.
 */
export class NotOpenYetError extends FormClosedError {
  override name = 'NotOpenYetError';
  constructor(readonly closedMessage: string | null) {
    super(closedMessage ?? 'This form is not open yet');
  }
}

/** Throws a FormClosedError before the form opens (`nowIso`); the opening time alone. */
export function assertOpen(row: FormAccessRow, nowIso: string): void {
  if (row.access_opens_at !== null && nowIso < row.access_opens_at)
    throw new NotOpenYetError(row.access_closed_message);
}

/**
 * The access rules of every public route of a form, checked where they read the form: before its
 * opening time a 409 FORM_CLOSED with its closed message; with a password, a 401 PASSWORD_REQUIRED
 * (naming the title only) unless the request carries a valid unlock token for it.
 */
export function checkFormAccess(tokens: AccessTokens, row: FormAccessRow, nowIso: string): void {
  assertOpen(row, nowIso);
  const hash = row.access_password_hash;
  if (hash !== null && !tokens.valid(currentAccessToken(), row.id, hash)) {
    throw new PasswordRequiredError('This form asks for a password', row.title);
  }
}
