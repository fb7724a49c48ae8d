import { randomUUID } from 'node:crypto';
import type { FormSchema, WebhookEventType } from '@formloom/contract';
import type { OutboxEvent } from '../../outbox/record.js';
import { responseCreatedEvent, responseUpdatedEvent } from '../../platform/response-events.js';
import { publicFormUrl } from '../../platform/share-code.js';

export const TEST_FORM_TITLE = 'Formloom test event';

/**
 * The form a test FORM_RESPONSE_CREATED answers: a name, an email and a repeating section of
 * guests, so that a receiver sees a section's entries as a real delivery carries them.
 */
const SAMPLE_SCHEMA: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: TEST_FORM_TITLE, language: 'en' },
  sections: [
    { id: 'you', title: 'You', order: 0 },
    { id: 'guests', title: 'Guests', order: 1, repeat: { max: 5, addLabel: 'Add a guest' } },
  ],
  fields: [
    { id: 'name', sectionId: 'you', type: 'text', label: 'Name', order: 0 },
    { id: 'email', sectionId: 'you', type: 'email', label: 'Email', order: 1 },
    { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest name', order: 0 },
    { id: 'age', sectionId: 'guests', type: 'number', label: 'Age', order: 1 },
  ],
};

const SAMPLE_ANSWERS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  guests: [{ guest: 'Charles Babbage', age: 41 }, { guest: 'Mary Somerville' }],
};

/**
 * A sample event of each type for `POST /webhooks/:id/test`: the real shape with made-up ids,
 * and `formTitle` (or `smartFormTitle`) "Formloom test event" so receivers can tell it apart. A
 * response's answers include a repeating section's list with its `entries`.
 */
export function sampleEvent(
  type: WebhookEventType,
  accountId: string,
  nowIso: string,
  publicUrl: string,
): OutboxEvent {
  const form = { formId: randomUUID(), formTitle: TEST_FORM_TITLE };
  const base = { accountId, createdAt: nowIso };
  switch (type) {
    case 'FORM_RESPONSE_CREATED':
      // Shaped by the function that shapes real deliveries, so a section's `entries` are as theirs.
      return responseCreatedEvent(
        { id: form.formId, account_id: accountId, title: form.formTitle },
        SAMPLE_SCHEMA,
        {
          id: randomUUID(),
          submitted_at: nowIso,
          answers: SAMPLE_ANSWERS,
        },
      );
    case 'FORM_RESPONSE_UPDATED':
      return responseUpdatedEvent(
        { id: form.formId, account_id: accountId, title: form.formTitle },
        SAMPLE_SCHEMA,
        { id: randomUUID(), submitted_at: nowIso, updated_at: nowIso, answers: SAMPLE_ANSWERS },
      );
    case 'FORM_PUBLISHED':
      return {
        ...base,
        type,
        data: {
          ...form,
          shareUrl: 'testShareCode000',
          publicUrl: publicFormUrl(publicUrl, 'testShareCode000'),
          publishedAt: nowIso,
        },
      };
    case 'FORM_UNPUBLISHED':
    case 'FORM_CREATED':
    case 'FORM_DELETED':
      return { ...base, type, data: form };
    case 'FORM_EXPIRED':
      return { ...base, type, data: { ...form, expiresAt: nowIso } };
    case 'FORM_RESPONSES_LIMIT_REACHED':
      return { ...base, type, data: { ...form, maxResponses: 100, responseCount: 100 } };
    case 'ANALYTICS_REPORT_COMPLETED':
      return {
        ...base,
        type,
        data: { ...form, jobId: randomUUID(), reportId: randomUUID(), reportTitle: 'Test report' },
      };
    case 'SMART_FORM_SESSION_COMPLETED':
      return {
        ...base,
        type,
        data: {
          smartFormId: randomUUID(),
          smartFormTitle: TEST_FORM_TITLE,
          sessionId: randomUUID(),
          completedAt: nowIso,
        },
      };
  }
}
