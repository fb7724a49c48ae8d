/** The AI feature: POST /ai/generate-form and /forms/:id/translate, their jobs and the job kinds the AI worker runs. */
export { type AiJobsOptions, startAiJobs } from './ai-jobs.js';
export { createAiRouter } from './ai-router.js';
export { createAiService } from './ai-service.js';
export { fieldDraft, offlineFormDraft } from './generate-form/offline-form.js';
