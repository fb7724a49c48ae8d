/** The responses feature: submissions and reading responses. */

export { purgeExpiredQuizAttempts } from './quiz-feedback.js';
export type { ResponsesDeleted } from './response-deletion.js';
export { createResponsePdfs, type ResponsePdfs } from './response-pdf.js';
export { createResponsesRouter } from './responses-router.js';
export {
  createResponsesService,
  type Respondent,
  type RespondentGate,
  type RespondentProof,
  type ResponsesService,
  type SubmissionLink,
} from './responses-service.js';
export type { StoredSubmission } from './submission-ending.js';
