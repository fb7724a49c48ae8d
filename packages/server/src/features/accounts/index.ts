/** The accounts feature: accounts, their plans and GET /me. */

export { isScope, MAILS_PER_HOUR, maxKeysOf, parsePlan, SCOPES, type Scope } from '../../platform/plans.js';
export { createAccountRouter } from './account-router.js';
export {
  type Account,
  AccountError,
  type AccountsService,
  createAccountsService,
  toAccount,
} from './accounts-service.js';
