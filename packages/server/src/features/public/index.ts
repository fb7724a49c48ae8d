/** The public feature: everything behind a share code, the API routes and the HTML pages. */
export { type AccessPageTexts, accessPageTextsFor } from './access-page-texts.js';
export { pageAssets } from './assets.js';
export { type EditPageTexts, editPageTextsFor } from './edit-page-texts.js';
export { createFormPostTokens } from './form-post-token.js';
export { frameAncestors, publicCors } from './public-cors.js';
export { createPublicPageRouter, type HostAsk } from './public-page-router.js';
export {
  createPublicRateLimiter,
  DEFAULT_PUBLIC_RATE_LIMIT,
  limitPublicApi,
  type PublicRateLimitOptions,
} from './public-rate-limit.js';
export { createPublicRouter } from './public-router.js';
