import { contractRoutes, THEME_PRESETS } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import type { Formloom } from '../src/index.js';
import { client, FORM_ID, mockFetch, OTHER_ID, ok } from './support/mock-fetch.js';

/** A ready theme as a create body (without its preset id). */
const { id: _preset, ...CLASSIC } = THEME_PRESETS[0]!;

const ID = FORM_ID;
const X = OTHER_ID;

/**
 * Every API-key route of the contract, the SDK method that calls it, and the request it must
 * send (written out here, independently of the contract's paths).
 */
const CALLS: Record<string, [call: (c: Formloom) => Promise<unknown>, method: string, path: string]> = {
  listForms: [(c) => c.forms.list(), 'GET', '/v1/forms'],
  getForm: [(c) => c.forms.retrieve(ID), 'GET', `/v1/forms/${ID}`],
  createForm: [(c) => c.forms.create({ title: 'T' }), 'POST', '/v1/forms'],
  updateForm: [(c) => c.forms.update(ID, { title: 'T' }), 'PATCH', `/v1/forms/${ID}`],
  deleteForm: [(c) => c.forms.delete(ID), 'DELETE', `/v1/forms/${ID}`],
  publishForm: [(c) => c.forms.publish(ID), 'POST', `/v1/forms/${ID}/publish`],
  unpublishForm: [(c) => c.forms.unpublish(ID), 'POST', `/v1/forms/${ID}/unpublish`],
  listFormRevisions: [(c) => c.forms.revisions.list(ID), 'GET', `/v1/forms/${ID}/revisions`],
  getFormRevision: [(c) => c.forms.revisions.retrieve(ID, 2), 'GET', `/v1/forms/${ID}/revisions/2`],
  restoreFormRevision: [
    (c) => c.forms.revisions.restore(ID, 2),
    'POST',
    `/v1/forms/${ID}/revisions/2/restore`,
  ],
  getFormDraft: [(c) => c.forms.draft.retrieve(ID), 'GET', `/v1/forms/${ID}/draft`],
  putFormDraft: [
    (c) =>
      c.forms.draft.save(ID, {
        schema: {
          version: '1',
          schemaVersion: '1',
          meta: { title: 'T', language: 'en' },
          sections: [],
          fields: [],
        },
      }),
    'PUT',
    `/v1/forms/${ID}/draft`,
  ],
  deleteFormDraft: [(c) => c.forms.draft.discard(ID), 'DELETE', `/v1/forms/${ID}/draft`],
  getFormAccess: [(c) => c.forms.access.get(ID), 'GET', `/v1/forms/${ID}/access`],
  putFormAccess: [(c) => c.forms.access.put(ID, { password: null }), 'PUT', `/v1/forms/${ID}/access`],
  getFormDefinition: [(c) => c.forms.definition(ID), 'GET', `/v1/forms/${ID}/definition`],
  importForm: [(c) => c.forms.import({ source: 'formloom', definition: {} }), 'POST', '/v1/forms/import'],
  createFormLinks: [
    (c) => c.forms.links.create(ID, { recipients: [{ email: 'ann@example.com' }] }),
    'POST',
    `/v1/forms/${ID}/links`,
  ],
  listFormLinks: [(c) => c.forms.links.list(ID), 'GET', `/v1/forms/${ID}/links`],
  revokeFormLink: [(c) => c.forms.links.revoke(ID, X), 'DELETE', `/v1/forms/${ID}/links/${X}`],
  listDestinations: [(c) => c.forms.destinations.list(ID), 'GET', `/v1/forms/${ID}/destinations`],
  createDestination: [
    (c) =>
      c.forms.destinations.create(ID, {
        kind: 'airtable',
        target: { baseId: 'appAAAAAAAAAAAAAA', table: 'T' },
        credentials: { token: 'pat' },
      }),
    'POST',
    `/v1/forms/${ID}/destinations`,
  ],
  startGoogleSheets: [
    (c) => c.forms.destinations.startGoogleSheets(ID),
    'GET',
    `/v1/forms/${ID}/destinations/google/start`,
  ],
  updateDestination: [
    (c) => c.forms.destinations.update(ID, X, { enabled: true }),
    'PATCH',
    `/v1/forms/${ID}/destinations/${X}`,
  ],
  deleteDestination: [
    (c) => c.forms.destinations.delete(ID, X),
    'DELETE',
    `/v1/forms/${ID}/destinations/${X}`,
  ],
  listDestinationDeliveries: [
    (c) => c.forms.destinations.listDeliveries(ID, X),
    'GET',
    `/v1/forms/${ID}/destinations/${X}/deliveries`,
  ],
  redeliverDestinationDelivery: [
    (c) => c.forms.destinations.redeliver(ID, X, X),
    'POST',
    `/v1/forms/${ID}/destinations/${X}/deliveries/${X}/redeliver`,
  ],
  publishFormDraft: [(c) => c.forms.draft.publish(ID), 'POST', `/v1/forms/${ID}/draft/publish`],
  addField: [
    (c) =>
      c.forms.fields.create(ID, { id: 'email', sectionId: 's1', type: 'email', label: 'Email', order: 1 }),
    'POST',
    `/v1/forms/${ID}/fields`,
  ],
  updateField: [
    (c) => c.forms.fields.update(ID, 'email', { label: 'E' }),
    'PATCH',
    `/v1/forms/${ID}/fields/email`,
  ],
  deleteField: [(c) => c.forms.fields.delete(ID, 'email'), 'DELETE', `/v1/forms/${ID}/fields/email`],
  listResponses: [(c) => c.responses.list(ID), 'GET', `/v1/forms/${ID}/responses`],
  countResponses: [(c) => c.responses.count(ID), 'GET', `/v1/forms/${ID}/responses/count`],
  getResponse: [(c) => c.responses.retrieve(ID, X), 'GET', `/v1/forms/${ID}/responses/${X}`],
  getResponseHistory: [(c) => c.responses.history(ID, X), 'GET', `/v1/forms/${ID}/responses/${X}/history`],
  createUpload: [
    (c) => c.uploads.create(new Uint8Array([1, 2, 3]), { fileName: 'a.png' }),
    'POST',
    '/v1/uploads',
  ],
  deleteResponse: [(c) => c.responses.delete(ID, X), 'DELETE', `/v1/forms/${ID}/responses/${X}`],
  getResponsePdf: [(c) => c.responses.pdf(ID, X), 'GET', `/v1/forms/${ID}/responses/${X}/pdf`],
  refundPayment: [(c) => c.responses.refund(ID, X), 'POST', `/v1/forms/${ID}/responses/${X}/refund`],
  getFormFigures: [(c) => c.forms.figures(ID, { bucket: 'week' }), 'GET', `/v1/forms/${ID}/figures`],
  listPartials: [(c) => c.forms.partials.list(ID), 'GET', `/v1/forms/${ID}/partials`],
  listSmartForms: [(c) => c.smartForms.list({ status: 'published' }), 'GET', '/v1/smart-forms'],
  getSmartForm: [(c) => c.smartForms.retrieve(ID), 'GET', `/v1/smart-forms/${ID}`],
  createSmartForm: [
    (c) => c.smartForms.create({ purpose: 'Learn why people churn' }),
    'POST',
    '/v1/smart-forms',
  ],
  updateSmartForm: [(c) => c.smartForms.update(ID, { maxQuestions: 7 }), 'PATCH', `/v1/smart-forms/${ID}`],
  deleteSmartForm: [(c) => c.smartForms.delete(ID), 'DELETE', `/v1/smart-forms/${ID}`],
  publishSmartForm: [(c) => c.smartForms.publish(ID), 'POST', `/v1/smart-forms/${ID}/publish`],
  unpublishSmartForm: [
    (c) => c.smartForms.unpublish(ID, { mode: 'hard' }),
    'POST',
    `/v1/smart-forms/${ID}/unpublish`,
  ],
  listSmartFormSessions: [(c) => c.smartForms.sessions.list(ID), 'GET', `/v1/smart-forms/${ID}/sessions`],
  getSmartFormSession: [
    (c) => c.smartForms.sessions.retrieve(ID, X),
    'GET',
    `/v1/smart-forms/${ID}/sessions/${X}`,
  ],
  chatWithSmartForm: [
    (c) => c.smartForms.chat(ID, { message: 'Why?' }),
    'POST',
    `/v1/smart-forms/${ID}/chat`,
  ],
  smartFormAnalytics: [(c) => c.smartForms.analytics(ID), 'POST', `/v1/smart-forms/${ID}/analytics`],
  smartFormAggregateAnalytics: [
    (c) => c.smartForms.aggregateAnalytics(ID, { sessionIds: [X] }),
    'POST',
    `/v1/smart-forms/${ID}/aggregate-analytics`,
  ],
  exportResponses: [
    (c) => c.responses.export(ID, { format: 'xlsx', startDate: '2026-01-01' }),
    'GET',
    `/v1/forms/${ID}/responses/export`,
  ],
  listAuditLog: [(c) => c.auditLog.list({ action: 'form.deleted' }), 'GET', '/v1/audit-log'],
  exportAuditLog: [(c) => c.auditLog.export({ format: 'csv' }), 'GET', '/v1/audit-log/export'],
  exportSmartForm: [
    (c) => c.smartForms.export(ID, { format: 'json' }),
    'GET',
    `/v1/smart-forms/${ID}/export`,
  ],
  generateForm: [(c) => c.ai.generateForm({ prompt: 'A survey' }), 'POST', '/v1/ai/generate-form'],
  translateForm: [(c) => c.ai.translateForm(ID, { language: 'de' }), 'POST', `/v1/forms/${ID}/translate`],
  getAiJob: [(c) => c.ai.retrieveJob(X), 'GET', `/v1/ai/jobs/${X}`],
  requestSmartAnalytics: [
    (c) => c.analytics.smartAnalytics(ID, { callbackUrl: 'https://example.com/cb' }),
    'POST',
    `/v1/forms/${ID}/smart-analytics`,
  ],
  getSmartAnalyticsReport: [
    (c) => c.analytics.retrieveReport(ID, X),
    'GET',
    `/v1/forms/${ID}/smart-analytics/${X}`,
  ],
  createAnalyticsSigningSecret: [
    (c) => c.analytics.createSigningSecret(),
    'POST',
    '/v1/analytics/signing-secret',
  ],
  getAnalyticsSigningSecret: [
    (c) => c.analytics.retrieveSigningSecret(),
    'GET',
    '/v1/analytics/signing-secret',
  ],
  analyticsChat: [
    (c) => c.analytics.chat(ID, { message: 'Trends?' }),
    'POST',
    `/v1/forms/${ID}/analytics-chat`,
  ],
  listThemePresets: [(c) => c.themes.presets(), 'GET', '/v1/themes/presets'],
  listThemes: [(c) => c.themes.list(), 'GET', '/v1/themes'],
  getTheme: [(c) => c.themes.get(ID), 'GET', `/v1/themes/${ID}`],
  createTheme: [(c) => c.themes.create({ ...CLASSIC, name: 'Brand' }), 'POST', '/v1/themes'],
  updateTheme: [(c) => c.themes.update(ID, { radius: 0 }), 'PATCH', `/v1/themes/${ID}`],
  deleteTheme: [(c) => c.themes.delete(ID), 'DELETE', `/v1/themes/${ID}`],
  listTemplates: [(c) => c.templates.list({ language: 'de' }), 'GET', '/v1/templates'],
  listWebhooks: [(c) => c.webhooks.list(), 'GET', '/v1/webhooks'],
  createWebhook: [
    (c) => c.webhooks.create({ url: 'https://example.com/h', events: ['FORM_CREATED'] }),
    'POST',
    '/v1/webhooks',
  ],
  updateWebhook: [(c) => c.webhooks.update(ID, { isActive: true }), 'PATCH', `/v1/webhooks/${ID}`],
  deleteWebhook: [(c) => c.webhooks.delete(ID), 'DELETE', `/v1/webhooks/${ID}`],
  listWebhookDeliveries: [(c) => c.webhooks.listDeliveries(ID), 'GET', `/v1/webhooks/${ID}/deliveries`],
  redeliverWebhookDelivery: [
    (c) => c.webhooks.redeliver(ID, X),
    'POST',
    `/v1/webhooks/${ID}/deliveries/${X}/redeliver`,
  ],
  testWebhook: [(c) => c.webhooks.test(ID), 'POST', `/v1/webhooks/${ID}/test`],
  subscribeHook: [
    (c) => c.webhooks.subscribeHook({ targetUrl: 'https://hooks.example.com/1', event: 'FORM_CREATED' }),
    'POST',
    '/v1/hooks',
  ],
  unsubscribeHook: [(c) => c.webhooks.unsubscribeHook(ID), 'DELETE', `/v1/hooks/${ID}`],
  getAccount: [(c) => c.me.retrieve(), 'GET', '/v1/me'],
  listCreditLedger: [(c) => c.me.credits({ page: 2 }), 'GET', '/v1/me/credits'],
};

const apiKeyRoutes = contractRoutes.filter((r) => r.metadata.auth === 'apiKey');

describe('contract coverage', () => {
  it('has an SDK method for every API-key route of the contract', () => {
    expect(Object.keys(CALLS).sort()).toEqual(apiKeyRoutes.map((r) => r.name).sort());
  });

  it.each(apiKeyRoutes.map((r) => [r.name, r] as const))(
    '%s sends the route method and path',
    async (name, r) => {
      const [call, method, path] = CALLS[name]!;
      expect(r.route.method).toBe(method);
      const { fetch, requests } = mockFetch(() =>
        ok({ forms: [], total: 0, page: 1, limit: 20, hasMore: false }),
      );
      await call(client(fetch));
      expect(requests).toHaveLength(1);
      expect(requests[0]!.method).toBe(method);
      expect(requests[0]!.url.pathname).toBe(path);
    },
  );
});
