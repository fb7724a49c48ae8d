/** The forms feature: forms and fields, their events, sharing and the admin chores. */
export { responseCreatedEvent } from './form-events.js';
export { schemaOf, toPublicForm } from './form-mapping.js';
export { createFormsAdmin, DEFAULT_DELETED_RETENTION_MS, FormAdminError } from './forms-admin.js';
export { createFieldsRouter, createFormsRouter } from './forms-router.js';
export { archiveDue, createFormsService, type FormsService } from './forms-service.js';
export { createFormsStore, type FormsStore } from './forms-store.js';
export { formProblems } from './schema-check.js';
export { generateShareCode, publicFormUrl, SHARE_CODE_PATTERN } from './share-code.js';
