/** The AI feature: POST /ai/generate-form and /forms/:id/translate, their jobs and the job kinds the AI worker runs. */
export { createAiRouter } from './ai-router.js';
export { createAiService } from './ai-service.js';
export { generateFormJob } from './generate-form/generate-form-job.js';
export { fieldDraft, offlineFormDraft } from './generate-form/offline-form.js';
export { translateFormJob } from './translate-form/translate-form-job.js';
