import { formTemplates } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';

describeEachDialect('form templates', (t) => {
  let key = '';
  beforeAll(async () => {
    ({ key } = await t.account());
  });

  describe('GET /v1/templates', () => {
    it('lists every template with its schema in six languages, cacheable by the browser only', async () => {
      const res = await t.request('/v1/templates', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      const { templates } = res.body.data;
      expect(templates.length).toBeGreaterThanOrEqual(24);
      expect(templates.map((tpl: { id: string }) => tpl.id)).toEqual(formTemplates().map((tpl) => tpl.id));
      const nps = templates.find((tpl: { id: string }) => tpl.id === 'nps-survey');
      expect(nps).toMatchObject({
        name: 'NPS survey',
        category: 'feedback',
        languages: ['en', 'tr', 'es', 'it', 'de', 'nl'],
      });
      expect(Object.keys(nps.schema.translations).sort()).toEqual(['de', 'es', 'it', 'nl', 'tr']);
    });

    it('names the templates in the language asked for', async () => {
      const res = await t.request('/v1/templates?language=tr', { key });
      expect(res.status).toBe(200);
      const nps = res.body.data.templates.find((tpl: { id: string }) => tpl.id === 'nps-survey');
      expect(nps.name).toBe('NPS anketi');
      expect((await t.request('/v1/templates?language=fr', { key })).status).toBe(400);
    });

    it('needs a credential', async () => {
      expect((await t.request('/v1/templates')).status).toBe(401);
    });
  });

  describe('POST /v1/forms {templateId}', () => {
    it('creates a DRAFT of the template that publishes and takes a valid response in any of its languages', async () => {
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { templateId: 'contact-form' },
      });
      expect(created.status).toBe(201);
      const template = formTemplates().find((tpl) => tpl.id === 'contact-form');
      expect(created.body.data).toMatchObject({
        title: 'Contact us',
        publishStatus: 'DRAFT',
        schema: template?.schema,
      });
      const id = created.body.data.id as string;
      const published = await t.request(`/v1/forms/${id}/publish`, { method: 'POST', key });
      expect(published.status).toBe(200);
      const code = published.body.data.shareUrl as string;

      const read = await t.request(`/v1/public/forms/${code}?lang=de`);
      expect(read.body.data.schema.meta.title).toBe('Kontakt');
      const answers = {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        topic: 'question',
        message: 'When do you open on Saturdays?',
        consent: true,
      };
      const submitted = await t.request(`/v1/public/forms/${code}/responses`, {
        method: 'POST',
        json: { answers, language: 'de' },
      });
      expect(submitted.status).toBe(201);
      expect(submitted.body.data.completion?.message ?? submitted.body.data.ending?.message).toBe(
        'Danke Ada Lovelace, wir melden uns bald bei dir.',
      );
      const response = await t.request(`/v1/forms/${id}/responses/${submitted.body.data.responseId}`, {
        key,
      });
      expect(response.body.data).toMatchObject({ answers, language: 'de' });

      const short = await t.request(`/v1/public/forms/${code}/responses`, {
        method: 'POST',
        json: { answers: { ...answers, message: 'Hi' }, language: 'es' },
      });
      expect(short.status).toBe(400);
      expect(JSON.stringify(short.body)).toContain('Escribe al menos una frase.');
    });

    it('takes a title of its own', async () => {
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { templateId: 'nps-survey', title: 'Spring NPS' },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.title).toBe('Spring NPS');
      expect(created.body.data.schema.fields[0]).toMatchObject({ id: 'score', type: 'nps' });
    });

    it('every template is created and published as it is', async () => {
      for (const template of formTemplates()) {
        const created = await t.request('/v1/forms', {
          method: 'POST',
          key,
          json: { templateId: template.id },
        });
        expect(created.status, `${template.id}: ${created.text}`).toBe(201);
        const published = await t.request(`/v1/forms/${created.body.data.id}/publish`, {
          method: 'POST',
          key,
        });
        expect(published.status, `${template.id}: ${published.text}`).toBe(200);
      }
    });

    it('an unknown template is a 400 that names it, and nothing is stored', async () => {
      const before = await t.request('/v1/forms', { key });
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { templateId: 'no-such-template' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('BAD_REQUEST');
      expect(res.body.message).toContain('no-such-template');
      expect(res.body.issues[0]).toMatchObject({ path: 'body.templateId', code: 'unknown_template' });
      const after = await t.request('/v1/forms', { key });
      expect(after.body.data.total).toBe(before.body.data.total);
    });
  });
});
