import {
  type ClientInferRequest,
  isAppRouteOtherResponse,
  type ServerInferRequest,
  type ServerInferResponses,
} from '@ts-rest/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_STATUS } from '../errors/error-codes.js';
import { PLANS } from '../models/plan.js';
import { SCOPES } from '../models/scope.js';
import { routeMetadata } from './metadata.js';
import { contract, contractRoutes } from './router.js';

const key = (r: { route: { method: string; path: string } }) => `${r.route.method} ${r.route.path}`;

describe('contract routes', () => {
  it('lists every route once, with unique names (the OpenAPI operationIds)', () => {
    expect(contractRoutes).toHaveLength(160);
    expect(new Set(contractRoutes.map((r) => r.name)).size).toBe(contractRoutes.length);
    expect(new Set(contractRoutes.map(key)).size).toBe(contractRoutes.length);
  });

  it('covers every endpoint of the API, those beyond the first specification too', () => {
    const all = new Set(contractRoutes.map(key));
    for (const endpoint of [
      'GET /v1/forms',
      'GET /v1/forms/:id',
      'POST /v1/forms',
      'PATCH /v1/forms/:id',
      'DELETE /v1/forms/:id',
      'POST /v1/forms/:id/publish',
      'POST /v1/forms/:id/unpublish',
      'POST /v1/forms/:id/fields',
      'PATCH /v1/forms/:id/fields/:fieldId',
      'DELETE /v1/forms/:id/fields/:fieldId',
      'GET /v1/forms/:id/responses',
      'GET /v1/forms/:id/responses/:responseId',
      'GET /v1/forms/:id/responses/count',
      'GET /v1/smart-forms',
      'GET /v1/smart-forms/:id',
      'POST /v1/smart-forms',
      'PATCH /v1/smart-forms/:id',
      'DELETE /v1/smart-forms/:id',
      'POST /v1/smart-forms/:id/publish',
      'POST /v1/smart-forms/:id/unpublish',
      'GET /v1/smart-forms/:id/sessions',
      'GET /v1/smart-forms/:id/sessions/:sessionId',
      'POST /v1/smart-forms/:id/chat',
      'POST /v1/smart-forms/:id/analytics',
      'POST /v1/smart-forms/:id/aggregate-analytics',
      'GET /v1/smart-forms/:id/export',
      'POST /v1/ai/generate-form',
      'GET /v1/ai/jobs/:jobId',
      'POST /v1/forms/:id/smart-analytics',
      'POST /v1/forms/:id/analytics-chat',
      'GET /v1/webhooks',
      'POST /v1/webhooks',
      'PATCH /v1/webhooks/:id',
      'DELETE /v1/webhooks/:id',
      'GET /v1/webhooks/:id/deliveries',
      'POST /v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      'POST /v1/webhooks/:id/test',
      'GET /v1/me',
      'GET /v1/public/forms/:code',
      'POST /v1/public/forms/:code/responses',
      'POST /v1/public/forms/:code/uploads',
      'PATCH /integrations/v1/connections/:connectionId/events',
      'DELETE /integrations/v1/connections/:connectionId',
      'POST /integrations/v1/auth/login',
      'GET /v1/audit-log',
      'GET /v1/audit-log/export',
      'GET /v1/forms/:id/destinations',
      'POST /v1/forms/:id/destinations',
      'GET /v1/forms/:id/destinations/google/start',
      'PATCH /v1/forms/:id/destinations/:destinationId',
      'DELETE /v1/forms/:id/destinations/:destinationId',
      'GET /v1/forms/:id/destinations/:destinationId/deliveries',
      'POST /v1/forms/:id/destinations/:destinationId/deliveries/:deliveryId/redeliver',
      'GET /v1/auth/passkeys',
      'POST /v1/auth/passkeys/registration/options',
      'POST /v1/auth/passkeys/registration/verify',
      'POST /v1/auth/passkeys/authentication/options',
      'POST /v1/auth/passkeys/authentication/verify',
      'DELETE /v1/auth/passkeys/:passkeyId',
      'POST /v1/auth/sso/recovery',
      'POST /v1/auth/sso/recovery/confirm',
    ]) {
      expect(all, endpoint).toContain(endpoint);
    }
  });

  it('gives every route auth metadata, and every API-key route a scope and a paid plan', () => {
    for (const { name, route, metadata } of contractRoutes) {
      expect(routeMetadata(route)).toBe(metadata);
      if (metadata.auth !== 'apiKey') continue;
      expect(PLANS, name).toContain(metadata.minPlan);
      expect(metadata.minPlan, name).not.toBe('FREE');
      // `null` (any valid key) is reserved for GET /v1/me and its credit ledger: the key's own account.
      if (name === 'getAccount' || name === 'listCreditLedger') expect(metadata.scope).toBeNull();
      else expect(SCOPES, name).toContain(metadata.scope);
    }
  });

  it('puts API routes under /v1 and integration routes under /integrations/v1', () => {
    for (const { name, route, metadata } of contractRoutes) {
      if (metadata.auth === 'session') expect(route.path, name).toMatch(/^\/integrations\/v1\//);
      else if (name === 'login') expect(route.path).toBe('/integrations/v1/auth/login');
      else if (metadata.auth === 'shareCode' || metadata.auth === 'interviewToken')
        expect(route.path, name).toMatch(/^\/v1\/public\//);
      else expect(route.path, name).toMatch(/^\/v1\/(?!public\/)/);
    }
  });

  it('declares the error answers the metadata implies', () => {
    for (const { name, route, metadata } of contractRoutes) {
      const statuses = Object.keys(route.responses).map(Number);
      expect(statuses, name).toEqual(expect.arrayContaining([400, 429, 500]));
      if (metadata.auth === 'apiKey' || metadata.auth === 'session' || metadata.auth === 'interviewToken') {
        expect(statuses, name).toEqual(expect.arrayContaining([401, 403]));
      }
      // 402: not enough credits, or a respondent back from Stripe Checkout before paying.
      expect(statuses.includes(402), name).toBe(
        (metadata.auth === 'apiKey' && metadata.consumesCredits === true) || name === 'completePayment',
      );
      if (/:(id|responseId|sessionId|jobId|code|connectionId|fieldId|deliveryId)\b/.test(route.path)) {
        expect(statuses, name).toContain(404);
      }
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(Object.values(ERROR_STATUS), name).toContain(status);
        const schema = route.responses[status] as z.ZodTypeAny;
        const code = Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0];
        const body: Record<string, unknown> = { message: 'm', data: null, error: code };
        if (status === 429) {
          body.rate_limit = { type: 'BURST_LIMIT', retry_after: 1, limit: 20, remaining: 0, reset: 1 };
        }
        expect(schema.safeParse(body).success, `${name} ${status}`).toBe(true);
      }
      const success = statuses.filter((s) => s < 400);
      expect(success, name).toHaveLength(1);
      // A method that may carry a body can be refused for it: late, too large, or not JSON.
      if (route.method !== 'GET') expect(statuses, name).toEqual(expect.arrayContaining([408, 413, 415]));
      // A create's Idempotency-Key sent again with another request is a 409.
      if ('idempotent' in metadata && metadata.idempotent === true) expect(statuses, name).toContain(409);
    }
  });

  it('declares the case codes of whole groups of routes on each of them', () => {
    const errorOf = (route: (typeof contractRoutes)[number]['route'], status: number, error: string) =>
      (route.responses as Record<number, z.ZodTypeAny | undefined>)[status]?.safeParse({
        message: 'm',
        data: null,
        error,
      }).success === true;
    for (const { name, route, metadata } of contractRoutes) {
      if (metadata.auth === 'apiKey' || metadata.auth === 'session') {
        expect(errorOf(route, 403, 'CROSS_ORIGIN_REFUSED'), name).toBe(true);
        expect(errorOf(route, 403, 'TWO_FACTOR_ENROLMENT_REQUIRED'), name).toBe(true);
      }
      if (route.path.startsWith('/v1/public/forms/')) {
        expect(errorOf(route, 403, 'ORIGIN_NOT_ALLOWED'), name).toBe(true);
        expect(errorOf(route, 409, 'FORM_CLOSED'), name).toBe(true);
        expect(errorOf(route, 401, 'PASSWORD_REQUIRED'), name).toBe(true);
      }
      // A case is declared under its own status only.
      expect(errorOf(route, 409, 'ORIGIN_NOT_ALLOWED'), name).toBe(false);
    }
  });

  it('declares every path parameter and coerces numeric query parameters', () => {
    for (const { name, route } of contractRoutes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = route.pathParams ? Object.keys((route.pathParams as z.AnyZodObject).shape) : [];
      expect(declared.sort(), name).toEqual(names.sort());
      if (!route.query) continue;
      const parsed = (route.query as z.AnyZodObject).safeParse({ page: '2', limit: '5' });
      expect(parsed.success, name).toBe(true);
    }
  });

  it('declares /responses/count before /responses/:responseId', () => {
    const order = Object.keys(contract.responses);
    expect(order.indexOf('countResponses')).toBeLessThan(order.indexOf('getResponse'));
  });

  it('uses strict status codes and JSON success envelopes', () => {
    for (const { name, route } of contractRoutes) {
      expect(route.strictStatusCodes, name).toBe(true);
      const [status, response] = Object.entries(route.responses).find(([s]) => Number(s) < 400)!;
      if (isAppRouteOtherResponse(response)) {
        expect(['exportSmartForm', 'exportResponses', 'exportAuditLog', 'getResponsePdf']).toContain(name);
        continue;
      }
      const shape = (response as z.AnyZodObject).shape;
      expect(Object.keys(shape), `${name} ${status}`).toEqual(['message', 'data', 'error']);
    }
  });
});

