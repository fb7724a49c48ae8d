/** The outbox channel of every destination; the destination's kind picks the provider. */
export const DESTINATION_CHANNEL = 'destination';

/** The account's events a destination's target takes (its form's only: the target's `form_id`). */
export const DESTINATION_EVENTS = ['FORM_RESPONSE_CREATED', 'FORM_RESPONSE_UPDATED'] as const;

/** Queued for one destination when it is connected: `{formId, responseIds}`, ten at most. */
export const BACKFILL_EVENT = 'DESTINATION_BACKFILL';

/** Queued for each destination of a form when responses are deleted: `{formId, responseIds}`. */
export const REMOVAL_EVENT = 'DESTINATION_REMOVAL';

/** What is sealed in a destination's outbox target. */
export interface DestinationCredentials {
  token: string;
}

/** A backfill's or a removal's payload. */
export interface ResponseBatch {
  formId: string;
  responseIds: string[];
}
