import { randomUUID } from 'node:crypto';
import {
  AirtableTarget,
  type CreateDestinationBody,
  type DeleteResult,
  type DeliveryListQuery,
  type Destination,
  type DestinationDelivery,
  type DestinationDeliveryEvent,
  type DestinationDeliveryPage,
  type DestinationFieldMap,
  type DestinationKind,
  type DestinationList,
  type DestinationTarget,
  GoogleSheetsTarget,
  NotionTarget,
  type UpdateDestinationBody,
} from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { badRequest, conflict, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { createDeliveryLog, type LoggedDelivery } from '../../outbox/delivery-log.js';
import { queueDelivery, type StoredEvent } from '../../outbox/record.js';
import { enableTarget, newTargetRow } from '../../outbox/target-row.js';
import { audited } from '../../platform/audit/index.js';
import type { FormsService } from '../forms/index.js';
import {
  BACKFILL_EVENT,
  DESTINATION_CHANNEL,
  DESTINATION_EVENTS,
  type DestinationCredentials,
  REMOVAL_EVENT,
} from './destination-events.js';
import { batches, batchOfKind, type ConnectionRefusal } from './destination-providers.js';
import { createDestinationsStore, type DestinationWithTarget } from './destinations-store.js';
import type { SheetState } from './sheet-columns.js';

export interface DestinationsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Seals the credentials under the server key, the destination's id as context. */
  secrets: SecretBox;
  /** Loads an account's form: another account's is a 404. */
  forms: Pick<FormsService, 'load'>;
  /** The app's outbox wake-up: a backfill, a resumed destination and removals go out at once. */
  outbox?: Wake | undefined;
  /**
   * Tries a token and target with the provider before they are kept (see checkConnection); none
   * (a test of the resource alone) keeps them untried.
   */
  check?:
    | ((kind: DestinationKind, target: unknown, token: string) => Promise<ConnectionRefusal | undefined>)
    | undefined;
}

const destinationNotFound = (id: string) => notFound(`Destination ${id} not found`);

