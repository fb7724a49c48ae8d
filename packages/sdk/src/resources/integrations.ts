import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.integrations;
type Routes = Contract['integrations'];

/**
 * Slack and Discord connections, for a client signed in to the dashboard (`session: true`); an
 * API key never manages them. Each connection posts the events it names to its channel.
 */
export class Integrations extends APIResource {
  /** `{connections, slack: {configured}}`. */
  list(options?: RequestOptions): APIPromise<ResultOf<Routes['listDashboardConnections']>> {
    return this._client._call(routes.listDashboardConnections, {}, options);
  }

  /** Connects a Discord incoming webhook (the URL Discord's "Copy Webhook URL" gives). */
  connectDiscord(
    body: BodyOf<Routes['connectDiscord']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Routes['connectDiscord']>> {
    return this._client._call(routes.connectDiscord, { body }, { idempotencyKey: null, ...options });
  }

  /** Slack's install page for the signed-in member: send the browser to `authorizeUrl`. */
  startSlackInstall(options?: RequestOptions): APIPromise<ResultOf<Routes['startSlackInstall']>> {
    return this._client._call(routes.startSlackInstall, {}, { idempotencyKey: null, ...options });
  }

  /** Replaces the events that post on this connection; `[]` mutes it. */
  setEvents(
    connectionId: string,
    body: BodyOf<Routes['setDashboardConnectionEvents']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Routes['setDashboardConnectionEvents']>> {
    return this._client._call(
      routes.setDashboardConnectionEvents,
      { params: { connectionId }, body },
      options,
    );
  }

  remove(
    connectionId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Routes['removeDashboardConnection']>> {
    return this._client._call(routes.removeDashboardConnection, { params: { connectionId } }, options);
  }
}
