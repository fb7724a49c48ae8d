import { z } from 'zod';
import { Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, IdempotencyKey } from '../models/idempotency.js';
import { PublicForm, PublicFormQuery } from '../models/public-form.js';
import {
  EditableResponse,
  EditedResponse,
  EditResponseBody,
  EditToken,
  QuizFeedbackBody,
  QuizFeedbackResult,
  SubmitResponseBody,
  SubmitResponseResult,
  UploadFileBody,
  UploadResult,
} from '../models/response.js';
import {
  AnswerQuestionBody,
  FinishedSession,
  InterviewStep,
  PublicSmartForm,
  RequestOtpBody,
  RequestOtpResult,
  SessionTokenHeaders,
  StartedSession,
  StartSessionBody,
  VerifyOtpBody,
  VerifyOtpResult,
} from '../models/smart-form-interview.js';
import { meta } from './metadata.js';
import { publicRoutes } from './public-routes.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS, PUBLIC_ERRORS, ShareCodeParams } from './shared.js';

/** The share code in the path is the credential; a started interview's routes also need its token. */
const byShareCode = meta({ auth: 'shareCode' });
const byInterviewToken = meta({ auth: 'interviewToken' });
const formGone = {
  404: 'No published form under this code',
  401: 'PASSWORD_REQUIRED: the form is password-protected and no valid `X-Formloom-Access` token came; `form.title` names it',
};
const smartFormGone = { 404: 'No published smart form under this code' };
const EditParams = ShareCodeParams.extend({ editToken: EditToken });
const editGone = {
  ...formGone,
  404: 'No published form under this code, or no response of it under this edit token',
};
const SessionParams = ShareCodeParams.extend({ sessionId: Uuid.describe('Session id') });
const sessionErrors = errorResponses([...OPEN_ERRORS, 401, 403, 404, 409], {
  401: 'No `x-session-token`',
  403: 'Wrong `x-session-token`',
  404: 'No published smart form or session under these ids',
  409: 'The session is no longer active (completed or abandoned)',
});

