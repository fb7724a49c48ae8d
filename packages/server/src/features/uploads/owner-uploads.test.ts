import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FormSchema } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { ConflictError } from '../../domain-errors.js';
import { createServices } from '../../services.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createOwnerUploadsService } from './owner-uploads-service.js';

const PUBLIC_URL = 'https://forms.example.test';
const MB5 = 5 * 1024 * 1024;
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function uploadImage(t: TestServer, key: string, file?: Blob, name = 'photo.png') {
  const body = new FormData();
  if (file !== undefined) body.append('file', file, name);
  else body.append('note', 'no file');
  const res = await fetch(`${t.url}/v1/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
  return { status: res.status, body: (await res.json()) as any };
}

function pictureSchema(...imageUrls: string[]): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Pictures', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0 },
      {
        id: 'look',
        sectionId: 's',
        type: 'picture_choice',
        label: 'Which look?',
        order: 1,
        options: imageUrls.map((imageUrl, i) => ({ label: `Look ${i}`, value: `look${i}`, imageUrl })),
      },
    ],
  } as FormSchema;
}

describeEachDialect('owner uploads', (t) => {
  let a = { accountId: '', key: '' };
  let b = { accountId: '', key: '' };
  const stored = (accountId: string, id: string) =>
    existsSync(join(t.dataDir, 'uploads', 'owner', accountId, id));
  const createForm = (key: string, schema: FormSchema) =>
    t.request('/v1/forms', { method: 'POST', key, json: { title: 'Pictures', schema } });

  beforeAll(async () => {
    a = await t.account();
    b = await t.account();
  });

  it('stores a PNG and answers its id, type, size and time', async () => {
    const res = await uploadImage(t, a.key, new Blob([TINY_PNG], { type: 'application/octet-stream' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      contentType: 'image/png',
      size: TINY_PNG.length,
      createdAt: expect.any(String),
    });
    expect(stored(a.accountId, res.body.data.id)).toBe(true);
  });

  it('needs FORMS_WRITE: a read-only key is refused with 403', async () => {
    const reader = await t.account('MAX', ['FORMS_READ']);
    const res = await uploadImage(t, reader.key, new Blob([TINY_PNG]));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });

  it('refuses an SVG and a text file, whatever type the client claims, and keeps nothing', async () => {
    const svg = await uploadImage(t, a.key, new Blob([SVG], { type: 'image/png' }), 'x.png');
    expect(svg.status).toBe(415);
    expect(svg.body.message).toMatch(/image\/svg\+xml: upload a PNG, JPEG, GIF or WebP image/);
    const text = await uploadImage(t, a.key, new Blob(['hello'], { type: 'image/jpeg' }), 'x.jpg');
    expect(text.status).toBe(415);
    const rows = await t.db.selectFrom('owner_uploads').select('content_type').execute();
    expect(rows.map((r) => r.content_type)).not.toContain('text/plain');
    expect(rows.map((r) => r.content_type)).not.toContain('image/svg+xml');
  });

  it('takes an image of exactly 5 MB and refuses one byte more with 413', async () => {
    const padded = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);
    const ok = await uploadImage(t, b.key, new Blob([padded(MB5)]));
    expect(ok.status).toBe(201);
    expect(ok.body.data.size).toBe(MB5);
    const before = await t.db
      .selectFrom('owner_uploads')
      .select('id')
      .where('account_id', '=', b.accountId)
      .execute();
    const big = await uploadImage(t, b.key, new Blob([padded(MB5 + 1)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The image is larger than the limit of 5 MB');
    const after = await t.db
      .selectFrom('owner_uploads')
      .select('id')
      .where('account_id', '=', b.accountId)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('answers a body without a file with 400', async () => {
    const res = await uploadImage(t, a.key);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No "file" part/);
  });

  it("a form names its own account's uploads only: another's id is refused like an unknown one", async () => {
    const mine = (await uploadImage(t, a.key, new Blob([TINY_PNG]))).body.data.id as string;
    const theirs = (await uploadImage(t, b.key, new Blob([GIF]))).body.data.id as string;
    expect(
      (await createForm(a.key, pictureSchema(`upload:${mine}`, 'https://example.com/b.png'))).status,
    ).toBe(201);

    const stolen = await createForm(a.key, pictureSchema(`upload:${mine}`, `upload:${theirs}`));
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('BAD_REQUEST');
    expect(stolen.body.issues).toEqual([
      {
        path: '$.fields[1].options[1].imageUrl',
        code: 'unknown_upload',
        message: `There is no uploaded image "${theirs}" in this account: upload it with POST /v1/uploads.`,
      },
    ]);
    const unknown = await createForm(
      a.key,
      pictureSchema(`upload:${mine}`, 'upload:NoSuchUploadAtAll000000'),
    );
    expect(unknown.body.issues[0].message.replace('NoSuchUploadAtAll000000', 'ID')).toBe(
      stolen.body.issues[0].message.replace(theirs, 'ID'),
    );

    // An edit is checked as a create is.
    const form = await createForm(b.key, pictureSchema(`upload:${theirs}`, 'https://example.com/b.png'));
    const patched = await t.request(`/v1/forms/${form.body.data.id}`, {
      method: 'PATCH',
      key: b.key,
      json: { schema: pictureSchema(`upload:${theirs}`, `upload:${mine}`) },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.issues.map((i: { path: string }) => i.path)).toEqual([
      '$.fields[1].options[1].imageUrl',
    ]);
  });

  it('the public form names the image by its public address, which serves the bytes', async () => {
    const id = (await uploadImage(t, a.key, new Blob([GIF]))).body.data.id as string;
    const form = await createForm(a.key, pictureSchema(`upload:${id}`, 'https://example.com/b.png'));
    await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key: a.key });
    const code = (await t.request(`/v1/forms/${form.body.data.id}`, { key: a.key })).body.data.shareUrl
      .split('/')
      .pop();
    const shown = await t.request(`/v1/public/forms/${code}`);
    const urls = shown.body.data.schema.fields[1].options.map((o: { imageUrl: string }) => o.imageUrl);
    expect(urls).toEqual([`${PUBLIC_URL}/v1/public/images/${id}`, 'https://example.com/b.png']);
    // The owner's API keeps the reference.
    const owned = await t.request(`/v1/forms/${form.body.data.id}`, { key: a.key });
    expect(owned.body.data.schema.fields[1].options[0].imageUrl).toBe(`upload:${id}`);
    // So does the page without script.
    const page = await fetch(`${t.url}/f/${code}`);
    expect(await page.text()).toContain(`${PUBLIC_URL}/v1/public/images/${id}`);

    const image = await fetch(`${t.url}/v1/public/images/${id}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(GIF);
    expect(
      Object.fromEntries(
        ['content-type', 'x-content-type-options', 'cross-origin-resource-policy'].map((h) => [
          h,
          image.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/gif',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(image.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${t.url}/v1/public/images/NoSuchUploadAtAll000000`)).status).toBe(404);
    expect((await fetch(`${t.url}/v1/public/images/..%2F..%2Fetc`)).status).toBe(404);
  });

  it('the sweep deletes, a day later, what no form names; named ones stay (a deleted form keeps its own)', async () => {
    const c = await t.account();
    const up = async () => (await uploadImage(t, c.key, new Blob([TINY_PNG]))).body.data.id as string;
    const [named, unnamed, ofDeleted, dropped] = [await up(), await up(), await up(), await up()];
    await createForm(c.key, pictureSchema(`upload:${named}`, 'https://example.com/b.png'));
    const gone = await createForm(c.key, pictureSchema(`upload:${ofDeleted}`, 'https://example.com/b.png'));
    await t.request(`/v1/forms/${gone.body.data.id}`, { method: 'DELETE', key: c.key });
    // Named once, then no longer: the edit frees it.
    const edited = await createForm(c.key, pictureSchema(`upload:${dropped}`, 'https://example.com/b.png'));
    await t.request(`/v1/forms/${edited.body.data.id}`, {
      method: 'PATCH',
      key: c.key,
      json: { schema: pictureSchema('https://example.com/a.png', 'https://example.com/b.png') },
    });

    const services = createServices({
      db: t.db,
      clock: t.clock.now,
      config: { publicUrl: PUBLIC_URL, dataDir: t.dataDir },
    });
    const exists = async (id: string) => (await fetch(`${t.url}/v1/public/images/${id}`)).status === 200;
    await services.ownerUploads.sweep();
    expect(await Promise.all([named, unnamed, ofDeleted, dropped].map(exists))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    t.clock.advance(24 * 3_600_000 + 1000);
    try {
      await services.ownerUploads.sweep();
      expect(await Promise.all([named, unnamed, ofDeleted, dropped].map(exists))).toEqual([
        true,
        false,
        true,
        false,
      ]);
      expect(stored(c.accountId, unnamed)).toBe(false);
      expect(stored(c.accountId, named)).toBe(true);
      // Found named, a kept upload is looked at again a day later, not at every round.
      const rows = await t.db
        .selectFrom('owner_uploads')
        .select('checked_at')
        .where('id', '=', named)
        .execute();
      expect(Date.parse(rows[0]!.checked_at)).toBeGreaterThan(Date.now());
    } finally {
      t.clock.reset();
    }
  });

  describe('per account', () => {
    it('keeps at most the cap: one more is a 409 that says why', async () => {
      const d = await t.account();
      const uploads = createOwnerUploadsService({
        db: t.db,
        clock: () => new Date(),
        storage: createLocalStorage(join(t.dataDir, 'uploads')),
        maxPerAccount: 2,
      });
      const { Readable } = await import('node:stream');
      const png = () => Readable.from([TINY_PNG]);
      await uploads.save(d.accountId, png(), { mimeType: 'image/png' });
      await uploads.save(d.accountId, png(), { mimeType: 'image/png' });
      const third = uploads.save(d.accountId, png(), { mimeType: 'image/png' });
      await expect(third).rejects.toBeInstanceOf(ConflictError);
      await expect(third).rejects.toThrow(/keeps 2 uploaded images already/);
    });
  });
});
