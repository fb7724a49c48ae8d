import { randomBytes, randomUUID } from 'node:crypto';
import {
  type FormCaptcha,
  type FormSchema,
  isLanguage,
  paymentField,
  type ResponsePayment,
} from '@formloom/contract';
import {
  endingScreen,
  type LanguageRequest,
  pickLanguage,
  prefillAnswers,
  prefillTargets,
} from '@formloom/contract/engine';
import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db, FormRow, ResponseRow } from '../../db/database.js';
import { isoNow, toJson } from '../../db/json.js';
import {
  AlreadyAnsweredError,
  DomainError,
  FormClosedError,
  PasswordRequiredError,
  PaymentConflictError,
} from '../../domain-errors.js';
import { withAccessToken } from '../../platform/form-access/index.js';
import { formGone } from '../../platform/form-errors.js';
import type { SubmissionForms } from '../forms/index.js';
import type { FileAnswers } from '../uploads/index.js';
import { createAnswerCheck } from './answer-check.js';
import type { CompiledForms } from './compiled-forms.js';
import type { PublicForms } from './public-forms.js';
import { createQuizAttemptsStore } from './quiz-attempts-store.js';
import type { ResponseCounts } from './response-counts.js';
import { editWindowEnd } from './response-edits.js';
import type { ResponseNotices } from './response-notices.js';
import type { ResponsesStore } from './responses-store.js';
import { quizNumbers, type StoredSubmission, storedQuiz, submissionResult } from './submission-ending.js';
import type { ReplayOutcome, SubmissionReplay } from './submission-replay.js';

/**
 * Something a submission completes, exactly once, in the transaction that stores the response
 * (a partial response: features/partials). Its own store does the SQL; `trx` is the submission's
 * transaction.
 */
export interface SubmissionLink {
  /** The response that already completed it, if any; locks it (where the dialect can) until the commit. */
  completed(trx: Db): Promise<StoredSubmission | undefined>;
  /** Marks it completed by `responseId`; false when another submission did first. */
  complete(trx: Db, responseId: string): Promise<boolean>;
  /**
   * A payment Stripe took (the payments feature): the only way a form with a payment field stores
   * a response. Its captcha was checked when the payment started.
   */
  paid?: boolean;
  /** The payment a paid response carries, announced with it (FORM_RESPONSE_CREATED). */
  payment?: ResponsePayment | undefined;
}

/** What a submission sends to prove who answers (`linkToken`, `verificationToken` of its body). */
export interface RespondentProof {
  linkToken?: string | undefined;
  verificationToken?: string | undefined;
}

/** Who answers, as the form's rule of one response per person sees them. */
export interface Respondent {
  /** The personal link submitted through. */
  linkId?: string | undefined;
  /** The link's prefill by prefill parameter: a field not editable keeps this value. */
  prefill?: Readonly<Record<string, string>> | undefined;
  /** The address the respondent proved, stored with the response (unique per form). */
  verifiedEmail?: string | undefined;
  /** The link or the address answered already. */
  answered?: boolean | undefined;
}

/**
 * The rule of one response per person (the links feature): checked inside the submission's
 * transaction, after the form is read and before anything is written, and the link marked used in
 * the same transaction as the response is stored.
 */
export interface RespondentGate {
  /**
   * Who answers, by `proof` and the form's `oneResponse`; a refusal (403 LINK_REQUIRED or
   * VERIFICATION_REQUIRED) as the error to answer. Holds what it read until the commit where
   * the dialect can, so two submissions of one person take turns.
   */
  check(trx: Db, form: FormRow, proof: RespondentProof, nowIso: string): Promise<Respondent | DomainError>;
  /** Marks the link used by `responseId`; false when another submission used it first. */
  claim(trx: Db, linkId: string, responseId: string, nowIso: string): Promise<boolean>;
}

/** The answers a link's prefill fixes: those of its fields that are not editable. */
function lockedPrefill(schema: FormSchema, prefill: Readonly<Record<string, string>>) {
  const fixed = prefillTargets(schema).filter((t) => !t.editable);
  const answers = prefillAnswers(schema, { ...prefill });
  return Object.fromEntries(
    fixed.filter((t) => t.fieldId in answers).map((t) => [t.fieldId, answers[t.fieldId]]),
  );
}

