import type { FormSchema } from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import type { OutboxSender, SenderResult } from '../../outbox/channel.js';
import { makeDue, pendingOf } from '../../outbox/outbox-store.js';
import type { SendResult } from '../../outbox/send.js';
import type { createLimiter } from '../../platform/limits/index.js';
import {
  BACKFILL_EVENT,
  DESTINATION_CHANNEL,
  type DestinationCredentials,
  REMOVAL_EVENT,
  type ResponseBatch,
} from './destination-events.js';
import { batches, type NotionSchemaCache, providerOf, type WrittenRecord } from './destination-providers.js';
import { createDestinationsStore } from './destinations-store.js';
import type { GoogleSettings } from './google-client.js';
import type { GoogleTokenCache } from './google-sheets-provider.js';
import { pageTitle } from './notion-properties.js';
import type { ProviderOutcome } from './provider-http.js';
import { cellsByName, fieldCells } from './record-fields.js';
import { type SheetState, SUBMITTED_KEY } from './sheet-columns.js';

export interface DestinationSenderDeps {
  db: Db;
  /** Opens the credentials sealed in the destination's outbox target. */
  box: SecretBox;
  /** The one limiter: each provider's requests a second (Airtable's per base, Notion's per integration), across every instance. */
  limiter: Pick<ReturnType<typeof createLimiter>, 'consumeWithin'>;
  /** The form's schema now (its fields' types and labels); throws when the form is gone. */
  schemaOf(accountId: string, formId: string): Promise<FormSchema>;
  /** The stored answers of those responses that still exist, in the order asked. */
  answersOf(
    accountId: string,
    formId: string,
    responseIds: readonly string[],
  ): Promise<{ id: string; answers: Record<string, unknown>; submittedAt?: string }[]>;
  /** The server's public origin: file answers are written as links to it. */
  publicUrl: string;
  /** FORMLOOM_AIRTABLE_API_BASE (a local stand-in in tests); default Airtable's own. */
  airtableApiBase?: string | undefined;
  /** FORMLOOM_NOTION_API_BASE (a local stand-in in tests); default Notion's own. */
  notionApiBase?: string | undefined;
  /** FORMLOOM_GOOGLE_*: the OAuth client that refreshes Google Sheets grants; absent, they cannot be written. */
  google?: GoogleSettings | undefined;
  /** A destination's grant was revoked at its provider: tells its form's owners (once per failing turn). */
  onRevoked?(destination: { id: string; accountId: string; formId: string }): Promise<void>;
  clock?: () => Date;
}

/** Pending deliveries read to fill a request: enough to find nine unwritten among any written along. */
const LOOK_AHEAD = 50;

const result = (
  verdict: SenderResult['verdict'],
  error: string | null,
  statusCode: number | null = null,
): SenderResult => ({
  statusCode,
  durationMs: 0,
  error,
  responseBody: null,
  verdict,
});

/** Which responses a delivery is about, and whether it writes them or removes their records. */
function workOf(
  eventType: string,
  payload: string,
): { formId: string; responseIds: string[]; remove: boolean } {
  if (eventType === BACKFILL_EVENT || eventType === REMOVAL_EVENT) {
    const batch = JSON.parse(payload) as ResponseBatch;
    return { formId: batch.formId, responseIds: batch.responseIds, remove: eventType === REMOVAL_EVENT };
  }
  const { data } = JSON.parse(payload) as { data: { formId: string; responseId: string } };
  return { formId: data.formId, responseIds: [data.responseId], remove: false };
}

/**
 * The destination channel of the outbox: writes a delivery's responses to the destination's
 * provider (an Airtable record or a Notion page each). A response's record is written once across retries and crashes: its id is
 * kept per destination and response (`destination_records`); before a create, an intent (an empty
 * id) is kept, so a create whose answer never came back (a timeout, a 5xx after the write, a crash)
 * is looked up by its `Response ID` on the next attempt instead of made again. Every write reads the
 * response as stored now, so deliveries that arrive out of order (a retried create after an edit)
 * write the latest answers, and a deleted response is not written. A new response takes the new
 * responses queued behind it into its request (ten records at most), whose own deliveries then find
 * their records written and send nothing: a burst costs a request per ten (Airtable; Notion makes a
 * page a request). Retries, backoff, the attempt log
 * and turning a failing destination off are the outbox's.
 */
