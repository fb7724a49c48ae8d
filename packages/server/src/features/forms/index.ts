/** The forms feature: forms and fields, their events, sharing and the admin chores. */

export { archiveExpiredForms } from './expiry-sweep.js';
export { responseCreatedEvent } from './form-events.js';
export { schemaOf, toPublicForm } from './form-mapping.js';
export { createFormsAdmin, DEFAULT_DELETED_RETENTION_MS, FormAdminError } from './forms-admin.js';
export { createFieldsRouter, createFormsRouter } from './forms-router.js';
export {
  archiveDue,
  createFormsService,
  type FormsService,
  type SubmissionForms,
  submissionForms,
} from './forms-service.js';
export { formProblems } from './schema-check.js';
export { generateShareCode, publicFormUrl, SHARE_CODE_PATTERN } from './share-code.js';
