/** The responses feature: submissions and reading responses. */
export { createResponsesRouter } from './responses-router.js';
export {
  createResponsesService,
  type ResponsesService,
  type SubmissionLink,
} from './responses-service.js';
