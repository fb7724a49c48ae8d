import { randomUUID } from 'node:crypto';
import {
  type CreatedHook,
  type CreatedWebhook,
  type CreateHookBody,
  type CreateWebhookBody,
  type DeleteResult,
  type DeliveryListQuery,
  type DeliveryPage,
  generateWebhookSecret,
  PLAN_LIMITS,
  PLAN_NAMES,
  type Plan,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookList,
} from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { badRequest, conflict, forbidden, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import {
  BlockedTargetError,
  checkTargetUrl,
  type Resolver,
  type TargetPolicy,
} from '../../net/ssrf-guard.js';
import { createDeliveryLog, type LoggedDelivery } from '../../outbox/delivery-log.js';
import { recordEventForEndpoint } from '../../outbox/record.js';
import { newTargetRow } from '../../outbox/target-row.js';
import { audited } from '../../platform/audit/index.js';
import { sampleEvent } from './sample-events.js';
import { createWebhooksStore, type EndpointRow, WEBHOOK_CHANNEL } from './webhooks-store.js';

export interface WebhooksServiceDeps {
  db: Db;
  clock: () => Date;
  secrets: SecretBox;
  policy: TargetPolicy;
  /** Origin of public links, for the sample FORM_PUBLISHED event. */
  publicUrl: string;
  /** DNS, injectable for tests of the SSRF guard. */
  resolve?: Resolver;
  /** The app's outbox wake-up (`WorkSignals.outbox`): tests, redeliveries and re-enabled endpoints go out at once. */
  outbox?: Wake;
}

const endpointNotFound = (id: string) => notFound(`Webhook endpoint ${id} not found`);
const duplicateUrl = () => conflict('This account already has a webhook endpoint with this URL');
const disabled = (id: string) =>
  conflict(`Webhook endpoint ${id} is disabled: re-enable it first (PATCH {"isActive": true})`);

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url!,
    events: fromJson<WebhookEventType[]>(row.events),
    secretLast4: row.secret_last4!,
    isActive: Number(row.is_active) === 1,
    description: row.description,
    formIds: row.form_ids === null ? null : fromJson<string[]>(row.form_ids),
    restHook: Number(row.rest_hook) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDelivery({ targetId, eventType, payload, ...rest }: LoggedDelivery): WebhookDelivery {
  return {
    ...rest,
    webhookId: targetId,
    eventType: eventType as WebhookEventType,
    payload: fromJson<WebhookEvent>(payload),
  };
}

/** Each event type once, in the order of first mention. */
const uniqueEvents = (events: readonly WebhookEventType[]) => [...new Set(events)];

export function createWebhooksService({
  db,
  clock,
  secrets,
  policy,
  publicUrl,
  resolve,
  outbox,
}: WebhooksServiceDeps) {
  const store = createWebhooksStore(db);
  const log = createDeliveryLog(db, clock);

  /** The URL as stored: checked by the SSRF guard (400 when refused) and normalised. */
  async function acceptedUrl(raw: string): Promise<string> {
    try {
      return (await checkTargetUrl(raw, policy, resolve)).href;
    } catch (error) {
      if (error instanceof BlockedTargetError) throw badRequest(`Invalid webhook URL: ${error.message}`);
      throw error;
    }
  }

  /** The forms as stored (each once), after checking each is the account's: 404 otherwise. */
  async function acceptedForms(accountId: string, ids: readonly string[]): Promise<string> {
    const unique = [...new Set(ids)];
    const [missing] = await store.missingForms(accountId, unique);
    if (missing !== undefined) throw notFound(`Form ${missing} not found`);
    return toJson(unique);
  }

  async function load(accountId: string, id: string): Promise<EndpointRow> {
    const row = await store.find(accountId, id);
    if (row === undefined) throw endpointNotFound(id);
    return row;
  }

  async function deliveryOf(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await log.find(endpointId, deliveryId);
    if (delivery === undefined)
      throw notFound(`Delivery ${deliveryId} not found for webhook endpoint ${endpointId}`);
    return toDelivery(delivery);
  }

  async function createEndpoint(
    accountId: string,
    body: CreateWebhookBody,
    plan: Plan,
    restHook: boolean,
  ): Promise<CreatedWebhook> {
    const url = await acceptedUrl(body.url);
    const formIds = body.formIds === undefined ? null : await acceptedForms(accountId, body.formIds);
    const cap = PLAN_LIMITS[plan].maxWebhookEndpoints;
    const held = await store.count(accountId);
    if (held >= cap) {
      throw forbidden(
        `The ${PLAN_NAMES[plan]} plan allows ${cap} webhook endpoints and the account has ${held}: delete one, or upgrade the plan`,
      );
    }
    const nowIso = isoNow(clock());
    const id = randomUUID();
    const secret = generateWebhookSecret();
    const row = newTargetRow({
      id,
      accountId,
      channel: WEBHOOK_CHANNEL,
      label: url,
      url,
      events: toJson(uniqueEvents(body.events)),
      description: body.description ?? null,
      formIds,
      restHook,
      configSealed: secrets.seal(secret, id),
      secretLast4: secret.slice(-4),
      now: nowIso,
    });
    try {
      await audited(
        db,
        accountId,
        'webhook.created',
        { type: 'webhook', id },
        (trx) => createWebhooksStore(trx).insert(row),
        clock,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateUrl();
      throw error;
    }
    return { ...toEndpoint(row), secret };
  }

  return {
    async create(accountId: string, body: CreateWebhookBody, plan: Plan): Promise<CreatedWebhook> {
      return createEndpoint(accountId, body, plan, false);
    },

    /** A REST hook: an endpoint for one event (and one form), deleted by the outbox on 410 Gone. */
    async subscribeHook(accountId: string, body: CreateHookBody, plan: Plan): Promise<CreatedHook> {
      const { id } = await createEndpoint(
        accountId,
        {
          url: body.targetUrl,
          events: [body.event],
          description: 'REST hook',
          ...(body.formId === undefined ? {} : { formIds: [body.formId] }),
        },
        plan,
        true,
      );
      return { id };
    },

    async unsubscribeHook(accountId: string, id: string): Promise<DeleteResult> {
      const removed = await audited(
        db,
        accountId,
        'webhook.deleted',
        { type: 'webhook', id },
        (trx) => createWebhooksStore(trx).removeHook(accountId, id),
        clock,
      );
      if (!removed) throw notFound(`Hook ${id} not found`);
      return { id, deleted: true };
    },

    async list(accountId: string): Promise<WebhookList> {
      return { webhooks: (await store.list(accountId)).map(toEndpoint) };
    },

    async update(accountId: string, id: string, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
      const current = await load(accountId, id);
      const nowIso = isoNow(clock());
      const values: Partial<EndpointRow> = { updated_at: nowIso };
      if (body.url !== undefined) values.url = values.label = await acceptedUrl(body.url);
      if (body.events !== undefined) values.events = toJson(uniqueEvents(body.events));
      if (body.description !== undefined) values.description = body.description;
      if (body.formIds !== undefined)
        values.form_ids = body.formIds === null ? null : await acceptedForms(accountId, body.formIds);
      const enabling = body.isActive === true && Number(current.is_active) !== 1;
      if (body.isActive !== undefined) {
        values.is_active = body.isActive ? 1 : 0;
        values.disabled_reason = body.isActive ? null : 'paused';
        if (body.isActive) values.consecutive_failures = 0;
      }
      try {
        const updated = await audited(
          db,
          accountId,
          'webhook.updated',
          { type: 'webhook', id },
          (trx) => createWebhooksStore(trx).update(accountId, id, values),
          clock,
        );
        if (!updated) throw endpointNotFound(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateUrl();
        throw error;
      }
      if (enabling) {
        // Events kept while it was disabled go out now, in their order.
        await store.makePendingDue(id, nowIso);
        outbox?.notify();
      }
      return toEndpoint({ ...current, ...values } as EndpointRow);
    },

    async remove(accountId: string, id: string): Promise<DeleteResult> {
      const removed = await audited(
        db,
        accountId,
        'webhook.deleted',
        { type: 'webhook', id },
        (trx) => createWebhooksStore(trx).remove(accountId, id),
        clock,
      );
      if (!removed) throw endpointNotFound(id);
      return { id, deleted: true };
    },

    async deliveries(accountId: string, id: string, query: DeliveryListQuery): Promise<DeliveryPage> {
      await load(accountId, id);
      const { deliveries, ...page } = await log.page(id, query);
      return { deliveries: deliveries.map(toDelivery), ...page };
    },

    /** A new delivery (new id) of the same event, due at once. */
    async redeliver(accountId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await load(accountId, id);
      const fresh = await log.redeliver(id, deliveryId, () => {
        if (Number(endpoint.is_active) !== 1) throw disabled(id);
      });
      if (fresh === undefined) throw notFound(`Delivery ${deliveryId} not found for webhook endpoint ${id}`);
      outbox?.notify();
      return toDelivery(fresh);
    },

    /** Queues a signed sample event of `type` to this endpoint only. */
    async test(accountId: string, id: string, type: WebhookEventType): Promise<WebhookDelivery> {
      const endpoint = await load(accountId, id);
      if (Number(endpoint.is_active) !== 1) throw disabled(id);
      const event = sampleEvent(type, accountId, isoNow(clock()), publicUrl);
      const deliveryId = await recordEventForEndpoint(db, id, event);
      outbox?.notify();
      return deliveryOf(id, deliveryId);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
