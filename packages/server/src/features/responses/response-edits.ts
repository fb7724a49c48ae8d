import {
  type EditableResponse,
  type EditedResponse,
  type EditResponseBody,
  isLanguage,
  type ResponseHistory,
} from '@formloom/contract';
import { endingScreen, pickLanguage } from '@formloom/contract/engine';
import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db, FormRow, ResponseRow } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { conflict, EditWindowClosedError, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordEvents } from '../../outbox/record.js';
import { formClosed, formGone } from '../../platform/form-errors.js';
import { responseUpdatedEvent } from '../../platform/response-events.js';
import type { FormsService } from '../forms/index.js';
import type { FileAnswers } from '../uploads/index.js';
import { createAnswerCheck } from './answer-check.js';
import type { CompiledForms } from './compiled-forms.js';
import type { PublicForms } from './public-forms.js';
import { responseNotFound } from './response-reading.js';
import { createResponsesStore } from './responses-store.js';
import { quizNumbers, storedQuiz } from './submission-ending.js';

/** When the edit window of a response submitted at `submittedAt` closes, `hours` after it. */
export function editWindowEnd(submittedAt: string, hours: number): string {
  return new Date(Date.parse(submittedAt) + hours * 3_600_000).toISOString();
}

/** Unknown, of another form, or of a form without edits ever: nothing is told apart. */
const editGone = () => notFound('No response under this edit token');

export interface ResponseEditsDeps {
  db: Db;
  clock: () => Date;
  compiled: CompiledForms;
  files?: FileAnswers | undefined;
  /** The one read of a form behind a share code every public route goes through (its access rules). */
  publicForms: Pick<PublicForms, 'submissionFormIn' | 'publicForm'>;
  forms: Pick<FormsService, 'submissionForms' | 'load'>;
  /** The app's outbox wake-up: FORM_RESPONSE_UPDATED is sent at once. */
  outbox?: Wake | undefined;
}

/**
 * Respondents editing their response (`allowEdit`): read and replaced under the edit token its
 * submission answered, while the window lasts (`allowEdit.hours` after the submission, as the
 * form says now: turning edits off ends every window). An edit is checked as a submission is (the
 * same `checkAnswers`), keeps the response's id and count, records the answers it replaces and
 * emits FORM_RESPONSE_UPDATED. No notification mail and no audit entry: a respondent is no member.
 */
export function createResponseEdits({
  db,
  clock,
  compiled,
  files,
  publicForms,
  forms,
  outbox,
}: ResponseEditsDeps) {
  const checkAnswers = createAnswerCheck({ compiled, files });

  /** The window's end, or the 409 when it has passed (or the form takes no edits now). */
  function openUntil(form: FormRow, row: ResponseRow, nowIso: string): string {
    const hours = form.access_edit_hours;
    const until = hours === null ? undefined : editWindowEnd(row.submitted_at, hours);
    if (until === undefined || until <= nowIso) {
      throw new EditWindowClosedError('The time to edit this response has passed');
    }
    return until;
  }

  const responseOf = async (trxOrDb: Db, form: FormRow, token: string) => {
    const row = await createResponsesStore(trxOrDb).findByEditToken(form.id, hashSecret(token));
    if (row === undefined) throw editGone();
    return row;
  };

  return {
    /** The response under `token` as its respondent may read it; 404 unknown, 409 after the window. */
    async readForEdit(code: string, token: string): Promise<EditableResponse> {
      const form = await publicForms.publicForm(code);
      const row = await responseOf(db, form, token);
      const editUntil = openUntil(form, row, isoNow(clock()));
      return {
        answers: fromJson(row.answers),
        language: row.language !== null && isLanguage(row.language) ? row.language : null,
        submittedAt: row.submitted_at,
        updatedAt: row.updated_at,
        editUntil,
      };
    },

    /**
     * Replaces the answers of the response under `token`, in one transaction that reads the form
     * as a submission does. Refused as a submission would be (400 with the same issues, 409 for a
     * form that takes nothing now), and 409 EDIT_WINDOW_CLOSED after the window.
     */
    async edit(
      code: string,
      token: string,
      body: EditResponseBody,
      acceptLanguage: string | undefined,
    ): Promise<EditedResponse> {
      const nowIso = isoNow(clock());
      const { result, notify } = await db.transaction().execute(async (trx) => {
        const form = await publicForms.submissionFormIn(forms.submissionForms(trx, db, outbox), code, nowIso);
        if (form === undefined) throw formGone();
        const row = await responseOf(trx, form, token);
        const editUntil = openUntil(form, row, nowIso);
        if (form.publish_status !== 'PUBLISHED') throw formClosed();
        const base = compiled.get(form).schema;
        const stored = row.language !== null && isLanguage(row.language) ? row.language : undefined;
        const language = pickLanguage(base, { requested: body.language ?? stored, acceptLanguage });
        const outcome = await checkAnswers(trx, form, language, body.answers, nowIso, row.id);
        if (!outcome.ok) throw outcome.error;
        const { validator, answers, variables, endingId, marks, quiz } = outcome.checked;
        const revised = await createResponsesStore(trx).revise(
          row,
          {
            answers: toJson(answers),
            variables: variables === undefined ? null : toJson(variables),
            language,
            ending_id: endingId,
            quiz: storedQuiz(marks),
          },
          nowIso,
        );
        if (!revised) throw conflict('The response was edited meanwhile; read it again');
        await files?.claim(trx, form, base, answers, row.id);
        const queued = await recordEvents(
          trx,
          [
            responseUpdatedEvent(form, base, {
              id: row.id,
              submitted_at: row.submitted_at,
              updated_at: nowIso,
              answers,
              variables,
              quiz: quiz && quizNumbers(quiz),
            }),
          ],
          db,
        );
        const edited: EditedResponse = {
          responseId: row.id,
          submittedAt: row.submitted_at,
          updatedAt: nowIso,
          editUntil,
          endingId,
          ending: endingScreen(validator.schema, endingId, { answers, variables }),
          ...(quiz === undefined ? {} : { quiz }),
        };
        return { result: edited, notify: queued > 0 };
      });
      if (notify) outbox?.notify();
      return result;
    },

    /** The answers edits of a response of the account's form replaced, newest first. */
    async history(accountId: string, formId: string, responseId: string): Promise<ResponseHistory> {
      await forms.load(accountId, formId);
      const store = createResponsesStore(db);
      if ((await store.find(formId, responseId)) === undefined) throw responseNotFound(formId, responseId);
      const rows = await store.revisions(responseId);
      return {
        revisions: rows.map((r) => ({
          answers: fromJson(r.answers),
          variables: r.variables === null ? {} : fromJson(r.variables),
          language: r.language !== null && isLanguage(r.language) ? r.language : null,
          endingId: r.ending_id,
          answeredAt: r.answered_at,
          replacedAt: r.replaced_at,
        })),
      };
    },
  };
}

export type ResponseEdits = ReturnType<typeof createResponseEdits>;
