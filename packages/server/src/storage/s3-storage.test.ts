import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { surveySchema, TINY_PNG } from '../../test/support/page-fixtures.js';
import { type S3StandIn, startS3StandIn } from '../../test/support/s3-stand-in.js';
import { createTestDatabase, describeDialects, type TestDatabase } from '../../test/support/test-database.js';
import { createApp } from '../app.js';
import { createDb, type DbHandle } from '../db/create-db.js';
import { createLogger } from '../logger.js';
import { listen, type RunningServer } from '../server.js';
import { createServices } from '../services.js';
import { createS3Storage } from './s3-storage.js';

const s3Options = (endpoint: string) => ({
  bucket: 'formloom',
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  prefix: 'uploads/',
  credentials: { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' },
});

/**
 * Uploads in an S3-compatible bucket, shared by every instance (docs/self-hosting.md "Uploads in
 * S3-compatible object storage").
 */
describeDialects('uploads on S3-compatible storage, two instances', (dialect) => {
  let s3: S3StandIn;
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  let key = '';

  beforeAll(async () => {
    s3 = await startS3StandIn();
    database = await createTestDatabase(dialect);
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ dataDir: database.dataDir, url: database.url });
      handles.push(handle);
      // Each instance has a data folder of its own: nothing on disk is shared.
      const dataDir = mkdtempSync(join(tmpdir(), `formloom-s3-instance-${i}-`));
      dataDirs.push(dataDir);
      const app = createApp({
        db: handle.db,
        logger: createLogger({ level: 'silent' }),
        config: { publicUrl: 'https://forms.example.test', dataDir },
        storage: createS3Storage(s3Options(s3.url)),
      });
      servers.push(await listen(app, { port: 0, host: '127.0.0.1' }));
    }
    const account = await createServices({ db: handles[0]!.db }).accounts.create({ name: 's3', plan: 'MAX' });
    ({ token: key } = await createServices({ db: handles[0]!.db }).keys.create({
      account: account.id,
      scopes: ['all'],
    }));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const h of handles) await h.close();
    await database.drop();
    await s3.close();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  const call = async (server: RunningServer, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
    return { status: res.status, body: (await res.json()) as any };
  };

  it('a file uploaded through one instance is downloaded through the other, and goes with its form', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const created = await call(a, '/v1/forms', {
      method: 'POST',
      body: JSON.stringify({ title: 'Pets', schema: surveySchema() }),
    });
    expect(created.status).toBe(201);
    const formId = created.body.data.id as string;
    const code = (await call(a, `/v1/forms/${formId}/publish`, { method: 'POST' })).body.data
      .shareUrl as string;

    const multipart = new FormData();
    multipart.append('fieldId', 'photo');
    multipart.append('file', new Blob([TINY_PNG]), 'cat.png');
    const uploaded = await fetch(`${a.url}/v1/public/forms/${code}/uploads`, {
      method: 'POST',
      body: multipart,
    });
    expect(uploaded.status).toBe(201);
    const { uploadId } = ((await uploaded.json()) as { data: { uploadId: string } }).data;
    const stored = [...s3.objects.get('formloom')!.keys()];
    expect(stored).toEqual([`uploads/forms/${formId}/${uploadId}`]);
    // Nothing on either instance's disk.
    for (const dir of dataDirs) expect(readdirSync(dir, { recursive: true })).toEqual([]);

    const submitted = await fetch(`${a.url}/v1/public/forms/${code}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        answers: {
          name: 'Ada',
          email: 'ada@example.org',
          hasPets: 'no',
          photo: { uploadId, name: 'cat.png', size: TINY_PNG.length, type: 'image/png' },
        },
      }),
    });
    expect(submitted.status).toBe(201);
    const { responseId } = ((await submitted.json()) as { data: { responseId: string } }).data;

    const file = await fetch(`${b.url}/v1/forms/${formId}/responses/${responseId}/files/${uploadId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(TINY_PNG);

    // Deleting the form through the other instance deletes its files from the bucket.
    expect((await call(b, `/v1/forms/${formId}`, { method: 'DELETE' })).status).toBe(200);
    await expect.poll(() => s3.objects.get('formloom')!.size).toBe(0);
    expect(s3.requests.some((r) => r.startsWith(`DELETE /formloom/uploads/forms/${formId}/`))).toBe(true);
  });

  it('the storage itself: a failed body stores nothing, a missing key reads as undefined, prefixes delete', async () => {
    const storage = createS3Storage(s3Options(s3.url));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('forms/x/broken', failing)).rejects.toThrow('client went away');
    expect(s3.objects.get('formloom')!.has('uploads/forms/x/broken')).toBe(false);
    expect(await storage.get('forms/x/none')).toBeUndefined();
    await storage.put('forms/y/one', Readable.from([Buffer.from('1')]));
    await storage.put('forms/y/two', Readable.from([Buffer.from('22')]));
    await storage.put('forms/z/keep', Readable.from([Buffer.from('3')]));
    const read = await storage.get('forms/y/two');
    const chunks: Buffer[] = [];
    for await (const chunk of read!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('22');
    await storage.deletePrefix('forms/y/');
    expect([...s3.objects.get('formloom')!.keys()]).toEqual(['uploads/forms/z/keep']);
    await storage.delete('forms/z/keep');
    expect(s3.objects.get('formloom')!.size).toBe(0);
    await expect(storage.get('../escape')).rejects.toThrow(/invalid storage key/);
  });
});
