import type {
  AiJob,
  CreatedWebhook,
  DeleteResult,
  Form,
  FormListItem,
  FormResponse,
  PublishFormResult,
  SmartFormDetail,
  SmartFormSession,
} from '@formloom/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Account,
  AnalyticsChatEvent,
  APIPromise,
  RateLimitError,
  RateLimitHeaders,
  SmartAnalyticsCallback,
  Stream,
  WebhookEvent,
} from '../src/index.js';
import { Formloom, verifyAnalyticsCallback, verifyWebhook } from '../src/index.js';

// Type-level checks: `pnpm typecheck` proves them. Nothing is sent: requests start when awaited.
const client = new Formloom({
  apiKey: 'formloom_test',
  fetch: () => Promise.reject(new Error('no network')),
});

describe('types', () => {
  it('results are the contract types', () => {
    expectTypeOf<Awaited<ReturnType<Formloom['forms']['retrieve']>>>().toExtend<Form>();
    expectTypeOf<Awaited<ReturnType<Formloom['forms']['create']>>>().toExtend<Form>();
    expectTypeOf<Awaited<ReturnType<Formloom['forms']['publish']>>>().toExtend<PublishFormResult>();
    expectTypeOf<Awaited<ReturnType<Formloom['forms']['delete']>>>().toExtend<DeleteResult>();
    expectTypeOf<Awaited<ReturnType<Formloom['forms']['fields']['create']>>>().toExtend<Form>();
    expectTypeOf<Awaited<ReturnType<Formloom['responses']['retrieve']>>>().toExtend<FormResponse>();
    expectTypeOf<Awaited<ReturnType<Formloom['responses']['count']>>>().toExtend<{ count: number }>();
    expectTypeOf<Awaited<ReturnType<Formloom['smartForms']['retrieve']>>>().toExtend<SmartFormDetail>();
    expectTypeOf<Awaited<ReturnType<Formloom['webhooks']['create']>>>().toExtend<CreatedWebhook>();
    expectTypeOf<Awaited<ReturnType<Formloom['ai']['retrieveJob']>>>().toExtend<AiJob>();
    expectTypeOf<Awaited<ReturnType<Formloom['me']['retrieve']>>>().toExtend<Account>();
    expectTypeOf(client.forms.retrieve('id')).toExtend<APIPromise<Form>>();
  });

  it('results carry the parsed rate-limit headers', () => {
    expectTypeOf<
      Awaited<ReturnType<Formloom['forms']['retrieve']>>['_rateLimit']
    >().toEqualTypeOf<RateLimitHeaders>();
    expectTypeOf<RateLimitHeaders['remaining']>().toEqualTypeOf<number | undefined>();
  });

  it('lists are pages and async iterables of the item type', async () => {
    const list = client.forms.list({ limit: 100 });
    expectTypeOf<Awaited<typeof list>>().toHaveProperty('getNextPage');
    expectTypeOf<Awaited<typeof list>['items'][number]>().toEqualTypeOf<FormListItem>();
    expectTypeOf<Awaited<typeof list>['data']['forms']>().toEqualTypeOf<FormListItem[]>();
    expectTypeOf(list).toExtend<AsyncIterable<FormListItem>>();
    expectTypeOf(client.responses.list('f')).toExtend<AsyncIterable<FormResponse>>();
    expectTypeOf(client.smartForms.sessions.list('s')).toExtend<AsyncIterable<SmartFormSession>>();
    expectTypeOf<Awaited<ReturnType<typeof list.collect>>['items']>().toEqualTypeOf<FormListItem[]>();
  });

  it('parameters are the contract input types', () => {
    expectTypeOf(client.forms.create).parameter(0).toExtend<{ title: string } | { templateId: string }>();
    expectTypeOf<{ title: string }>().toExtend<Parameters<Formloom['forms']['create']>[0]>();
    expectTypeOf<{ templateId: string }>().toExtend<Parameters<Formloom['forms']['create']>[0]>();
    expectTypeOf<{ limit: number; search: string }>().toExtend<Parameters<Formloom['forms']['list']>[0]>();
    expectTypeOf<{ format: 'xlsx' }>().toExtend<Parameters<Formloom['smartForms']['export']>[1]>();
    expectTypeOf<{ format: 'pdf' }>().not.toExtend<Parameters<Formloom['smartForms']['export']>[1]>();
    expectTypeOf<{ title: number }>().not.toExtend<Parameters<Formloom['forms']['create']>[0]>();
    expectTypeOf<{ events: ['NO_SUCH_EVENT'] }>().not.toExtend<
      Parameters<Formloom['webhooks']['update']>[1]
    >();
    if (Math.random() > 2) {
      // @ts-expect-error: a title (or a template) is required
      void client.forms.create({});
      // @ts-expect-error: unknown query parameter
      void client.forms.list({ limt: 10 });
    }
  });

  it('streams, webhooks and errors are typed', () => {
    expectTypeOf(client.analytics.chatStream('f', { message: 'hi' })).toEqualTypeOf<
      Stream<AnalyticsChatEvent>
    >();
    expectTypeOf<Extract<AnalyticsChatEvent, { event: 'chunk' }>['data']>().toEqualTypeOf<{ text: string }>();
    expectTypeOf(verifyWebhook).returns.toEqualTypeOf<Promise<WebhookEvent>>();
    expectTypeOf(verifyAnalyticsCallback).returns.toEqualTypeOf<Promise<SmartAnalyticsCallback>>();
    expectTypeOf<
      Extract<WebhookEvent, { type: 'FORM_RESPONSE_CREATED' }>['data']['responseId']
    >().toBeString();
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
  });
});
