import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FormSchema } from '@formloom/contract';
import {
  AuthenticationError,
  BadRequestError,
  Formloom,
  NotFoundError,
  Page,
  PermissionDeniedError,
} from '@formloom/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

const server = useBuiltServer();
let client: Formloom;

const schema = (): FormSchema => ({
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Contact', language: 'en' },
  sections: [{ id: 'main', title: 'About you', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    { id: 'email', sectionId: 'main', type: 'email', label: 'Email', order: 1 },
  ],
});

beforeAll(async () => {
  client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
});

describe('end to end against the reference server', () => {
  it('me', async () => {
    const me = await client.me.retrieve();
    expect(me.plan).toBe('MAX');
    expect(me.apiKey?.keyId).toMatch(/^[0-9a-f]{12}$/);
    expect(me._requestId).toBeTruthy();
  });

  it('exposes the rate-limit and quota headers the server sends', async () => {
    const first = await client.me.retrieve();
    const second = await client.me.retrieve();
    // The default account is on Max: 3,000 requests an hour, 200,000 a month.
    expect(first._rateLimit).toMatchObject({ limit: 3000, monthlyLimit: 200_000 });
    expect(second._rateLimit.remaining).toBe(first._rateLimit.remaining! - 1);
    expect(second._rateLimit.monthlyUsed).toBe(first._rateLimit.monthlyUsed! + 1);
    const nowSeconds = Date.now() / 1000;
    expect(second._rateLimit.reset).toBeGreaterThan(nowSeconds);
    expect(second._rateLimit.reset).toBeLessThanOrEqual(nowSeconds + 3600);
    expect(second._rateLimit.monthlyReset).toBeGreaterThan(nowSeconds);
  });

  it('forms: create, retrieve, update, list, delete', async () => {
    const form = await client.forms.create({ title: 'Contact', schema: schema() });
    expect(form).toMatchObject({ title: 'Contact', publishStatus: 'DRAFT', shareUrl: null });
    expect(form.schema.fields.map((f) => f.id)).toEqual(['name', 'email']);

    const blank = await client.forms.create({ title: 'Blank', description: 'Nothing yet', language: 'de' });
    expect(blank.schema.fields).toEqual([]);
    expect(blank.meta.language).toBe('de');

    expect(await client.forms.retrieve(form.id)).toEqual(form);

    const updated = await client.forms.update(form.id, {
      title: 'Contact us',
      settings: { maxResponses: 100 },
    });
    expect(updated.title).toBe('Contact us');
    expect(updated.settings.maxResponses).toBe(100);

    const page = await client.forms.list({ limit: 1 });
    expect(page).toBeInstanceOf(Page);
    expect(page).toMatchObject({ total: 2, page: 1, limit: 1, hasMore: true });
    const titles: string[] = [];
    for await (const item of client.forms.list({ limit: 1 })) titles.push(item.title);
    expect(titles.sort()).toEqual(['Blank', 'Contact us']);
    expect((await client.forms.list({ search: 'blank' }).collect()).items.map((f) => f.id)).toEqual([
      blank.id,
    ]);

    await expect(client.forms.delete(blank.id)).resolves.toEqual({ id: blank.id, deleted: true });
    await expect(client.forms.retrieve(blank.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('fields: add, update, remove', async () => {
    const form = await client.forms.create({ title: 'Fields', schema: schema() });
    const added = await client.forms.fields.create(form.id, {
      id: 'topic',
      sectionId: 'main',
      type: 'select',
      label: 'Topic',
      order: 2,
      options: [
        { label: 'Sales', value: 'sales' },
        { label: 'Support', value: 'support' },
      ],
    });
    expect(added.schema.fields.map((f) => f.id)).toEqual(['name', 'email', 'topic']);
    const updated = await client.forms.fields.update(form.id, 'topic', { label: 'Subject', required: true });
    expect(updated.schema.fields.find((f) => f.id === 'topic')).toMatchObject({
      label: 'Subject',
      required: true,
    });
    const removed = await client.forms.fields.delete(form.id, 'topic');
    expect(removed.schema.fields.map((f) => f.id)).toEqual(['name', 'email']);
    await expect(client.forms.fields.delete(form.id, 'nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('publish, public submit (idempotent), responses, unpublish', async () => {
    const form = await client.forms.create({ title: 'Survey', schema: schema() });
    const published = await client.forms.publish(form.id);
    expect(published).toMatchObject({ id: form.id, publishStatus: 'PUBLISHED' });
    expect(published.publicUrl).toBe(`https://forms.example.test/f/${published.shareUrl}`);

    const publicForm = await client.public.retrieveForm(published.shareUrl);
    expect(publicForm).toBeTruthy();

    const first = await client.public.submitResponse(
      published.shareUrl,
      { answers: { name: 'Ada', email: 'ada@example.com' } },
      { idempotencyKey: 'submit-ada' },
    );
    const again = await client.public.submitResponse(
      published.shareUrl,
      { answers: { name: 'Ada', email: 'ada@example.com' } },
      { idempotencyKey: 'submit-ada' },
    );
    expect(again.responseId).toBe(first.responseId);
    for (const name of ['Bob', 'Cy']) {
      await client.public.submitResponse(published.shareUrl, { answers: { name } });
    }
    const invalid = await client.public
      .submitResponse(published.shareUrl, { answers: { email: 'not an email' } })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect((invalid as BadRequestError).issues?.length).toBeGreaterThan(0);

    await expect(client.responses.count(form.id)).resolves.toMatchObject({ count: 3 });
    const one = await client.responses.retrieve(form.id, first.responseId);
    expect(one).toMatchObject({ id: first.responseId, formId: form.id, answers: { name: 'Ada' } });

    const names: unknown[] = [];
    for await (const response of client.responses.list(form.id, { limit: 2 }))
      names.push(response.answers.name);
    expect(names.sort()).toEqual(['Ada', 'Bob', 'Cy']);
    const { items, truncated, pages } = await client.responses
      .list(form.id, { limit: 1 })
      .collect({ maxPages: 2 });
    expect({ n: items.length, truncated, pages }).toEqual({ n: 2, truncated: true, pages: 2 });
    const since = await client.responses.list(form.id, { since: one.submittedAt });
    expect(since.items.map((r) => r.answers.name).sort()).toEqual(['Bob', 'Cy']);

    const unpublished = await client.forms.unpublish(form.id);
    expect(unpublished.publishStatus).toBe('DRAFT');
    await expect(client.public.retrieveForm(published.shareUrl)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('maps the server errors to typed errors', async () => {
    const bad = new Formloom({
      apiKey: `formloom_${'0'.repeat(12)}.${'0'.repeat(64)}`,
      baseUrl: server.baseUrl,
    });
    const unauthorized = await bad.me.retrieve().catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(AuthenticationError);
    expect(unauthorized).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((unauthorized as AuthenticationError).requestId).toBeTruthy();

    const readOnly = new Formloom({
      apiKey: await server.key('MAX', ['FORMS_READ']),
      baseUrl: server.baseUrl,
    });
    await expect(readOnly.forms.create({ title: 'No' })).rejects.toBeInstanceOf(PermissionDeniedError);

    const invalid = await client.forms.create({ title: '' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect((invalid as BadRequestError).issues?.[0]?.path).toMatch(/title/);
  });
});

describe('examples/quickstart', () => {
  it('runs against the server', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'examples/quickstart/src/index.ts'],
      {
        cwd: root,
        env: { ...process.env, FORMLOOM_API_KEY: await server.key(), FORMLOOM_BASE_URL: server.baseUrl },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/Created form [0-9a-f-]{36} \(DRAFT\)/);
    expect(stdout).toMatch(/Published at https:\/\/forms\.example\.test\/f\//);
    expect(stdout).toMatch(/1 response\(s\); the first answered \{"email":"ada@example.com"/);
    expect(stdout).toMatch(/As expected: 404 NOT_FOUND/);
  });
});
