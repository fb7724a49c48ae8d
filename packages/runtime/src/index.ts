/**
 * `@formloom/runtime`: one form being filled in, headless. See `createFormRuntime`.
 */
/** The public routes the runtime calls, by the contract's names: `{ method, path }`. */
export { type PublicRoute, publicRoutes } from '@formloom/contract/public-routes';
export { LANGUAGE_PATH, loadLanguage } from './languages.js';
export {
  createFormRuntime,
  type FormRuntime,
  type FormState,
  type Listener,
  type LocalSubmission,
  type PrefillInput,
  type QuizMark,
  type QuizState,
  type RuntimeOptions,
  type RuntimeProblem,
  type RuntimeStatus,
} from './runtime.js';
export {
  type CallFailure,
  type CallProblem,
  type CallResult,
  createTransport,
  type FormAddress,
  routeUrl,
  type SavedPartial,
  type Transport,
  type TransportOptions,
} from './transport.js';
