/** The smart-forms feature: smart forms, interviews, sessions, analyses, insights chat and export. */
export { sessionAnalysisJob } from './analysis-job.js';
export { DEFAULT_SESSION_IDLE_MS, sweepIdleSessions } from './idle-sessions.js';
export { createInsightsService } from './insights-service.js';
export { createInterviewService, type InterviewService } from './interview-service.js';
export type { InterviewInput } from './interviewer-task.js';
export { createOtpService, OTP_RULES, type OtpService } from './otp-service.js';
export { sessionFigures } from './session-figures.js';
export { createSmartFormsRouter } from './smart-forms-router.js';
export { createSmartFormsService } from './smart-forms-service.js';
