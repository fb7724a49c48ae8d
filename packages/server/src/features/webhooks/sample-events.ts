import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@formloom/contract';
import type { OutboxEvent } from '../../outbox/record.js';
import { publicFormUrl } from '../../platform/share-code.js';

export const TEST_FORM_TITLE = 'Formloom test event';

/**
 * A sample event of each type for `POST /webhooks/:id/test`: the real shape with made-up ids,
 * and `formTitle` (or `smartFormTitle`) "Formloom test event" so receivers can tell it apart.
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
      return {
        ...base,
        type,
        data: {
          ...form,
          responseId: randomUUID(),
          answers: {
            name: { question: 'Name', answer: 'Ada Lovelace' },
            email: { question: 'Email', answer: 'ada@example.com' },
          },
        },
      };
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
