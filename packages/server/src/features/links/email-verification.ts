import {
  type ConfirmEmailResult,
  FORM_LINK_LIMITS,
  type FormSchema,
  isLanguage,
  type VerifyEmailResult,
} from '@formloom/contract';
import type { Db, FormRow } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import { AlreadyAnsweredError, badRequest, forbidden, tooManyRequests } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { normaliseAddress, type VerificationTokens } from '../../platform/form-access/index.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import { createOneTimeCodes, takeCodeTry } from '../../platform/one-time-codes/index.js';
import type { FormMails } from '../notifications/index.js';
import { codeMail } from './link-mails.js';
import { createLinksStore } from './links-store.js';

/**
 * The codes that prove a respondent's address: 10 minutes, 5 tries each (right or wrong), and a
 * few codes an hour per address and form (a person asks again once or twice; more floods their
 * mailbox), and per client address and form (one client naming many addresses).
 */
export const EMAIL_CODE_RULES = {
  ttlMs: 10 * 60_000,
  maxTries: 5,
  perAddress: { limit: 5, windowMs: 3_600_000 },
  perClient: { limit: 20, windowMs: 3_600_000 },
};

export interface EmailVerificationDeps {
  db: Db;
  clock: () => Date;
  /** The form behind a share code as every public route reads it (its access rules checked). */
  publicForm: (code: string) => Promise<FormRow>;
  verificationTokens: VerificationTokens;
  mails: FormMails;
  outbox?: Wake | undefined;
  /** Derived from the server key for this purpose: codes are kept as an HMAC, so a database copy cannot test guesses. */
  codeKey: Uint8Array;
  rules?: typeof EMAIL_CODE_RULES;
}

/** `POST .../verify` and `.../verify/confirm`: a code by e-mail, traded for a verification token. */
export function createEmailVerification({
  db,
  clock,
  publicForm,
  verificationTokens,
  mails,
  outbox,
  codeKey,
  rules = EMAIL_CODE_RULES,
}: EmailVerificationDeps) {
  const limiter = createLimiter({ db, clock });
  const codes = createOneTimeCodes({ key: codeKey, length: FORM_LINK_LIMITS.codeLength });

  async function emailForm(code: string): Promise<FormRow> {
    const form = await publicForm(code);
    if (form.access_one_response !== 'email') throw badRequest('This form does not verify e-mail addresses');
    return form;
  }

  return {
    /** Forgets the codes past their 10 minutes (the hourly chore); how many. */
    purgeExpiredCodes(): Promise<number> {
      return createLinksStore(db).purgeCodes(isoNow(clock()));
    },

    /** Whether `token` proves an address for the form (the page's cookie): `ok`, `answered`, or undefined for no proof. */
    async verifiedFor(formId: string, token: string | undefined): Promise<'ok' | 'answered' | undefined> {
      const address = verificationTokens.addressOf(token, formId);
      if (address === undefined) return undefined;
      return (await createLinksStore(db).answeredFrom(formId, address)) ? 'answered' : 'ok';
    },

    async request(code: string, email: string, client: string): Promise<VerifyEmailResult> {
      const form = await emailForm(code);
      const address = normaliseAddress(email);
      const taken = await limiter.consumeAll([
        { key: `verify:${form.id}:${address}`, rule: rules.perAddress },
        { key: `verify:${form.id}:client:${client}`, rule: rules.perClient },
      ]);
      const refused = taken.answers.find((a) => !a.allowed);
      if (!taken.allowed && refused !== undefined) {
        throw tooManyRequests(
          `Too many codes asked for; retry in ${refused.retryAfterSeconds} s`,
          rateLimitInfo(refused, 'VERIFY_LIMIT'),
        );
      }
      const now = clock();
      const issued = codes.issue();
      const expiresAt = isoNow(new Date(now.getTime() + rules.ttlMs));
      const schema = fromJson<FormSchema>(form.schema);
      const language = isLanguage(schema.meta.language) ? schema.meta.language : 'en';
      await db.transaction().execute(async (trx) => {
        await createLinksStore(trx).insertCode({
          id: issued.id,
          form_id: form.id,
          email: address,
          code_hash: issued.codeHash,
          expires_at: expiresAt,
          created_at: isoNow(now),
        });
        await mails.queue(
          trx,
          { id: form.id, accountId: form.account_id },
          'MAIL_EMAIL_CODE',
          [codeMail(address, schema.meta.title, issued.code, language)],
          isoNow(now),
        );
      });
      outbox?.notify();
      return { sent: true, expiresAt };
    },

    /**
     * The newest code of the address, each try counted before comparing (so parallel guesses
     * cannot pass the limit); a right one is used up and gives the token. An address that has
     * answered already is told so here, before the respondent fills the form in.
     */
    async confirm(code: string, email: string, digits: string): Promise<ConfirmEmailResult> {
      const form = await emailForm(code);
      const address = normaliseAddress(email);
      const store = createLinksStore(db);
      const row = await store.latestCode(form.id, address, isoNow(clock()));
      if (row === undefined) throw forbidden('Wrong or expired code: ask for a new one');
      if (!(await takeCodeTry(db, 'form_email_codes', row.id, rules.maxTries)))
        throw forbidden('No tries left: ask for a new code');
      if (!codes.matches(row, digits)) {
        const left = rules.maxTries - row.attempts - 1;
        throw forbidden(
          left > 0
            ? `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`
            : 'Wrong code: ask for a new one',
        );
      }
      await store.spendCode(row.id);
      if (await store.answeredFrom(form.id, address)) {
        throw new AlreadyAnsweredError('This address has answered the form already');
      }
      const { token, expiresAt } = verificationTokens.issue(form.id, address);
      return { verificationToken: token, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
