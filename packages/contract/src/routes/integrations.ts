import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  ConnectionList,
  IntegrationConnection,
  LoginBody,
  LoginResult,
  UpdateConnectionEventsBody,
} from '../models/integration.js';
import { meta } from './metadata.js';
import { c, errorResponses, PUBLIC_ERRORS, SESSION_ERRORS } from './shared.js';

const session = meta({ auth: 'session', permission: 'integrations.manage', minPlan: 'PRO' });
const ConnectionIdParams = z.object({ connectionId: Uuid.describe('Connection id') });
const notFound = { 404: 'Connection not found' };

/** The integration-management API: `/integrations/v1`, authenticated with a session JWT. */
export const integrationsRouter = c.router({
  login: {
    method: 'POST',
    path: '/integrations/v1/auth/login',
    body: LoginBody,
    summary: 'Log in',
    description: 'Exchanges the email and password of a user (created with the CLI) for a session JWT.',
    responses: {
      200: success(LoginResult, 'The session token'),
      ...errorResponses([...PUBLIC_ERRORS, 401], { 401: 'Wrong email or password' }),
    },
    metadata: meta({ auth: 'public' }),
  },
  listConnections: {
    method: 'GET',
    path: '/integrations/v1/connections',
    summary: 'List notification connections',
    responses: { 200: success(ConnectionList, 'The connections'), ...errorResponses(SESSION_ERRORS) },
    metadata: session,
  },
  updateConnectionEvents: {
    method: 'PATCH',
    path: '/integrations/v1/connections/:connectionId/events',
    pathParams: ConnectionIdParams,
    body: UpdateConnectionEventsBody,
    summary: 'Set the notified events',
    description: 'Replaces the set of events that post a notification on this connection.',
    responses: {
      200: success(IntegrationConnection, 'The updated connection'),
      ...errorResponses([...SESSION_ERRORS, 404], notFound),
    },
    metadata: session,
  },
  deleteConnection: {
    method: 'DELETE',
    path: '/integrations/v1/connections/:connectionId',
    pathParams: ConnectionIdParams,
    summary: 'Remove a connection',
    responses: {
      200: success(DeleteResult, 'Removed'),
      ...errorResponses([...SESSION_ERRORS, 404], notFound),
    },
    metadata: session,
  },
});
