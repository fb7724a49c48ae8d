import { createHash, randomBytes } from 'node:crypto';
import { INTERVIEW_LIMITS, type RequestOtpResult, type VerifyOtpResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import {
  badRequest,
  forbidden,
  notFound,
  type RateLimitedError,
  tooManyRequests,
  unavailable,
} from '../../domain-errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { createLimiter, type LimitAnswer, rateLimitInfo } from '../../platform/limits/index.js';
import { createOneTimeCodes, takeCodeTry } from '../../platform/one-time-codes/index.js';
import { createOtpStore } from './otp-store.js';

/** One-time code rules (issue: 10 minutes, 5 attempts) and the request limits. */
export const OTP_RULES = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  /** A verified email may start a session within this. */
  verificationTtlMs: 30 * 60_000,
  /** Codes one email may request for one smart form per hour. */
  perEmailPerHour: 5,
  /** Codes one client address may request per hour, over all smart forms. */
  perAddressPerHour: 20,
} as const;

export interface OtpServiceDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  /** The server key: codes are stored as an HMAC under it, so a database copy alone cannot test guesses. */
  secretKey: Uint8Array;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Email verification for private smart forms: a 6-digit code, stored as an HMAC, valid 10 minutes
 * for 5 attempts; a right code gives a verification token (stored hashed) that starts one session.
 * Requests are limited per email and per address by the one limiter (`limits/`), counted in the
 * database so every instance sees the same counts.
 */
export function createOtpService({ db, clock, mailer, secretKey }: OtpServiceDeps) {
  const codes = createOneTimeCodes({ key: secretKey, length: INTERVIEW_LIMITS.otpLength });

  const store = createOtpStore(db);

  async function privateForm(code: string) {
    const form = await store.formByShareCode(code);
    if (form === undefined || form.status !== 'published')
      throw notFound('No published smart form under this code');
    if (form.is_private !== 1) {
      throw badRequest('This smart form is not private: start a session without a verification code');
    }
    return form;
  }

  const limiter = createLimiter({ db, clock });
  const hourly = (limit: number) => ({ limit, windowMs: 3_600_000 });

  /** Takes one code from each limit (all or none); a full one is the 429, waiting as it says. */
  async function takeCode(formId: string, email: string, ip: string): Promise<() => Promise<void>> {
    const emailKey = `otp:email:${formId}:${email}`;
    const byEmail = await limiter.consume(emailKey, hourly(OTP_RULES.perEmailPerHour));
    if (!byEmail.allowed) throw limited(byEmail);
    const ipKey = `otp:ip:${ip}`;
    const byAddress = await limiter.consume(ipKey, hourly(OTP_RULES.perAddressPerHour));
    if (!byAddress.allowed) {
      await limiter.refund(emailKey);
      throw limited(byAddress);
    }
    return async () => {
      await limiter.refund(emailKey);
      await limiter.refund(ipKey);
    };
  }

  function limited(answer: LimitAnswer): RateLimitedError {
    return tooManyRequests(
      `Too many codes requested: at most ${answer.limit} an hour; try again in ${answer.retryAfterSeconds} s`,
      rateLimitInfo(answer, 'HOURLY_LIMIT'),
    );
  }

  return {
    async request(shareCode: string, emailRaw: string, ip: string): Promise<RequestOtpResult> {
      const form = await privateForm(shareCode);
      const email = emailRaw.trim().toLowerCase();
      const now = clock();
      const giveBack = await takeCode(form.id, email, ip);
      const { id, code, codeHash } = codes.issue();
      const expiresAt = isoNow(new Date(now.getTime() + OTP_RULES.codeTtlMs));
      await store.insert({
        id,
        smart_form_id: form.id,
        email,
        ip,
        code_hash: codeHash,
        attempts: 0,
        expires_at: expiresAt,
        verification_hash: null,
        verified_at: null,
        used_at: null,
        created_at: isoNow(now),
      });
      try {
        await mailer.send({
          to: email,
          subject: `Your code for "${form.title}"`,
          text: `Your verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this email.`,
        });
      } catch {
        // The code never reached anyone: it must not count, nor stay usable.
        await store.remove(id);
        await giveBack();
        throw unavailable('The verification email could not be sent; try again in a moment');
      }
      return { sent: true, expiresAt };
    },

    async verify(shareCode: string, emailRaw: string, code: string): Promise<VerifyOtpResult> {
      const form = await privateForm(shareCode);
      const email = emailRaw.trim().toLowerCase();
      const now = clock();
      const nowIso = isoNow(now);
      const row = await store.latestPending(form.id, email, nowIso);
      if (row === undefined) throw forbidden('Wrong or expired code: request a new one');
      // Every attempt, right or wrong, is taken before comparing: parallel guesses cannot exceed them.
      if (!(await takeCodeTry(db, 'smart_form_otps', row.id, OTP_RULES.maxAttempts)))
        throw forbidden('Too many wrong attempts: request a new code');
      if (!codes.matches(row, code)) {
        const left = OTP_RULES.maxAttempts - row.attempts - 1;
        throw forbidden(
          left > 0
            ? `Wrong code: ${left} attempt${left === 1 ? '' : 's'} left`
            : 'Wrong code: request a new one',
        );
      }
      const token = randomBytes(32).toString('base64url');
      const claimed = await store.claimVerification(row.id, sha256(token), nowIso);
      if (!claimed) throw forbidden('Wrong or expired code: request a new one');
      return {
        verificationToken: token,
        expiresAt: isoNow(new Date(now.getTime() + OTP_RULES.verificationTtlMs)),
      };
    },

    /** Uses a verification token (once) inside the transaction that starts the session; returns its email. */
    async consume(trx: Db, smartFormId: string, token: string): Promise<string> {
      const now = clock();
      const otps = createOtpStore(trx);
      const row = await otps.findVerified(
        smartFormId,
        sha256(token),
        isoNow(new Date(now.getTime() - OTP_RULES.verificationTtlMs)),
      );
      const used = row === undefined ? false : await otps.markUsed(row.id, isoNow(now));
      if (row === undefined || !used) {
        throw forbidden('The verificationToken is wrong, used or expired: verify your email again');
      }
      return row.email;
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