/** A submission as received: the answers as sent, the key when there is one, with its fingerprint. */
export interface Submission {
  code: string;
  answers: unknown;
  /** What the request says about the respondent's language (body `language`, Accept-Language). */
  language: LanguageRequest;
  idempotencyKey: string | undefined;
  print: string | null;
  /** The form's captcha token was verified (a form without a captcha needs none). */
  captchaChecked?: boolean;
  /** What this submission completes, once (a partial response). */
  link?: SubmissionLink | undefined;
  /**
   * A quiz with feedback after each answer: the attempt whose marked answers the response keeps
   * (each question answered as it was first marked).
   */
  quizAttempt?: string | undefined;
  /**
   * The request's unlock token of a password-protected form (`X-Formloom-Access`), taken along:
   * the submission may be stored with others of its turn, outside its request's context.
   */
  accessToken?: string | undefined;
  /** The personal link or the proven address of the respondent, for one response per person. */
  proof?: RespondentProof | undefined;
}

/**
 * How a submission ended inside its transaction. `refused` is decided before the submission
 * writes anything (the form is gone, the answers are invalid, the key was used with other
 * answers), so the transaction holding it may commit; a failure after a write is thrown instead.
 */
export type SubmitOutcome = ReplayOutcome | { kind: 'closed' } | { kind: 'captcha'; captcha: FormCaptcha };

/**
 * Thrown inside a submission's transaction to roll it back: another submission completed its link
 * (a partial response, or a personal link) first.
 */
export class LinkTaken extends Error {}

export interface SubmissionDeps {
  clock: () => Date;
  compiled: CompiledForms;
  /** File answers: resolved to the stored uploads before validating, claimed when stored. */
  files?: FileAnswers | undefined;
  forms: Pick<PublicForms, 'submissionFormIn'>;
  replay: SubmissionReplay;
  counts: Pick<ResponseCounts, 'added' | 'archivedIfDue'>;
  notices: ResponseNotices;
  /** One response per person (personal links, proven addresses); without it no link is known. */
  respondents?: RespondentGate | undefined;
}

