import type { FormSchema } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** The contact form with German and Dutch texts (German partly: the rest falls back to English). */
function bilingualSchema(): FormSchema {
  const schema = contactSchema();
  schema.sections[0]!.description = 'So that we can answer you';
  schema.fields[0]!.validation = {
    rules: [{ type: 'maxLength', value: 5, message: 'At most 5, {{email}}' }],
  };
  return {
    ...schema,
    meta: { ...schema.meta, description: 'Hello {{name}}' },
    settings: { ...schema.settings, completion: { message: 'Thanks {{name}}' } },
    translations: {
      de: {
        'meta.title': 'Kontakt',
        'meta.description': 'Hallo {{name}}',
        'sections.main.title': 'Über dich',
        'sections.main.description': 'Damit wir dir antworten können',
        'fields.name.label': 'Name (de)',
        'fields.name.rules.0.message': 'Höchstens 5',
        'fields.contact.options.phone': 'Telefon',
        'completion.message': 'Danke {{name}}',
      },
      nl: { 'meta.title': 'Contact (nl)' },
    },
  };
}

describeEachDialect('the respondent language', (t: TestServer) => {
  let key = '';
  let form = { id: '', code: '' };

  beforeAll(async () => {
    // MAX: the plan with webhooks, whose event payload is checked below.
    ({ key } = await t.account('MAX'));
    const created = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Contact', schema: bilingualSchema() },
    });
    expect(created.status).toBe(201);
    const code = (await t.request(`/v1/forms/${created.body.data.id}/publish`, { method: 'POST', key })).body
      .data.shareUrl as string;
    form = { id: created.body.data.id, code };
  });

  const read = (query = '', headers: Record<string, string> = {}) =>
    t.request(`/v1/public/forms/${form.code}${query}`, { headers });
  const languageOf = async (query = '', headers: Record<string, string> = {}) =>
    (await read(query, headers)).body.data.schema.meta.language;

  describe('GET /v1/public/forms/:code', () => {
    it('answers in ?lang=, with the missing texts in the base language and no translations', async () => {
      const res = await read('?lang=de');
      expect(res.status).toBe(200);
      const { schema, title } = res.body.data;
      expect(title).toBe('Kontakt');
      expect(schema.meta).toMatchObject({ language: 'de', title: 'Kontakt', description: 'Hallo {{name}}' });
      expect(schema.sections[0]).toMatchObject({
        title: 'Über dich',
        description: 'Damit wir dir antworten können',
      });
      expect(schema.fields[0].label).toBe('Name (de)');
      expect(schema.fields[0].validation.rules[0].message).toBe('Höchstens 5');
      expect(schema.fields[1].label).toBe('Email');
      expect(schema.fields[2].options).toEqual([
        { label: 'Email', value: 'email' },
        { label: 'Telefon', value: 'phone' },
      ]);
      expect(schema.settings.completion.message).toBe('Danke {{name}}');
      expect(schema.translations).toBeUndefined();
      expect(res.headers.get('vary')).toMatch(/accept-language/i);
    });

    it('else the best Accept-Language the form has, else the base language', async () => {
      expect(await languageOf('', { 'accept-language': 'de-CH, en;q=0.5' })).toBe('de');
      expect(await languageOf('', { 'accept-language': 'fr, nl;q=0.3, de;q=0.2' })).toBe('nl');
      expect(await languageOf('?lang=fr', { 'accept-language': 'nl' })).toBe('nl');
      expect(await languageOf('?lang=nl', { 'accept-language': 'de' })).toBe('nl');
      expect(await languageOf('', { 'accept-language': 'es' })).toBe('en');
      const base = (await read()).body.data;
      expect(base.title).toBe('Contact');
      expect(base.schema.meta.language).toBe('en');
      expect(base.schema.fields[0].label).toBe('Name');
      expect(base.schema.translations).toBeUndefined();
    });
  });

  describe('submissions', () => {
    const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: body, headers });
    const stored = async (responseId: string) =>
      (await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key })).body.data;

    it('record the language: the body, else Accept-Language, else the base language', async () => {
      const cases: [Record<string, unknown>, Record<string, string>, string][] = [
        [{ language: 'de' }, { 'accept-language': 'nl' }, 'de'],
        [{}, { 'accept-language': 'nl-BE' }, 'nl'],
        [{}, {}, 'en'],
        // A language the form has no texts in: the respondent saw the base texts.
        [{ language: 'tr' }, {}, 'en'],
      ];
      for (const [body, headers, expected] of cases) {
        const res = await submit({ answers: { name: 'Ada' }, ...body }, headers);
        expect(res.status).toBe(201);
        expect((await stored(res.body.data.responseId)).language).toBe(expected);
      }
      const list = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
      expect(list.map((r: { language: string }) => r.language).sort()).toEqual(['de', 'en', 'en', 'nl']);
    });

    it("refuse in the respondent's language: built-in and translated custom messages", async () => {
      const res = await submit({ answers: { name: 'Ada Lovelace', email: 'nope' }, language: 'de' });
      expect(res.status).toBe(400);
      const byField = Object.fromEntries(
        res.body.issues.map((i: { fieldId: string; message: string }) => [i.fieldId, i.message]),
      );
      expect(byField).toEqual({
        name: 'Höchstens 5',
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      });
      const english = await submit({ answers: { name: 'Ada Lovelace' } });
      expect(english.body.issues[0].message).toBe('At most 5, {{email}}');
    });

    it('send the webhook event with the labels of the base language', async () => {
      const hook = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: 'https://93.184.216.34/language', events: ['FORM_RESPONSE_CREATED'] },
      });
      expect(hook.status).toBe(201);
      const res = await submit({ answers: { name: 'Ada', contact: 'email' }, language: 'de' });
      const rows = await t.db.selectFrom('webhook_events').select('payload').execute();
      const event = rows
        .map((r) => JSON.parse(r.payload))
        .find((p) => p.data?.responseId === res.body.data.responseId);
      expect(event.data.answers.name).toEqual({ question: 'Name', answer: 'Ada' });
    });

    it('answer null for a response stored before languages were recorded', async () => {
      const res = await submit({ answers: { name: 'Ada' }, language: 'de' });
      const { responseId } = res.body.data;
      await t.db.updateTable('responses').set({ language: null }).where('id', '=', responseId).execute();
      expect((await stored(responseId)).language).toBeNull();
    });
  });
});
