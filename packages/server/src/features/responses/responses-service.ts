import { type LanguageRequest, pickLanguage } from '@formloom/contract/engine';
import type { CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import type { Db } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import type { AccessTokens } from '../../platform/form-access/index.js';
import { formClosed } from '../../platform/form-errors.js';
import type { FormsService } from '../forms/index.js';
import type { ResponseMails } from '../notifications/index.js';
import type { FileAnswers } from '../uploads/index.js';
import { createAnswerCheck } from './answer-check.js';
import { type CompiledForms, createCompiledForms } from './compiled-forms.js';
import { createPublicForms } from './public-forms.js';
import { createQuizFeedback } from './quiz-feedback.js';
import { createResponseCounts } from './response-counts.js';
import { createResponseDeletion, type ResponsesDeleted } from './response-deletion.js';
import { createResponseEdits } from './response-edits.js';
import { createResponseExports } from './response-export.js';
import { createResponseNotices } from './response-notices.js';
import { createResponseReading } from './response-reading.js';
import { createSubmission, type RespondentGate } from './submission.js';
import { createSubmissionReplay } from './submission-replay.js';
import { createSubmissionRunner } from './submission-runner.js';

export type { Respondent, RespondentGate, RespondentProof, SubmissionLink } from './submission.js';

export interface ResponsesServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  compiled?: CompiledForms;
  /** File answers: resolved to the stored uploads before validating, claimed when stored. */
  files?: FileAnswers;
  /**
   * Submissions that arrive on the same turn of the event loop are stored in one transaction
   * (group commit), each with its own result. Default: on SQLite, whose single connection runs
   * one transaction at a time anyway; PostgreSQL runs concurrent submissions on several
   * connections instead.
   */
  groupCommit?: boolean;
  /** The app's outbox wake-up (`WorkSignals.outbox`): FORM_RESPONSE_CREATED is sent at once. */
  outbox?: Wake;
  /** Queues the notification mails of a new response (`settings.notifications`). */
  mails?: ResponseMails;
  /** Verifies the tokens of forms with `settings.captcha`; without it such a form takes no submission. */
  captcha?: CaptchaVerifier;
  /** Deletes a deleted response's stored files once the deletion commits (`UploadsService.deleteStored`). */
  deleteFiles?: (storageKeys: readonly string[]) => Promise<void>;
  /** The unlock tokens of password-protected forms, which every public route of such a form asks for. */
  accessTokens: AccessTokens;
  /** One response per person: personal links and proven addresses (the links feature). */
  respondents?: RespondentGate;
  /** Queues, in a deletion's transaction, the removal of the deleted responses' records (the destinations feature). */
  onDeleted?: ResponsesDeleted;
}

/**
 * The responses feature's service: its parts (each a module of this folder, testable alone)
 * built from `deps` and put together.
 */
export function createResponsesService({
  db,
  clock,
  forms,
  compiled = createCompiledForms(),
  files,
  groupCommit = sqlDialectOf(db).groupCommit,
  outbox,
  mails,
  captcha,
  deleteFiles,
  accessTokens,
  respondents,
  onDeleted,
}: ResponsesServiceDeps) {
  const counts = createResponseCounts({ db, forms, compiled });
  const publicForms = createPublicForms({ db, clock, compiled, forms, counts, outbox, accessTokens });
  const { submitIn } = createSubmission({
    clock,
    compiled,
    files,
    forms: publicForms,
    replay: createSubmissionReplay(),
    counts,
    notices: createResponseNotices({ db, outbox, mails }),
    respondents,
  });
  const { submit } = createSubmissionRunner({ db, outbox, groupCommit, captcha, submitIn, forms });
  const { list, recallOf, get, getOf } = createResponseReading({ db, forms, counts, compiled });
  const { exportOf } = createResponseExports({ db, forms, compiled });
  const { remove, purgeRetained } = createResponseDeletion({
    db,
    clock,
    forms,
    files,
    deleteFiles,
    onDeleted,
    outbox,
  });
  const { readForEdit, edit, history } = createResponseEdits({
    db,
    clock,
    compiled,
    files,
    publicForms,
    forms,
    outbox,
  });
  const { publicForm, allowedOrigins, draftForm } = publicForms;
  const { feedback: quizFeedback } = createQuizFeedback({ db, clock, compiled, forms: publicForms });
  const checkAnswers = createAnswerCheck({ compiled, files });

  /**
   * The answers checked as a submission checks them (the one answer check: files resolved,
   * validated in the respondent's language, variables computed), storing nothing: what a payment
   * is started with before the respondent pays. 404, 401 or 409 for a form that takes no
   * submission now, 400 naming each problem of the answers.
   */
  async function checkSubmission(code: string, answers: unknown, language: LanguageRequest) {
    const form = await publicForm(code);
    if (form.publish_status !== 'PUBLISHED') throw formClosed();
    const schema = compiled.get(form).schema;
    const picked = pickLanguage(schema, language);
    const outcome = await checkAnswers(db, form, picked, answers, isoNow(clock()));
    if (!outcome.ok) throw outcome.error;
    return { form, schema, language: picked, checked: outcome.checked };
  }
  return {
    publicForm,
    allowedOrigins,
    draftForm,
    checkSubmission,
    submit,
    readForEdit,
    edit,
    history,
    quizFeedback,
    list,
    recallOf,
    get,
    getOf,
    exportOf,
    remove,
    purgeRetained,
    count: counts.count,
  };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
