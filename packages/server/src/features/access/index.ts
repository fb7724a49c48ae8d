/** The access feature: a form's password and opening time, and the unlock route. */

export { createAccessRouter } from './access-router.js';
export {
  type AccessService,
  createAccessService,
  UNLOCK_LIMITS,
  type UnlockLimits,
} from './access-service.js';
