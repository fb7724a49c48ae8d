import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { DestinationsService } from './destinations-service.js';
import type { GoogleConnect } from './google-connect.js';

const s = initServer();

export function createDestinationsRouter(
  destinations: DestinationsService,
  google: Pick<GoogleConnect, 'start'>,
): RouterImplementation<typeof contract.destinations> {
  return s.router(contract.destinations, {
    listDestinations: async ({ params, req }) => ({
      status: 200,
      body: successBody(await destinations.list(authOf(req).accountId, params.id), 'Destinations'),
    }),
    createDestination: async ({ params, body, req }) => ({
      status: 201,
      body: successBody(
        await destinations.create(authOf(req).accountId, params.id, body),
        'Destination connected; existing responses are being written to it',
      ),
    }),
    startGoogleSheets: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await google.start(authOf(req).accountId, params.id),
        "Open Google's consent screen to connect Google Sheets",
      ),
    }),
    updateDestination: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await destinations.update(authOf(req).accountId, params.id, params.destinationId, body),
        'Destination updated',
      ),
    }),
    deleteDestination: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await destinations.remove(authOf(req).accountId, params.id, params.destinationId),
        'Destination disconnected',
      ),
    }),
    listDestinationDeliveries: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(
        await destinations.deliveries(authOf(req).accountId, params.id, params.destinationId, query),
        'Deliveries',
      ),
    }),
    redeliverDestinationDelivery: async ({ params, req }) => ({
      status: 202,
      body: successBody(
        await destinations.redeliver(
          authOf(req).accountId,
          params.id,
          params.destinationId,
          params.deliveryId,
        ),
        'Redelivery queued',
      ),
    }),
  });
}
