/** The credits feature: a balance per account and its ledger. */
export {
  CREDIT_COSTS,
  CreditsError,
  type CreditsService,
  chatCost,
  createCreditsService,
  type Reservation,
} from './credits-service.js';
