/** The forms feature: forms and fields, their events, sharing and the admin chores. */

export { archiveExpiredForms } from './expiry-sweep.js';
export { createFormsAdmin, DEFAULT_DELETED_RETENTION_MS, FormAdminError } from './forms-admin.js';
export { createFieldsRouter, createFormsRouter } from './forms-router.js';
export {
  createFormsService,
  type FormsService,
  type SubmissionForms,
  submissionForms,
} from './forms-service.js';
export { createTemplatesRouter } from './templates-router.js';