export const publicRouter = c.router({
  getPublicForm: {
    ...publicRoutes.getPublicForm,
    pathParams: ShareCodeParams,
    query: PublicFormQuery,
    summary: 'Get a published form',
    description:
      'The schema a renderer needs. An ARCHIVED form is readable but `acceptsResponses` is false. ' +
      "The texts are in the respondent's language (`?lang=`, else `Accept-Language`, else the base language; " +
      'a missing translation falls back to the base text), `schema.meta.language` names it, and `schema.translations` is left out.',
    responses: {
      200: success(PublicForm, 'The form'),
      ...errorResponses([...PUBLIC_ERRORS, 401, 404, 409], {
        ...formGone,
        409: 'FORM_CLOSED: before the form opens (its `opensAt`); the message is its closed message',
      }),
    },
    metadata: byShareCode,
  },
  submitPublicResponse: {
    ...publicRoutes.submitPublicResponse,
    pathParams: ShareCodeParams,
    headers: z.object({
      [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional().describe(
        `Any unique string; a retried submission with the same key within ${IDEMPOTENCY_KEY_TTL_HOURS} hours is stored once`,
      ),
    }),
    body: SubmitResponseBody,
    summary: 'Submit a response',
    description:
      'Answers are validated with the form engine: hidden fields and sections are neither required nor validated, and their values are dropped. ' +
      'Each problem is listed in `issues` with its `fieldId`. Emits FORM_RESPONSE_CREATED.',
    responses: {
      201: success(SubmitResponseResult, 'Stored'),
      ...errorResponses(
        [
          ...PUBLIC_ERRORS,
          ...BODY_ERRORS,
          404,
          409,
          'CAPTCHA_FAILED',
          'LINK_REQUIRED',
          'VERIFICATION_REQUIRED',
          'ALREADY_ANSWERED',
          'CHECKOUT_REQUIRED',
        ],
        {
          400: 'Invalid answers (see `issues`), or CAPTCHA_FAILED: the captcha token is missing or was refused',
          ...formGone,
          403: 'LINK_REQUIRED: the form takes submissions through a personal link only; VERIFICATION_REQUIRED: through a verified address only',
          409: 'FORM_CLOSED: the form accepts no more responses (ARCHIVED, or before it opens); ALREADY_ANSWERED: the link or address answered already; CHECKOUT_REQUIRED: the form has a payment field; or the Idempotency-Key was used with another body',
        },
      ),
    },
    metadata: byShareCode,
  },
  getEditableResponse: {
    ...publicRoutes.getEditableResponse,
    pathParams: EditParams,
    summary: 'Read a response to edit',
    description:
      "A form with `allowEdit`: the response under the respondent's edit token (the submission's `editToken`), " +
      'while its window lasts (`allowEdit.hours` after it was submitted).',
    responses: {
      200: success(EditableResponse, 'The response'),
      ...errorResponses([...PUBLIC_ERRORS, 401, 404, 409, 'EDIT_WINDOW_CLOSED'], {
        ...editGone,
        409: 'EDIT_WINDOW_CLOSED: the window has passed, or the form takes no edits now; FORM_CLOSED: before the form opens',
      }),
    },
    metadata: byShareCode,
  },
  editPublicResponse: {
    ...publicRoutes.editPublicResponse,
    pathParams: EditParams,
    body: EditResponseBody,
    summary: 'Edit a response',
    description:
      'Replaces the answers of the response under the edit token, validated exactly as a submission (variables, ending and quiz marks computed again). ' +
      'The response keeps its id and gains `updatedAt`; its earlier answers are kept in its history. Emits FORM_RESPONSE_UPDATED.',
    responses: {
      200: success(EditedResponse, 'Edit stored'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 401, 404, 409, 'EDIT_WINDOW_CLOSED'], {
        400: 'Invalid answers; see `issues`',
        ...editGone,
        409: 'EDIT_WINDOW_CLOSED: the window has passed, or the form takes no edits now; FORM_CLOSED: the form is archived or not open yet',
      }),
    },
    metadata: byShareCode,
  },
  uploadPublicFile: {
    ...publicRoutes.uploadPublicFile,
    pathParams: ShareCodeParams,
    contentType: 'multipart/form-data',
    body: UploadFileBody,
    summary: 'Upload a file',
    description:
      'A file for a `file` field, checked against its `fileConfig` (size, MIME type detected from the content), ' +
      "or a signature field's PNG (at most 512 KB). Send the result as that field answer.",
    responses: {
      201: success(UploadResult, 'Stored'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: 'No file, or `fieldId` is not a file or signature field of the form',
        ...formGone,
        409: 'The form accepts no more responses (ARCHIVED)',
        413: 'The file is larger than the field allows',
        415: 'The file type is not allowed for the field',
      }),
    },
    metadata: byShareCode,
  },
  quizFeedback: {
    ...publicRoutes.quizFeedback,
    pathParams: ShareCodeParams,
    body: QuizFeedbackBody,
    summary: 'Mark one quiz answer',
    description:
      'For a quiz with `settings.quiz.feedback: "after-answer"`: whether the answer to one question is right, and the feedback of the chosen options, ' +
      "in the respondent's language (Accept-Language). The first call answers an `attempt`; later calls and the submission send it, " +
      'and each question of an attempt keeps the first answer it was marked for (`locked` on a later call; the submission stores that answer). ' +
      'Limited per address and per form (429 `FEEDBACK_LIMIT`).',
    responses: {
      200: success(QuizFeedbackResult, 'Marked'),
      ...errorResponses([...PUBLIC_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: '`fieldId` is not a quiz question of the form, or the answer is not one of its options',
        ...formGone,
        409: 'The form gives no feedback after each answer, or accepts no more responses (ARCHIVED)',
      }),
    },
    metadata: byShareCode,
  },
  getPublicSmartForm: {
    ...publicRoutes.getPublicSmartForm,
    pathParams: ShareCodeParams,
    summary: 'Get a published smart form',
    description: 'What the welcome screen shows.',
    responses: {
      200: success(PublicSmartForm, 'The smart form'),
      ...errorResponses([...OPEN_ERRORS, 404], smartFormGone),
    },
    metadata: byShareCode,
  },
  requestSmartFormOtp: {
    ...publicRoutes.requestSmartFormOtp,
    pathParams: ShareCodeParams,
    body: RequestOtpBody,
    summary: 'Email a one-time code',
    description: 'For a private smart form: sends a one-time code to the respondent email.',
    responses: {
      202: success(RequestOtpResult, 'Code sent'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 404, 503], {
        ...smartFormGone,
        503: 'The mail server refused the code; it does not count against the tries',
      }),
    },
    metadata: byShareCode,
  },
  verifySmartFormOtp: {
    ...publicRoutes.verifySmartFormOtp,
    pathParams: ShareCodeParams,
    body: VerifyOtpBody,
    summary: 'Verify a one-time code',
    responses: {
      200: success(VerifyOtpResult, 'Verified'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 403, 404], {
        403: 'Wrong or expired code',
        ...smartFormGone,
      }),
    },
    metadata: byShareCode,
  },
  startSmartFormSession: {
    ...publicRoutes.startSmartFormSession,
    pathParams: ShareCodeParams,
    body: StartSessionBody,
    summary: 'Start an interview',
    description: 'Answers with the first question and the `sessionToken` the other session routes need.',
    responses: {
      201: success(StartedSession, 'Started'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 403, 404, 503], {
        403: 'A private smart form needs a valid `verificationToken`',
        ...smartFormGone,
      }),
    },
    metadata: byShareCode,
  },
  answerSmartFormQuestion: {
    ...publicRoutes.answerSmartFormQuestion,
    pathParams: SessionParams,
    headers: SessionTokenHeaders,
    body: AnswerQuestionBody,
    summary: 'Answer the current question',
    description: 'Stores the answer and answers with the next question, or `done: true`.',
    responses: {
      200: success(InterviewStep, 'The next step'),
      ...sessionErrors,
      ...errorResponses([...BODY_ERRORS, 503]),
    },
    metadata: byInterviewToken,
  },
  getNextSmartFormQuestion: {
    ...publicRoutes.getNextSmartFormQuestion,
    pathParams: SessionParams,
    headers: SessionTokenHeaders,
    summary: 'Get the current question',
    description: 'The question waiting for an answer (for resuming an interview), or `done: true`.',
    responses: {
      200: success(InterviewStep, 'The current step'),
      ...sessionErrors,
      ...errorResponses([503]),
    },
    metadata: byInterviewToken,
  },
  finishSmartFormSession: {
    ...publicRoutes.finishSmartFormSession,
    pathParams: SessionParams,
    headers: SessionTokenHeaders,
    body: c.noBody(),
    summary: 'Finish an interview',
    description: 'Completes the session; its analysis follows. Emits SMART_FORM_SESSION_COMPLETED.',
    responses: {
      200: success(FinishedSession, 'Completed'),
      ...sessionErrors,
      ...errorResponses(BODY_ERRORS),
    },
    metadata: byInterviewToken,
  },
});