/** How long a request waits in place for its provider's limit before its delivery is postponed instead. */
const SHORT_WAIT_MS = 1000;

export function createDestinationSender(deps: DestinationSenderDeps): OutboxSender {
  const store = createDestinationsStore(deps.db);
  const clock = deps.clock ?? (() => new Date());
  const notionSchemas: NotionSchemaCache = new Map();
  const googleTokens: GoogleTokenCache = new Map();

  return {
    channel: DESTINATION_CHANNEL,
    async send(delivery, { timeoutMs, policy }) {
      const destination = await store.byId(delivery.endpointId);
      if (destination === undefined) return result('rejected', 'the destination was deleted');
      let credentials: DestinationCredentials;
      try {
        credentials = JSON.parse(deps.box.open(String(delivery.target.config_sealed), delivery.endpointId));
      } catch (error) {
        return result('permanent', `cannot open the credentials: ${(error as Error).message}`);
      }
      const fieldMap =
        destination.field_map === null ? null : fromJson<Record<string, string>>(destination.field_map);
      const accountId = destination.account_id;
      const work = workOf(delivery.eventType, delivery.payload);
      const provider = providerOf({
        kind: destination.kind,
        target: fromJson<unknown>(destination.target),
        token: credentials.token,
        timeoutMs,
        policy,
        notionSchemas,
        destinationId: destination.id,
        version: destination.updated_at,
        airtableApiBase: deps.airtableApiBase,
        notionApiBase: deps.notionApiBase,
        now: () => clock().getTime(),
        google: deps.google,
        googleTokens,
        state: destination.state === null ? null : fromJson<SheetState>(destination.state),
        fieldMap,
        saveState: (state) => store.update(destination.id, { state: JSON.stringify(state) }),
        onRevoked: async () =>
          deps.onRevoked?.({ id: destination.id, accountId, formId: destination.form_id }),
      });
      const batch = provider.batch;
      /** Deliveries whose responses this one writes along (made due once written). */
      const along: string[] = [];
      const own = await store.records(destination.id, work.responseIds);
      if (delivery.eventType === 'FORM_RESPONSE_CREATED' && !own.has(work.responseIds[0]!)) {
        // New responses waiting behind this one and not written yet go in the same request, up to
        // the provider's batch (Airtable's ten). A delivery whose response was written along with another's (or is
        // uncertain) takes none: it has nothing (or only a lookup) to send.
        const waiting = (
          await pendingOf(deps.db, delivery.endpointId, delivery.eventType, delivery.id, LOOK_AHEAD)
        ).map((d) => ({ id: d.id, responseId: workOf(delivery.eventType, d.payload).responseIds[0]! }));
        const written = await store.records(
          destination.id,
          waiting.map((w) => w.responseId),
        );
        for (const w of waiting) {
          if (work.responseIds.length >= batch) break;
          if (written.has(w.responseId) || work.responseIds.includes(w.responseId)) continue;
          work.responseIds.push(w.responseId);
          along.push(w.id);
        }
      }
      const sent: SendResult[] = [];
      /** One request, after a point of the provider's limit; a refusal postpones the delivery. */
      async function request<T>(
        call: () => Promise<ProviderOutcome<T>>,
        before?: () => Promise<void>,
      ): Promise<ProviderOutcome<T>> {
        const rule = { limit: provider.limit.limit, windowMs: provider.limit.windowMs };
        // A short window (Airtable's fifth of a second) is waited out here: postponing the delivery
        // would cost the worker's next round, a second or more.
        const taken = await deps.limiter.consumeWithin(provider.limit.key, rule, SHORT_WAIT_MS);
        if (!taken.allowed) {
          return {
            ok: false,
            failure: {
              ...result('postponed', `postponed: ${provider.limit.what}`),
              retryAfterMs: taken.retryAfterSeconds * 1000,
            },
          };
        }
        await before?.();
        const outcome = await call();
        sent.push(outcome.ok ? outcome.result : outcome.failure);
        return outcome;
      }
      const done = (): SenderResult => {
        const last = sent.at(-1);
        const durationMs = sent.reduce((sum, r) => sum + r.durationMs, 0);
        return last === undefined
          ? { ...result('ok', null), responseBody: 'nothing to write' }
          : { ...last, durationMs, error: null, verdict: 'ok' };
      };
      const failed = (failure: SenderResult): SenderResult => ({
        ...failure,
        durationMs: sent.reduce((sum, r) => sum + r.durationMs, 0),
      });

      const kept = await store.records(destination.id, work.responseIds);
      // Records that move (a sheet's rows) are found again before they are changed or removed.
      const changing = work.remove || delivery.eventType === 'FORM_RESPONSE_UPDATED';
      /** Records of responses whose create may have happened unseen, found by their Response ID. */
      const uncertain = work.responseIds.filter(
        (id) => kept.get(id) === '' || (provider.relocate === true && changing && kept.has(id)),
      );
      for (const ids of batches(uncertain, batch)) {
        const found = await request(() => provider.find(ids));
        if (!found.ok) return failed(found.failure);
        await store.keep(destination.id, [...found.value], isoNow(clock()));
        for (const id of ids) kept.set(id, found.value.get(id) ?? '');
      }

      if (work.remove) {
        const recordIds = work.responseIds.map((id) => kept.get(id) ?? '').filter((id) => id !== '');
        for (const ids of batches(recordIds, batch)) {
          const removed = await request(() => provider.remove(ids));
          if (!removed.ok) return failed(removed.failure);
        }
        await store.forget(destination.id, work.responseIds);
        return done();
      }

      let schema: FormSchema;
      try {
        schema = await deps.schemaOf(accountId, work.formId);
      } catch {
        return result('rejected', 'the form was deleted');
      }
      const responses = await deps.answersOf(accountId, work.formId, work.responseIds);
      const recordOf = (
        r: { id: string; answers: Record<string, unknown>; submittedAt?: string },
        unanswered: 'empty' | 'omit',
      ): WrittenRecord => {
        const input = { formId: work.formId, responseId: r.id, answers: r.answers };
        // Computed once: by column name for Airtable and Notion, by field id for Sheets.
        const cells = fieldCells(schema, fieldMap, input, deps.publicUrl);
        const keyed = Object.fromEntries(cells.map((c) => [c.key, c.value]));
        keyed[SUBMITTED_KEY] = r.submittedAt ?? null;
        return {
          responseId: r.id,
          cells: cellsByName(cells, r.id, unanswered),
          keyed,
          title: pageTitle(schema, r.answers, r.id),
        };
      };
      const toCreate = responses.filter((r) => (kept.get(r.id) ?? '') === '');
      // A create that finds its record (a retry, a backfill after the live event) has nothing to do;
      // an edit rewrites every cell, emptying those whose answer it removed.
      const toUpdate =
        delivery.eventType === 'FORM_RESPONSE_UPDATED'
          ? responses.filter((r) => (kept.get(r.id) ?? '') !== '')
          : [];
      const prepare = toCreate.length + toUpdate.length > 0 ? provider.prepare(schema) : null;
      if (prepare !== null) {
        const prepared = await request(prepare);
        if (!prepared.ok) return failed(prepared.failure);
      }
      for (const part of batches(toCreate, batch)) {
        // The intents are kept once the request is sure to go (not postponed), just before it.
        const created = await request(
          () => provider.create(part.map((r) => recordOf(r, 'omit'))),
          () =>
            store.keep(
              destination.id,
              part.map((r) => [r.id, ''] as const),
              isoNow(clock()),
            ),
        );
        if (!created.ok) {
          // A 4xx (a 429 included) says nothing was written: the retry creates without a lookup.
          // No answer or a 5xx leaves the intents, since the records may exist.
          const code = created.failure.statusCode;
          if (code !== null && code >= 400 && code < 500)
            await store.forget(
              destination.id,
              part.map((r) => r.id),
            );
          return failed(created.failure);
        }
        await store.keep(
          destination.id,
          part.map((r, i) => [r.id, created.value[i]!] as const),
          isoNow(clock()),
        );
      }
      await makeDue(deps.db, along, isoNow(clock()));
      for (const part of batches(toUpdate, batch)) {
        const updated = await request(() =>
          provider.update(part.map((r) => ({ id: kept.get(r.id)!, record: recordOf(r, 'empty') }))),
        );
        if (!updated.ok) return failed(updated.failure);
      }
      return done();
    },
  };
}
