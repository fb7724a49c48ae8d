/** The responses feature: submissions and reading responses. */
export { createResponsesRouter } from './responses-router.js';
export {
  createResponsesService,
  formClosed,
  formGone,
  type ResponsesService,
  rangeBound,
  type SubmissionLink,
} from './responses-service.js';
