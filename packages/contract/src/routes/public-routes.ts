/**
 * The public routes' methods and paths: what a page or an embedded form calls without a key. The
 * contract's routers (public.ts, partials.ts) take each route's method and path from here, and
 * `@formloom/runtime` calls them by this table, so no path is written twice. It is its own entry
 * (`@formloom/contract/public-routes`) and imports nothing: a browser bundle takes this object and
 * none of the contract's zod schemas. Each route is also its own export, so a bundle keeps only
 * the routes it calls (an object's unused properties are not tree-shaken).
 *
 * ```ts
 * import { publicRoutes } from '@formloom/contract/public-routes';
 * publicRoutes.getPublicForm; // { method: 'GET', path: '/v1/public/forms/:code' }
 * ```
 */
export const getPublicForm = { method: 'GET', path: '/v1/public/forms/:code' } as const;
export const submitPublicResponse = { method: 'POST', path: '/v1/public/forms/:code/responses' } as const;
export const getEditableResponse = {
  method: 'GET',
  path: '/v1/public/forms/:code/responses/:editToken',
} as const;
export const editPublicResponse = {
  method: 'PUT',
  path: '/v1/public/forms/:code/responses/:editToken',
} as const;
export const uploadPublicFile = { method: 'POST', path: '/v1/public/forms/:code/uploads' } as const;
export const quizFeedback = { method: 'POST', path: '/v1/public/forms/:code/feedback' } as const;
export const unlockPublicForm = { method: 'POST', path: '/v1/public/forms/:code/unlock' } as const;
export const verifyPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify' } as const;
export const confirmPublicEmail = { method: 'POST', path: '/v1/public/forms/:code/verify/confirm' } as const;
export const createPartial = { method: 'POST', path: '/v1/public/forms/:code/partials' } as const;
export const getPartial = { method: 'GET', path: '/v1/public/forms/:code/partials/:token' } as const;
export const updatePartial = { method: 'PUT', path: '/v1/public/forms/:code/partials/:token' } as const;
export const completePartial = {
  method: 'POST',
  path: '/v1/public/forms/:code/partials/:token/complete',
} as const;
export const startPayment = { method: 'POST', path: '/v1/public/forms/:code/payments' } as const;
export const completePayment = {
  method: 'POST',
  path: '/v1/public/forms/:code/payments/:sessionId/complete',
} as const;
export const getPublicSmartForm = { method: 'GET', path: '/v1/public/smart-forms/:code' } as const;
export const requestSmartFormOtp = {
  method: 'POST',
  path: '/v1/public/smart-forms/:code/otp/request',
} as const;
export const verifySmartFormOtp = {
  method: 'POST',
  path: '/v1/public/smart-forms/:code/otp/verify',
} as const;
export const startSmartFormSession = {
  method: 'POST',
  path: '/v1/public/smart-forms/:code/sessions',
} as const;
export const answerSmartFormQuestion = {
  method: 'POST',
  path: '/v1/public/smart-forms/:code/sessions/:sessionId/answers',
} as const;
export const getNextSmartFormQuestion = {
  method: 'GET',
  path: '/v1/public/smart-forms/:code/sessions/:sessionId/next-question',
} as const;
export const finishSmartFormSession = {
  method: 'POST',
  path: '/v1/public/smart-forms/:code/sessions/:sessionId/finish',
} as const;

/** Every public route by its contract name. */
export const publicRoutes = {
  getPublicForm,
  submitPublicResponse,
  getEditableResponse,
  editPublicResponse,
  uploadPublicFile,
  quizFeedback,
  unlockPublicForm,
  verifyPublicEmail,
  confirmPublicEmail,
  createPartial,
  getPartial,
  updatePartial,
  completePartial,
  startPayment,
  completePayment,
  getPublicSmartForm,
  requestSmartFormOtp,
  verifySmartFormOtp,
  startSmartFormSession,
  answerSmartFormQuestion,
  getNextSmartFormQuestion,
  finishSmartFormSession,
};

/** One public route: its method and its path, `:name` for each path parameter. */
export type PublicRoute = (typeof publicRoutes)[keyof typeof publicRoutes];
