import { type Contract, contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.destinations;
type D = Contract['destinations'];

/**
 * A form's destinations: every response written as a record of an Airtable table, a page of a
 * Notion data source (`kind: 'notion'`, `target: {dataSourceId}`) or a row of a Google spreadsheet
 * (connected through Google's consent screen: `startGoogleSheets`), updated when
 * the response is edited and removed when it is deleted; the form's existing responses are written
 * when one is connected. The token is sealed on the server and never read back.
 *
 * ```ts
 * const destination = await client.forms.destinations.create(formId, {
 *   kind: 'airtable',
 *   target: { baseId: 'appXXXXXXXXXXXXXX', table: 'Signups' },
 *   credentials: { token: process.env.AIRTABLE_TOKEN! },
 * });
 * ```
 */
export class FormDestinations extends APIResource {
  /** `{destinations}`: the form's destinations, with their status, without credentials. */
  list(formId: string, options?: RequestOptions): APIPromise<ResultOf<D['listDestinations']>> {
    return this._client._call(routes.listDestinations, { params: { id: formId } }, options);
  }

  create(
    formId: string,
    body: BodyOf<D['createDestination']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<D['createDestination']>> {
    return this._client._call(routes.createDestination, { params: { id: formId }, body }, options);
  }

  /**
   * `{url}`: Google's consent screen to open in the browser of the member connecting Google
   * Sheets; Google sends it back to the server, which makes the spreadsheet and the destination.
   */
  startGoogleSheets(formId: string, options?: RequestOptions): APIPromise<ResultOf<D['startGoogleSheets']>> {
    return this._client._call(routes.startGoogleSheets, { params: { id: formId } }, options);
  }

  /** Changes the table, token or field map; `{enabled: true}` resumes a paused or failing destination. */
  update(
    formId: string,
    destinationId: string,
    body: BodyOf<D['updateDestination']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<D['updateDestination']>> {
    return this._client._call(
      routes.updateDestination,
      { params: { id: formId, destinationId }, body },
      options,
    );
  }

  /** Nothing more is written; the records already written stay in the table. */
  delete(
    formId: string,
    destinationId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<D['deleteDestination']>> {
    return this._client._call(routes.deleteDestination, { params: { id: formId, destinationId } }, options);
  }

  /** The destination's deliveries, newest first, each with its attempts and the provider's answers. */
  listDeliveries(
    formId: string,
    destinationId: string,
    query: QueryOf<D['listDestinationDeliveries']> = {},
    options?: RequestOptions,
  ): ListPromise<D['listDestinationDeliveries'], 'deliveries'> {
    return this._client._list(
      routes.listDestinationDeliveries,
      { params: { id: formId, destinationId }, query },
      'deliveries',
      options,
    );
  }

  /** Queues the delivery's event again, as a new delivery (a record is still written once per response). */
  redeliver(
    formId: string,
    destinationId: string,
    deliveryId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<D['redeliverDestinationDelivery']>> {
    return this._client._call(
      routes.redeliverDestinationDelivery,
      { params: { id: formId, destinationId, deliveryId } },
      options,
    );
  }
}
