import { Account } from '../models/account.js';
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
});
