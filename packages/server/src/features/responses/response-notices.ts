import type { FormSchema, Language, QuizResult, ResponsePayment } from '@formloom/contract';
import type { Answers, VariableValues } from '@formloom/contract/engine';
import type { Db, FormRow } from '../../db/database.js';
import type { Wake } from '../../jobs/wake.js';
import { recordEvents } from '../../outbox/record.js';
import { responseCreatedEvent } from '../../platform/response-events.js';
import type { ResponseMails } from '../notifications/index.js';

/** A response just stored, with its validated answers. */
export interface NewResponse {
  id: string;
  submitted_at: string;
  language: Language;
  answers: Answers;
  variables?: VariableValues | undefined;
  quiz?: QuizResult | undefined;
  /** A paid response's payment (the payments feature's link), for FORM_RESPONSE_CREATED. */
  payment?: ResponsePayment | undefined;
}

export interface ResponseNoticesDeps {
  /** The database the submissions' transactions are of (their outbox statements compile once). */
  db: Db;
  /** The app's outbox wake-up (`WorkSignals.outbox`): the new rows are sent at once. */
  outbox?: Wake | undefined;
  /** Queues the notification mails of a new response (`settings.notifications`). */
  mails?: ResponseMails | undefined;
}

/**
 * What a new response tells the outside, through the outbox: its FORM_RESPONSE_CREATED event
 * (webhooks and integrations) and its notification mails. Both are written in the response's
 * transaction, so a response never lacks them and a rolled-back one sends nothing.
 */
export function createResponseNotices({ db, outbox, mails }: ResponseNoticesDeps) {
  return {
    /** Records the event and queues the mails of `response` of `form` in `trx`; wakes the outbox. */
    async announce(trx: Db, form: FormRow, schema: FormSchema, response: NewResponse): Promise<void> {
      const queued = await recordEvents(trx, [responseCreatedEvent(form, schema, response)], db);
      const mailed =
        mails === undefined
          ? 0
          : await mails.queue(trx, {
              formId: form.id,
              accountId: form.account_id,
              responseId: response.id,
              submittedAt: response.submitted_at,
              schema,
              language: response.language,
              answers: response.answers,
              variables: response.variables,
            });
      // Woken before the commit: on SQLite's one connection the worker's query waits for it.
      if (queued + mailed > 0) outbox?.notify();
    },
  };
}

export type ResponseNotices = ReturnType<typeof createResponseNotices>;