describe('inferred types', () => {
  it('gives clients the input types and servers the parsed ones', () => {
    type CreateBody = ClientInferRequest<typeof contract.forms.createForm>['body'];
    expectTypeOf<{ title: string }>().toMatchTypeOf<CreateBody>();
    type ListQuery = ServerInferRequest<typeof contract.forms.listForms>['query'];
    expectTypeOf<ListQuery['limit']>().toEqualTypeOf<number>();
    type GetFormResponse = ServerInferResponses<typeof contract.forms.getForm>;
    expectTypeOf<GetFormResponse['status']>().toEqualTypeOf<200 | 400 | 401 | 403 | 404 | 429 | 500>();
  });
});

describe('idempotent creates', () => {
  it('every POST that creates something honours Idempotency-Key, and says so in metadata and headers', () => {
    const idempotent = contractRoutes.filter((r) => r.metadata.auth === 'apiKey' && r.metadata.idempotent);
    expect(idempotent.map((r) => r.name).sort()).toEqual(
      [
        'addField',
        'createAnalyticsSigningSecret',
        'createDestination',
        'createForm',
        'createFormLinks',
        'createSmartForm',
        'createTheme',
        'createWebhook',
        'generateForm',
        'importForm',
        'redeliverDestinationDelivery',
        'redeliverWebhookDelivery',
        'requestSmartAnalytics',
        'subscribeHook',
        'testWebhook',
        'translateForm',
      ].sort(),
    );
    for (const { name, route } of idempotent) {
      expect(route.method, name).toBe('POST');
      const shape = (route.headers as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape), name).toContain('idempotency-key');
    }
    // Every API-key POST answering 201 (a created resource) is among them, but an upload: its
    // multipart body streams to storage and is never held to compare with a retry's.
    const created = contractRoutes.filter(
      (r) =>
        r.metadata.auth === 'apiKey' &&
        r.route.method === 'POST' &&
        201 in r.route.responses &&
        (r.route as { contentType?: string }).contentType !== 'multipart/form-data',
    );
    expect(created.length).toBeGreaterThan(3);
    for (const { name, metadata } of created) expect(metadata, name).toMatchObject({ idempotent: true });
  });
});
