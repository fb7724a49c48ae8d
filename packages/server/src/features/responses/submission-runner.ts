import {
  type FormCaptcha,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
  type SubmitResponseResult,
} from '@formloom/contract';
import type { LanguageRequest } from '@formloom/contract/engine';
import { CaptchaFailedError, type CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../domain-errors.js';
import { fingerprint } from '../../idempotency/index.js';
import { detached } from '../../jobs/background.js';
import type { Wake } from '../../jobs/wake.js';
import { currentAccessToken, currentRespondentCookies } from '../../platform/form-access/index.js';
import { formClosed } from '../../platform/form-errors.js';
import type { FormsService } from '../forms/index.js';
import { LastPlaceTaken } from './response-counts.js';
import { createResponsesStore } from './responses-store.js';
import {
  LinkTaken,
  type RespondentProof,
  type Submission,
  type SubmissionLink,
  type SubmitIn,
  type SubmitOutcome,
} from './submission.js';

/**
 * Most submissions one group commit holds: a bigger burst is split, so one transaction (and the
 * rerun of its submissions one by one, should it fail) stays short.
 */
const MAX_GROUP = 64;

/** A submission waiting for its group's commit, with its caller's promise. */
interface Queued extends Submission {
  resolve(result: SubmitResponseResult): void;
  reject(error: unknown): void;
}

/** A form with a captcha was reached by a submission whose token is not verified yet. */
class CaptchaRequired extends Error {
  constructor(readonly captcha: FormCaptcha) {
    super('captcha required');
  }
}

/** The proofs `proof` names (an undefined one leaves the cookie's). */
function definedOf(proof: RespondentProof | undefined): RespondentProof {
  return Object.fromEntries(Object.entries(proof ?? {}).filter(([, v]) => v !== undefined));
}

/** What the caller gets for an outcome. */
function resultOf(outcome: SubmitOutcome): SubmitResponseResult {
  if (outcome.kind === 'answered') return outcome.result;
  if (outcome.kind === 'captcha') throw new CaptchaRequired(outcome.captcha);
  throw outcome.kind === 'closed' ? formClosed() : outcome.error;
}

export interface SubmissionRunnerDeps {
  db: Db;
  /** The outbox wake-up the forms store gives an archiving's event. */
  outbox?: Wake | undefined;
  /** Stores the submissions of one turn of the event loop in one transaction (see `submitGroup`). */
  groupCommit: boolean;
  /** Verifies the tokens of forms with `settings.captcha`; without it such a form takes no submission. */
  captcha?: CaptchaVerifier | undefined;
  /** One submission inside a transaction (`createSubmission`). */
  submitIn: SubmitIn;
  /** Opens the forms a submission's transaction reads and writes (`FormsService.submissionForms`). */
  forms: Pick<FormsService, 'submissionForms'>;
}

/**
 * How submissions reach the database: each in a transaction of its own, or with the others of
 * its turn in one (group commit); run again once a form's captcha accepts the token.
 */
export function createSubmissionRunner({
  db,
  outbox,
  groupCommit,
  captcha: captchaVerifier,
  submitIn,
  forms,
}: SubmissionRunnerDeps) {
  /** Runs `submissions` one after the other in one transaction: their outcomes. */
  const inOneTransaction = (submissions: readonly Submission[]) =>
    db.transaction().execute(async (trx) => {
      const txForms = forms.submissionForms(trx, db, outbox);
      const txResponses = createResponsesStore(trx, db);
      const done: SubmitOutcome[] = [];
      for (const submission of submissions) done.push(await submitIn(trx, txForms, txResponses, submission));
      return done;
    });

  /**
   * A submission in a transaction of its own: on SQLite's single connection it takes the
   * connection once instead of once per query.
   */
  async function submitAlone(submission: Submission): Promise<SubmitResponseResult> {
    const outcome = await inOneTransaction([submission]).then(
      ([done]) => done!,
      async (error: unknown): Promise<SubmitOutcome> => {
        if (error instanceof LastPlaceTaken) return { kind: 'closed' };
        // A concurrent submission completed the same link and committed: run again, and the
        // link answers with that response, as a repeated complete would be answered.
        if (error instanceof LinkTaken) return (await inOneTransaction([submission]))[0]!;
        throw error;
      },
    );
    return resultOf(outcome);
  }

  /**
   * Group commit: submissions in one transaction, one after the other, as they would run alone
   * (each sees the ones before it: the count, the idempotency keys, an archiving). A commit costs
   * about as much as the rest of a submission's statements together, and writes each page once
   * for the whole group. Each caller still gets its own result, and only after the commit. When
   * one of them fails after writing (a database error, the last place taken on another
   * connection), the transaction rolls back and each runs again alone, so the failure stays its
   * own.
   */
  async function submitGroup(group: Queued[]): Promise<void> {
    if (group.length === 1) {
      submitAlone(group[0]!).then(group[0]!.resolve, group[0]!.reject);
      return;
    }
    let outcomes: SubmitOutcome[];
    try {
      outcomes = await inOneTransaction(group);
    } catch {
      for (const queued of group) submitAlone(queued).then(queued.resolve, queued.reject);
      return;
    }
    group.forEach((queued, i) => {
      try {
        queued.resolve(resultOf(outcomes[i]!));
      } catch (error) {
        queued.reject(error);
      }
    });
  }

  /** Submissions waiting for the end of this turn of the event loop, to be stored together. */
  let waiting: Queued[] = [];
  function submitWithOthers(submission: Submission): Promise<SubmitResponseResult> {
    return new Promise((resolve, reject) => {
      // setImmediate runs once the requests that arrived with this one have been handled.
      if (waiting.push({ ...submission, resolve, reject }) === 1) {
        // Stored for every request of the group: as none of them (see `detached`).
        setImmediate(
          detached(() => {
            const due = waiting;
            waiting = [];
            for (let i = 0; i < due.length; i += MAX_GROUP) void submitGroup(due.slice(i, i + MAX_GROUP));
          }),
        );
      }
    });
  }

  const run = (s: Submission) => (groupCommit ? submitWithOthers(s) : submitAlone(s));

  return {
    /**
     * Validates with the engine (hidden fields dropped, unknown keys refused) and stores the
     * response, with the respondent's language (`pickLanguage` of `language`). With an idempotency key, a retry answers the first submission's result. With
     * a `link` (a partial response), the response completes it in the same transaction, once: a
     * link completed before answers with its response. It resolves once the response is committed.
     */
    async submit(
      code: string,
      answers: unknown,
      idempotencyKey?: string,
      language: LanguageRequest = {},
      /** The captcha widget's token and the respondent's address, for a form with a captcha. */
      captcha: { token?: string | undefined; remoteIp?: string | undefined } = {},
      /** What this submission completes, once (a partial response). */
      link?: SubmissionLink,
      /** A quiz with feedback after each answer: the attempt whose marked answers are kept. */
      quizAttempt?: string,
      /** The personal link's or the proven address's token (one response per person). */
      proof?: RespondentProof,
    ): Promise<SubmitResponseResult> {
      if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) {
        throw badRequest(`Idempotency-Key must be ${IDEMPOTENCY_KEY_RULE}`);
      }
      const submission: Submission = {
        code,
        answers,
        language,
        idempotencyKey,
        print: idempotencyKey === undefined ? null : fingerprint(answers),
        link,
        quizAttempt,
        accessToken: currentAccessToken(),
        // The body's proofs, else the page's cookies (its own script sends them along).
        proof: { ...currentRespondentCookies(), ...definedOf(proof) },
      };
      try {
        return await run(submission);
      } catch (error) {
        if (!(error instanceof CaptchaRequired)) throw error;
        const verdict = (await captchaVerifier?.verify(error.captcha, captcha.token, captcha.remoteIp)) ?? {
          ok: false,
          reason: 'no captcha provider is configured on this server',
        };
        if (!verdict.ok) throw new CaptchaFailedError(`The captcha was not accepted: ${verdict.reason}`);
        return run({ ...submission, captchaChecked: true });
      }
    },
  };
}
