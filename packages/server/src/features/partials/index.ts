/** The partials feature: save and resume (partial responses), completed through the responses feature. */
export { createPartialsRouter } from './partials-router.js';
export {
  createPartialsService,
  type PartialsService,
  purgeExpiredPartials,
  resumeDaysOf,
} from './partials-service.js';
