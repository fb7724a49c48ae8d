import { describe, expect, it } from 'vitest';
import { CreateWebhookBody, WEBHOOK_EVENT_TYPES, WebhookEvent } from './webhook.js';

describe('CreateWebhookBody', () => {
  it('requires a URL but leaves the scheme and host policy to the server', () => {
    const ok = CreateWebhookBody.safeParse({ url: 'http://127.0.0.1:9000/hook', events: ['FORM_CREATED'] });
    expect(ok.success).toBe(true);
    expect(CreateWebhookBody.safeParse({ url: 'not a url', events: ['FORM_CREATED'] }).success).toBe(false);
    expect(
      CreateWebhookBody.safeParse({ url: 'ftp://example.com/x', events: ['FORM_CREATED'] }).success,
    ).toBe(false);
  });

  it('takes all ten event types and refuses an empty or unknown list', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(10);
    const url = 'https://example.com/hook';
    expect(CreateWebhookBody.safeParse({ url, events: [...WEBHOOK_EVENT_TYPES] }).success).toBe(true);
    expect(CreateWebhookBody.safeParse({ url, events: [] }).success).toBe(false);
    expect(CreateWebhookBody.safeParse({ url, events: ['FORM_UPDATED'] }).success).toBe(false);
  });
});

describe('WebhookEvent', () => {
  it('parses a FORM_RESPONSE_CREATED delivery', () => {
    const event = {
      type: 'FORM_RESPONSE_CREATED',
      created_at: '2025-01-31T09:30:00.123Z',
      data: {
        formId: '3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c',
        formTitle: 'Contact',
        responseId: '7a1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c',
        answers: { name: { question: 'Name', answer: 'Ada' } },
      },
    };
    expect(WebhookEvent.parse(event)).toEqual(event);
  });

  it('checks the data against the event type', () => {
    const result = WebhookEvent.safeParse({
      type: 'FORM_EXPIRED',
      created_at: '2025-01-31T09:30:00.123Z',
      data: { formId: '3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c', formTitle: 'Contact' },
    });
    expect(result.success).toBe(false);
  });
});