function toDestination(row: DestinationWithTarget): Destination {
  const fieldMap = row.field_map === null ? undefined : fromJson<DestinationFieldMap>(row.field_map);
  const active = Number(row.is_active) === 1;
  return {
    id: row.id,
    formId: row.form_id,
    kind: row.kind as DestinationKind,
    target: fromJson<DestinationTarget>(row.target),
    ...(fieldMap === undefined ? {} : { fieldMap }),
    enabled: active,
    status: active ? 'active' : row.disabled_reason === 'paused' ? 'paused' : 'failing',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A delivery of the destination's log: the webhook event, or the batch a backfill or removal carries. */
function toDelivery({ targetId, eventType, payload, ...rest }: LoggedDelivery): DestinationDelivery {
  return {
    ...rest,
    destinationId: targetId,
    eventType: eventType as DestinationDeliveryEvent,
    payload: fromJson<DestinationDelivery['payload']>(payload),
  };
}

/** What a person sees of the target in the outbox's lists. */
function labelOf(target: DestinationTarget): string {
  if ('baseId' in target) return `Airtable ${target.baseId} / ${target.table}`;
  if ('dataSourceId' in target) return `Notion data source ${target.dataSourceId}`;
  return `Google Sheets ${target.spreadsheetId}`;
}

/** The target shape each kind takes: a PATCH's target is checked against the destination's kind. */
const TARGET_OF_KIND: Partial<Record<DestinationKind, { safeParse(v: unknown): { success: boolean } }>> = {
  airtable: AirtableTarget,
  notion: NotionTarget,
  google_sheets: GoogleSheetsTarget,
};

/** A Google Sheets destination made by the OAuth flow: its spreadsheet, the grant and the sheet's columns. */
export interface GoogleConnection {
  target: GoogleSheetsTarget;
  refreshToken: string;
  state: SheetState;
}

/**
 * A form's destinations (docs/integrations.md "Destinations"): each is an outbox target of the
 * `destination` channel that takes its form's FORM_RESPONSE_CREATED and FORM_RESPONSE_UPDATED (the
 * outbox queues them in the response's transaction), and the removals a deletion queues here. The
 * credentials are sealed in the target and never read back.
 */
export function createDestinationsService({
  db,
  clock,
  secrets,
  forms,
  outbox,
  check,
}: DestinationsServiceDeps) {
  const store = createDestinationsStore(db);
  const log = createDeliveryLog(db, clock);

  /** A 400 naming the token or the target when the provider refuses them. */
  async function tried(kind: DestinationKind, target: unknown, token: string): Promise<void> {
    const refusal = await check?.(kind, target, token);
    if (refusal === undefined) return;
    throw badRequest(`${refusal.path}: ${refusal.message}`, [
      { path: refusal.path, code: 'provider_refused', message: refusal.message },
    ]);
  }

  async function load(accountId: string, formId: string, id: string): Promise<DestinationWithTarget> {
    await forms.load(accountId, formId);
    const row = await createDestinationsStore(db).find(accountId, formId, id);
    if (row === undefined) throw destinationNotFound(id);
    return row;
  }

  const seal = (credentials: DestinationCredentials, id: string) =>
    secrets.seal(JSON.stringify(credentials), id);

  /**
   * Queues the form's existing responses for `destinationId`, in `trx`: as many a delivery as one
   * request of the kind writes (ten records of Airtable, a page of Notion).
   */
  async function queueBackfill(
    trx: Db,
    accountId: string,
    formId: string,
    destinationId: string,
    kind: DestinationKind,
    nowIso: string,
  ) {
    const ids = await createDestinationsStore(trx).responseIds(formId);
    for (const responseIds of batches(ids, batchOfKind(kind))) {
      await queueDelivery(trx, destinationId, {
        accountId,
        type: BACKFILL_EVENT,
        payload: JSON.stringify({ formId, responseIds }),
        createdAt: nowIso,
      });
    }
    return ids.length;
  }

  /**
   * Connects a destination: its outbox target (taking the form's response events from now on), its
   * row, and, when enabled, the form's existing responses queued in the same transaction, so none
   * is missed or written twice between the two.
   */
  async function connect(
    accountId: string,
    formId: string,
    given: {
      kind: DestinationKind;
      target: DestinationTarget;
      token: string;
      fieldMap: DestinationFieldMap | undefined;
      enabled: boolean;
      state: SheetState | null;
    },
  ): Promise<Destination> {
    const id = randomUUID();
    const nowIso = isoNow(clock());
    const { enabled } = given;
    const target = newTargetRow({
      id,
      accountId,
      channel: DESTINATION_CHANNEL,
      label: labelOf(given.target),
      configSealed: seal({ token: given.token }, id),
      events: toJson(DESTINATION_EVENTS),
      formIds: toJson([formId]),
      now: nowIso,
    });
    if (!enabled) Object.assign(target, { is_active: 0, disabled_reason: 'paused' });
    const row = {
      id,
      form_id: formId,
      account_id: accountId,
      kind: given.kind,
      target: toJson(given.target),
      field_map: given.fieldMap === undefined ? null : toJson(given.fieldMap),
      state: given.state === null ? null : toJson(given.state),
      created_at: nowIso,
      updated_at: nowIso,
    };
    const queued = await audited(
      db,
      accountId,
      'destination.created',
      { type: 'destination', id },
      async (trx) => {
        await createDestinationsStore(trx).insert(row, target);
        return enabled ? queueBackfill(trx, accountId, formId, id, given.kind, nowIso) : 0;
      },
      clock,
    );
    if (queued > 0) outbox?.notify();
    return toDestination({
      ...row,
      is_active: target.is_active,
      disabled_reason: target.disabled_reason,
      config_sealed: '',
    });
  }

  return {
    async list(accountId: string, formId: string): Promise<DestinationList> {
      await forms.load(accountId, formId);
      return { destinations: (await store.list(accountId, formId)).map(toDestination) };
    },

    /** Connects a destination given its credentials (Airtable, Notion). */
    async create(accountId: string, formId: string, body: CreateDestinationBody): Promise<Destination> {
      await forms.load(accountId, formId);
      await tried(body.kind, body.target, body.credentials.token);
      return connect(accountId, formId, {
        kind: body.kind,
        target: body.target,
        token: body.credentials.token,
        fieldMap: body.fieldMap,
        enabled: body.enabled ?? true,
        state: null,
      });
    },

    /**
     * The end of Google's OAuth flow: a Google Sheets destination of the spreadsheet it made, the
     * grant's refresh token sealed, the form's responses queued (a row each, 20 a request).
     */
    async connectGoogle(accountId: string, formId: string, google: GoogleConnection): Promise<Destination> {
      await forms.load(accountId, formId);
      return connect(accountId, formId, {
        kind: 'google_sheets',
        target: google.target,
        token: google.refreshToken,
        fieldMap: undefined,
        enabled: true,
        state: google.state,
      });
    },

    async update(
      accountId: string,
      formId: string,
      id: string,
      body: UpdateDestinationBody,
    ): Promise<Destination> {
      const current = await load(accountId, formId, id);
      if (current.kind === 'google_sheets' && (body.credentials !== undefined || body.target !== undefined)) {
        // Its grant and spreadsheet come from Google's consent screen only.
        throw badRequest('A Google Sheets destination is connected again through Google, not with a token', [
          {
            path: body.credentials === undefined ? 'body.target' : 'body.credentials',
            code: 'google_sheets',
            message: 'Connect Google Sheets again from the dashboard (GET .../destinations/google/start)',
          },
        ]);
      }
      const shape = TARGET_OF_KIND[current.kind as DestinationKind];
      if (body.target !== undefined && shape !== undefined && !shape.safeParse(body.target).success) {
        throw badRequest(`body.target: not the target of a ${current.kind} destination`, [
          { path: 'body.target', code: 'target_kind', message: `Not a target of kind ${current.kind}` },
        ]);
      }
      if (body.credentials !== undefined || body.target !== undefined) {
        const token =
          body.credentials?.token ??
          (JSON.parse(secrets.open(current.config_sealed, id)) as DestinationCredentials).token;
        await tried(current.kind as DestinationKind, body.target ?? fromJson(current.target), token);
      }
      const nowIso = isoNow(clock());
      const values: { target?: string; field_map?: string | null; updated_at: string } = {
        updated_at: nowIso,
      };
      if (body.target !== undefined) values.target = toJson(body.target);
      if (body.fieldMap !== undefined)
        values.field_map = body.fieldMap === null ? null : toJson(body.fieldMap);
      let resumed = false;
      await audited(
        db,
        accountId,
        'destination.updated',
        { type: 'destination', id },
        async (trx) => {
          const inTrx = createDestinationsStore(trx);
          await inTrx.update(id, values);
          await inTrx.updateTarget(id, {
            updated_at: nowIso,
            ...(body.credentials === undefined
              ? {}
              : { config_sealed: seal({ token: body.credentials.token }, id) }),
            ...(body.target === undefined ? {} : { label: labelOf(body.target) }),
          });
          if (body.enabled === true) resumed = await enableTarget(trx, id, nowIso);
          if (body.enabled === false) await inTrx.pause(id, nowIso);
          return true;
        },
        clock,
      );
      if (resumed) outbox?.notify();
      return toDestination((await store.find(accountId, formId, id)) ?? current);
    },

    async remove(accountId: string, formId: string, id: string): Promise<DeleteResult> {
      await forms.load(accountId, formId);
      const removed = await audited(
        db,
        accountId,
        'destination.deleted',
        { type: 'destination', id },
        (trx) => createDestinationsStore(trx).remove(accountId, formId, id),
        clock,
      );
      if (!removed) throw destinationNotFound(id);
      return { id, deleted: true };
    },

    /** A page of the destination's deliveries, newest first (the form and destination are the account's). */
    async deliveries(
      accountId: string,
      formId: string,
      id: string,
      query: DeliveryListQuery,
    ): Promise<DestinationDeliveryPage> {
      await load(accountId, formId, id);
      const { deliveries, ...page } = await log.page(id, query);
      return { deliveries: deliveries.map(toDelivery), ...page };
    },

    /**
     * A new delivery (new id) of the same event, due at once; the sender's record table keeps it
     * written once per response. A paused or failing destination takes none (409).
     */
    async redeliver(
      accountId: string,
      formId: string,
      id: string,
      deliveryId: string,
    ): Promise<DestinationDelivery> {
      const destination = await load(accountId, formId, id);
      const fresh = await log.redeliver(id, deliveryId, () => {
        if (Number(destination.is_active) !== 1)
          throw conflict(`Destination ${id} is paused or failing: resume it first (PATCH {"enabled": true})`);
      });
      if (fresh === undefined) throw notFound(`Delivery ${deliveryId} not found for destination ${id}`);
      outbox?.notify();
      return toDelivery(fresh);
    },

    /**
     * Queues the removal of deleted responses' records at each active destination of the form, in
     * the deletion's transaction `trx` (as many a delivery as one request of its kind removes); returns how many deliveries were queued.
     */
    async queueRemovals(
      trx: Db,
      form: { id: string; accountId: string },
      responseIds: readonly string[],
    ): Promise<number> {
      if (responseIds.length === 0) return 0;
      const nowIso = isoNow(clock());
      let queued = 0;
      for (const { id: destinationId, kind } of await createDestinationsStore(trx).activeIds(form.id)) {
        for (const ids of batches(responseIds, batchOfKind(kind))) {
          const event: StoredEvent = {
            accountId: form.accountId,
            type: REMOVAL_EVENT,
            payload: JSON.stringify({ formId: form.id, responseIds: ids }),
            createdAt: nowIso,
          };
          await queueDelivery(trx, destinationId, event);
          queued++;
        }
      }
      return queued;
    },
  };
}

export type DestinationsService = ReturnType<typeof createDestinationsService>;