/** One submission inside a transaction: the form's checks, validation, storing, counting, events. */
export function createSubmission({
  clock,
  compiled,
  files,
  forms,
  replay,
  counts,
  notices,
  respondents,
}: SubmissionDeps) {
  const checkAnswers = createAnswerCheck({ compiled, files });
  return {
    /**
     * One submission inside the transaction `trx` (whose stores are `txForms` and `txResponses`).
     * The form read at its start is the state the checks and the insert rely on (no second read).
     * The outcomes are those of checking in this order: form accepting, then the idempotency
     * replay, then the answers.
     */
    async submitIn(
      trx: Db,
      txForms: SubmissionForms,
      txResponses: ResponsesStore,
      {
        code,
        answers: sent,
        language: languageRequest,
        idempotencyKey,
        print,
        captchaChecked,
        link,
        quizAttempt,
        accessToken,
        proof,
      }: Submission,
    ): Promise<SubmitOutcome> {
      const submittedAt = isoNow(clock());
      let form: FormRow | undefined;
      try {
        form = await withAccessToken(accessToken, () => forms.submissionFormIn(txForms, code, submittedAt));
      } catch (error) {
        // Locked or not open yet: refused before anything is written.
        if (error instanceof PasswordRequiredError || error instanceof FormClosedError) {
          return { kind: 'refused', error };
        }
        throw error;
      }
      if (form === undefined) return { kind: 'refused', error: formGone() };
      // A link completed before (a repeated complete) answers with its response, even once the form
      // has filled up or expired since.
      // What a stored response answers, in the language it was answered in.
      const answer = (stored: StoredSubmission) =>
        submissionResult(stored, (language) =>
          language !== null && isLanguage(language) ? compiled.get(form, language) : compiled.get(form),
        );
      const done = await link?.completed(trx);
      if (done !== undefined) return { kind: 'answered', result: answer(done) };
      // An archiving just done by submissionFormIn is committed with the transaction.
      if (form.publish_status !== 'PUBLISHED') return { kind: 'closed' };
      const who =
        respondents === undefined ? {} : await respondents.check(trx, form, proof ?? {}, submittedAt);
      if (who instanceof DomainError) return { kind: 'refused', error: who };
      const respondent: Respondent = who;
      const base = compiled.get(form).schema;
      // The first submission under this key, when there is one, answers this one whatever it
      // holds. Looking it up only when it can change the outcome (the answers fail, or the key is
      // taken so the insert stores nothing) gives every result the up-front lookup gave, and a
      // fresh key costs no extra query.
      const earlier = () =>
        idempotencyKey === undefined
          ? undefined
          : replay.replay(trx, form.id, idempotencyKey, print!, submittedAt, answer);
      // The link or the address answered already: a retry of that very submission gets its answer.
      if (respondent.answered === true) {
        return (
          (await earlier()) ?? {
            kind: 'refused',
            error: new AlreadyAnsweredError(
              respondent.linkId === undefined
                ? 'This address has answered the form already'
                : 'This link has been used already',
            ),
          }
        );
      }
      // A form with a payment field takes its responses through Stripe Checkout only.
      const paid = link?.paid === true;
      if (!paid && paymentField(base) !== undefined) {
        return {
          kind: 'refused',
          error: new PaymentConflictError(
            'This form takes a payment: start it with POST /v1/public/forms/:code/payments',
            'CHECKOUT_REQUIRED',
          ),
        };
      }
      // A captcha is verified outside any transaction (it is a request to the provider): the
      // submission stops here, having written nothing, and runs again once the token is accepted.
      // A retry of a stored submission is answered without a new token.
      const captcha = base.settings?.captcha;
      if (captcha !== undefined && captchaChecked !== true && !paid) {
        return (await earlier()) ?? { kind: 'captcha', captcha };
      }
      // Validated in the respondent's language, so the messages are too; the answers, the stored
      // response and the event are the same in every language (labels in the base language).
      const language = pickLanguage(base, languageRequest);
      // A question marked after its answer keeps the answer it was marked for.
      const marked =
        quizAttempt !== undefined && base.settings?.quiz?.feedback === 'after-answer'
          ? await createQuizAttemptsStore(trx).marked(form.id, quizAttempt, submittedAt)
          : undefined;
      // A link's prefill of a field that is not editable is the answer, whatever was sent.
      const fixed = respondent.prefill === undefined ? undefined : lockedPrefill(base, respondent.prefill);
      const answers =
        (marked !== undefined || fixed !== undefined) &&
        typeof sent === 'object' &&
        sent !== null &&
        !Array.isArray(sent)
          ? { ...sent, ...marked, ...fixed }
          : sent;
      const outcome = await checkAnswers(trx, form, language, answers, submittedAt);
      if (!outcome.ok) return (await earlier()) ?? { kind: 'refused', error: outcome.error };
      const { validator, endingId, marks, quiz } = outcome.checked;
      const checked = { value: outcome.checked.answers, variables: outcome.checked.variables };
      // A form that lets respondents edit: a token of 256 random bits, answered once, of which
      // the response keeps the hash (as API keys and resume tokens are kept).
      const editToken = form.access_edit_hours === null ? undefined : randomBytes(32).toString('base64url');
      const row: ResponseRow = {
        id: randomUUID(),
        form_id: form.id,
        account_id: form.account_id,
        answers: toJson(checked.value),
        submitted_at: submittedAt,
        idempotency_key: idempotencyKey ?? null,
        idempotency_fingerprint: print,
        language,
        // Computed by the engine from the validated answers, never taken from the client.
        variables: checked.variables === undefined ? null : toJson(checked.variables),
        ending_id: endingId,
        quiz: storedQuiz(marks),
        form_revision: form.revision ?? null,
        edit_token_hash: editToken === undefined ? null : hashSecret(editToken),
        updated_at: null,
        verified_email: respondent.verifiedEmail ?? null,
        // A paid response's payment is written by its link (the payments feature) in this transaction.
        payment: null,
      };
      if (!(await txResponses.insert(row))) {
        // The key is taken: by an earlier submission, or by a concurrent one that won the race
        // (possible on a database with several connections). Answer as its retry would be.
        const first = await earlier();
        if (first !== undefined) return first;
        // Its holder had expired and is forgotten now: the key is free (unless a concurrent
        // retry took it meanwhile, which then answers this one).
        if (!(await txResponses.insert(row))) return (await earlier()) ?? { kind: 'closed' };
      }
      if (link !== undefined && !(await link.complete(trx, row.id))) throw new LinkTaken();
      // Another transaction used the personal link meanwhile: run again, and it is answered.
      if (
        respondent.linkId !== undefined &&
        !(await respondents!.claim(trx, respondent.linkId, row.id, submittedAt))
      )
        throw new LinkTaken();
      await files?.claim(trx, form, base, checked.value, row.id);
      const counted = await counts.added(txForms, form, base);
      await notices.announce(trx, form, base, {
        id: row.id,
        submitted_at: submittedAt,
        language,
        answers: checked.value,
        variables: checked.variables,
        quiz: quiz && quizNumbers(quiz),
        ...(link?.payment === undefined ? {} : { payment: link.payment }),
      });
      // Archived after the response's event, so a full form's event follows it.
      await counts.archivedIfDue(txForms, counted, submittedAt);
      const ending = endingScreen(validator.schema, endingId, {
        answers: checked.value,
        variables: checked.variables,
      });
      return {
        kind: 'answered',
        result: {
          responseId: row.id,
          submittedAt,
          endingId,
          ending,
          ...(quiz === undefined ? {} : { quiz }),
          ...(editToken === undefined
            ? {}
            : { editToken, editUntil: editWindowEnd(submittedAt, form.access_edit_hours!) }),
        },
      };
    },
  };
}

export type SubmitIn = ReturnType<typeof createSubmission>['submitIn'];
