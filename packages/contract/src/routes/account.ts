import { Account, CreditLedgerPage, CreditLedgerQuery } from '../models/account.js';
import { success } from '../models/envelope.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, c, errorResponses } from './shared.js';

export const accountRouter = c.router({
  getAccount: {
    method: 'GET',
    path: '/v1/me',
    summary: 'Get the account',
    description:
      'The account, its plan and limits, usage this month, credit balance, and the scopes of the key used.',
    responses: { 200: success(Account, 'The account'), ...errorResponses(API_KEY_ERRORS) },
    metadata: meta({ auth: 'apiKey', scope: null, permission: 'account.read', minPlan: 'STARTER' }),
  },
  listCreditLedger: {
    method: 'GET',
    path: '/v1/me/credits',
    query: CreditLedgerQuery,
    summary: 'List the credit ledger',
    description:
      'Every change of the credit balance, newest first: grants, the credits AI features reserved, and refunds of what they did not use.',
    responses: {
      200: success(CreditLedgerPage, 'A page of credit ledger entries'),
      ...errorResponses(API_KEY_ERRORS),
    },
    metadata: meta({ auth: 'apiKey', scope: null, permission: 'account.read', minPlan: 'STARTER' }),
  },
});
