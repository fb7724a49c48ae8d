import { FORM_DEFINITION_FORMAT, type FormSchema, THEME_PRESETS } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { bilingualSchema, publishForm, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer, useTestServer } from '../../../test/support/test-server.js';

const { id: _preset, ...OCEAN } = THEME_PRESETS.find((p) => p.id === 'ocean')!;

async function upload(t: TestServer, key: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'pic.png');
  const res = await fetch(`${t.url}/v1/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/**
 * A form with what a portable document must carry: translations, endings, a variable, pictures, a slug,
 * the notification settings.
 */
function richSchema(picture: string, themeId: string): FormSchema {
  const base = bilingualSchema();
  return {
    ...base,
    settings: {
      ...base.settings,
      slug: 'feedback',
      themeId,
      branding: false,
      endings: [{ id: 'thanks', title: 'Thanks!', message: 'We read every word.' }],
      notifications: { ownerEmails: ['owner@example.com'], attachPdf: true },
    },
    fields: [
      ...base.fields,
      {
        id: 'pet',
        sectionId: 'main',
        type: 'picture_choice',
        label: 'Pet',
        order: 2,
        options: [
          { value: 'cat', label: 'Cat', imageUrl: `upload:${picture}` },
          { value: 'dog', label: 'Dog', imageUrl: 'https://images.example/dog.png' },
        ],
      },
    ],
    variables: [{ id: 'words', type: 'number', expression: { '+': [1, 2] } }],
  };
}

describeEachDialect('form definitions: export and import', (t) => {
  // Another Formloom server, on a database of its own, that the documents move to.
  const other = useTestServer(t.dialect, { publicUrl: 'https://other.example.test' });
  let a = { accountId: '', key: '' };
  let b = { accountId: '', key: '' };
  let neighbour = { accountId: '', key: '' };
  beforeAll(async () => {
    a = await t.account();
    neighbour = await t.account();
    b = await other.account();
  });
  const definitionOf = (id: string, key = a.key) => t.request(`/v1/forms/${id}/definition`, { key });
  const importInto = (json: unknown, key = b.key) =>
    other.request('/v1/forms/import', { method: 'POST', key, json });
  const themeCount = async (key: string) =>
    ((await other.request('/v1/themes', { key })).body.data.themes as unknown[]).length;

  it('carries the schema and the theme itself to another server, naming nothing of the first account', async () => {
    const theme = await t.request('/v1/themes', {
      method: 'POST',
      key: a.key,
      json: {
        ...OCEAN,
        name: 'Ours',
        logo: await upload(t, a.key),
        css: '.fl-theme h1 { letter-spacing: 1px }',
      },
    });
    expect(theme.status, theme.text).toBe(201);
    const picture = await upload(t, a.key);
    const form = await publishForm(t, a.key, richSchema(picture, theme.body.data.id), 'Rich');

    const res = await definitionOf(form.id);
    expect(res.status, res.text).toBe(200);
    const definition = res.body.data;
    expect(definition).toMatchObject({ format: FORM_DEFINITION_FORMAT, formatVersion: 1, title: 'Rich' });
    const text = JSON.stringify(definition);
    for (const id of [a.accountId, form.id, form.code, theme.body.data.id, `upload:${picture}`]) {
      expect([id, text.includes(id)]).toEqual([id, false]);
    }
    expect(definition.schema.fields[2].options[0].imageUrl).toBe(
      `https://forms.example.test/v1/public/images/${picture}`,
    );
    expect(definition.theme).toEqual({
      name: 'Ours',
      colors: OCEAN.colors,
      font: OCEAN.font,
      radius: OCEAN.radius,
      mode: OCEAN.mode,
      css: '.fl-theme h1 { letter-spacing: 1px }',
    });

    const imported = await importInto({ source: 'formloom', definition });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.data.report).toEqual([]);
    const copy = imported.body.data.form;
    expect(copy).toMatchObject({ title: 'Rich', publishStatus: 'DRAFT' });
    const newThemeId = copy.schema.settings.themeId as string;
    expect(newThemeId).not.toBe(theme.body.data.id);
    const { themeId: _a, ...sourceSettings } = definition.schema.settings;
    const { themeId: _b, ...copySettings } = copy.schema.settings;
    expect(copySettings).toEqual(sourceSettings);
    expect(copy.schema.settings.notifications).toEqual({
      ownerEmails: ['owner@example.com'],
      attachPdf: true,
    });
    expect(copy.schema.fields).toEqual(definition.schema.fields);
    expect(copy.schema.translations).toEqual(definition.schema.translations);
    expect(copy.schema.variables).toEqual(definition.schema.variables);
    const copiedTheme = await other.request(`/v1/themes/${newThemeId}`, { key: b.key });
    expect(copiedTheme.body.data).toMatchObject({ name: 'Ours', colors: OCEAN.colors, logo: null });

    // And back out of the second account: the same document but for the time it was made.
    const again = await other.request(`/v1/forms/${copy.id}/definition`, { key: b.key });
    expect({ ...again.body.data, exportedAt: 'x' }).toEqual({ ...definition, exportedAt: 'x' });

    // The copy publishes and wears its theme on its page.
    const published = await other.request(`/v1/forms/${copy.id}/publish`, { method: 'POST', key: b.key });
    const read = await other.request(`/v1/public/forms/${published.body.data.shareUrl}`);
    expect(read.body.data.theme.vars['--formloom-accent']).toBe(OCEAN.colors.accent);
  });

  it('reports what cannot come along: a theme id, a picture not at https, a slug taken, a refused theme', async () => {
    await publishForm(other, b.key, { ...bilingualSchema(), settings: { slug: 'taken' } }, 'Holder');
    const before = await themeCount(b.key);
    const schema = richSchema('x', '00000000-0000-4000-8000-000000000000');
    schema.settings = { ...schema.settings, slug: 'taken' };
    schema.fields[2]!.options![0]!.imageUrl = 'upload:Qm9vazEyMzQ1Njc4OTAxMjM0';
    const definition = {
      format: FORM_DEFINITION_FORMAT,
      formatVersion: 1,
      title: 'Hand made',
      schema,
      theme: { ...OCEAN, name: 'Leaky', css: 'body { color: red }' },
      exportedAt: new Date().toISOString(),
    };
    const res = await importInto({ source: 'formloom', definition, title: 'Renamed' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.report.map((p: { path: string }) => p.path).sort()).toEqual([
      '$.schema.fields[2]',
      '$.schema.settings.slug',
      '$.schema.settings.themeId',
      '$.theme',
    ]);
    const form = res.body.data.form;
    expect(form.title).toBe('Renamed');
    expect(form.schema.settings.slug).toBeUndefined();
    expect(form.schema.settings.themeId).toBeUndefined();
    expect(form.schema.fields[2]).toMatchObject({
      type: 'radio',
      options: [{ value: 'cat' }, { value: 'dog' }],
    });
    expect(JSON.stringify(form.schema.fields[2])).not.toContain('imageUrl');
    expect(await themeCount(b.key)).toBe(before);
  });

  it('refuses what is not a document, takes back the theme of a refused schema, and keeps accounts apart', async () => {
    const before = await themeCount(b.key);
    const notOne = await importInto({ source: 'formloom', definition: { title: 'x' } });
    expect(notOne.status).toBe(400);
    expect(notOne.body.issues.map((i: { path: string }) => i.path)).toContain('body.definition.format');
    expect((await importInto({ source: 'typeform', definition: {} })).status).toBe(400);

    const broken = bilingualSchema();
    broken.fields.push({ ...broken.fields[0]!, order: 5 });
    const refused = await importInto({
      source: 'formloom',
      definition: {
        format: FORM_DEFINITION_FORMAT,
        formatVersion: 1,
        title: 'Broken',
        schema: broken,
        theme: OCEAN,
        exportedAt: new Date().toISOString(),
      },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(await themeCount(b.key)).toBe(before);

    const mine = await publishForm(t, a.key, bilingualSchema(), 'Mine');
    expect((await definitionOf(mine.id, neighbour.key)).status).toBe(404);
    expect((await definitionOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
