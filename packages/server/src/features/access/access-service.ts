import type { FormAccess, PutFormAccessBody, UnlockFormResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, notFound, PasswordRequiredError, tooManyRequests } from '../../domain-errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import { type AccessTokens, assertOpen } from '../../platform/form-access/index.js';
import { formGone } from '../../platform/form-errors.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import { hashPassword, verifyPassword } from '../../platform/password-hash.js';
import { SHARE_CODE_PATTERN } from '../../platform/share-code.js';
import { type AccessChange, type AccessRow, createAccessStore } from './access-store.js';

/**
 * Password tries of one form, right or wrong: per address and form (a respondent mistyping a few
 * times) and per form (guesses spread over many addresses). Ten a minute from one address is a
 * person's pace and takes a guesser 100 days for a million guesses; a hundred a minute per form
 * bounds the scrypt work a form's guessers cost (50-100 ms each, so at most some 10 s of one core
 * a minute) and a botnet's guesses to 144,000 a day.
 */
export const UNLOCK_LIMITS = {
  perAddress: { limit: 10, windowMs: 60_000 },
  perForm: { limit: 100, windowMs: 60_000 },
};
export type UnlockLimits = typeof UNLOCK_LIMITS;

export interface AccessServiceDeps {
  db: Db;
  clock: () => Date;
  tokens: AccessTokens;
  limits?: UnlockLimits | undefined;
}

function accessOf(row: AccessRow): FormAccess {
  return {
    hasPassword: row.access_password_hash !== null,
    opensAt: row.access_opens_at,
    closedMessage: row.access_closed_message,
    oneResponse:
      row.access_one_response === 'link' || row.access_one_response === 'email'
        ? row.access_one_response
        : null,
    allowEdit: row.access_edit_hours === null ? null : { hours: row.access_edit_hours },
  };
}

/** A form's access rules (docs/server.md "Access rules"): read, changed, and the unlock route. */
export function createAccessService({ db, clock, tokens, limits = UNLOCK_LIMITS }: AccessServiceDeps) {
  const limiter = createLimiter({ db, clock });

  async function formOf(accountId: string, id: string): Promise<AccessRow> {
    const row = await createAccessStore(db).find(accountId, id);
    if (row === undefined) throw notFound('Form not found');
    return row;
  }

  async function limit(formId: string, address: string): Promise<void> {
    const taken = await limiter.consumeAll([
      { key: `unlock:${formId}:${address}`, rule: limits.perAddress },
      { key: `unlock:${formId}`, rule: limits.perForm },
    ]);
    const refused = taken.answers.find((a) => !a.allowed);
    if (!taken.allowed && refused !== undefined) {
      throw tooManyRequests(
        `Too many password tries for this form; retry in ${refused.retryAfterSeconds} s`,
        rateLimitInfo(refused, 'UNLOCK_LIMIT'),
      );
    }
  }

  return {
    async get(accountId: string, id: string): Promise<FormAccess> {
      return accessOf(await formOf(accountId, id));
    },

    /** Changes what `body` sends; the password hashed first (outside the transaction: scrypt is slow). */
    async put(accountId: string, id: string, body: PutFormAccessBody): Promise<FormAccess> {
      await formOf(accountId, id);
      const change: AccessChange = {};
      if (body.password !== undefined)
        change.access_password_hash = body.password === null ? null : await hashPassword(body.password);
      if (body.opensAt !== undefined)
        change.access_opens_at = body.opensAt === null ? null : new Date(body.opensAt).toISOString();
      if (body.closedMessage !== undefined) change.access_closed_message = body.closedMessage;
      if (body.oneResponse !== undefined) change.access_one_response = body.oneResponse;
      if (body.allowEdit !== undefined) change.access_edit_hours = body.allowEdit?.hours ?? null;
      return db.transaction().execute(async (trx) => {
        const store = createAccessStore(trx);
        if (Object.keys(change).length > 0) {
          if (!(await store.update(accountId, id, change))) throw notFound('Form not found');
          await recordAudit(trx, accountId, 'form.access_changed', { type: 'form', id }, clock);
        }
        const row = await store.find(accountId, id);
        if (row === undefined) throw notFound('Form not found');
        return accessOf(row);
      });
    },

    /**
     * Trades a protected form's password for an unlock token. Every try counts against the
     * limits, right or wrong; a wrong one is a 401 PASSWORD_REQUIRED, as a call without a token.
     */
    async unlock(code: string, password: string, address: string): Promise<UnlockFormResult> {
      if (!SHARE_CODE_PATTERN.test(code)) throw formGone();
      const row = await createAccessStore(db).findByShareCode(code);
      if (row === undefined || row.publish_status === 'DRAFT') throw formGone();
      assertOpen(row, isoNow(clock()));
      const hash = row.access_password_hash;
      if (hash === null) throw badRequest('This form asks for no password');
      await limit(row.id, address);
      if (!(await verifyPassword(password, hash))) {
        throw new PasswordRequiredError('Wrong password', row.title);
      }
      const { token, expiresAt } = tokens.issue(row.id, hash);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
