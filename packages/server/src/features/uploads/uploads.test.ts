import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishForm, surveySchema, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(
  t: TestServer,
  code: string,
  parts: { fieldId?: string; file?: Blob; name?: string; fileFirst?: boolean },
) {
  const body = new FormData();
  const file = () => parts.file !== undefined && body.append('file', parts.file, parts.name ?? 'photo.png');
  if (parts.fileFirst) file();
  if (parts.fieldId !== undefined) body.append('fieldId', parts.fieldId);
  if (!parts.fileFirst) file();
  const res = await fetch(`${t.url}/v1/public/forms/${code}/uploads`, { method: 'POST', body });
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
  return { status: res.status, body: (await res.json()) as any };
}

/** Every file under the uploads folder (partial ones included). */
function storedFiles(t: TestServer): string[] {
  const root = join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

interface StreamOptions {
  chunks: number;
  chunkBytes: number;
  /**
   * Stop writing once this many bytes of the file are sent, and wait for the answer with the body
   * still open. Without it the client writes every chunk, whatever the server says meanwhile.
   */
  holdAfterBytes?: number;
}

/** What a streamed upload saw: the answer, or the connection cut by the server before it was read. */
type StreamedUpload = { total: number; requestId: string } & (
  | { answered: true; status: number; body: string; sentWhenAnswered: number }
  | { answered: false; error: string }
);

/**
 * A multipart upload sent chunk by chunk with no Content-Length, a 5 ms pause between chunks;
 * reports the answer and how many bytes of the file had been written when it came.
 *
 * A server refusing such a body answers, then reads and drops the rest for a short, capped time
 * before it closes (it cannot skip a body of unknown length). A server that closed at once would
 * race its answer against a reset (EPIPE, or ECONNRESET, on the client's next write): that outcome
 * is reported (`answered: false`), not thrown; any other error fails.
 * A client that holds (`holdAfterBytes`) writes nothing after the server's answer, so it always
 * reads that answer.
 */
function streamUpload(
  t: TestServer,
  code: string,
  fieldId: string,
  { chunks, chunkBytes, holdAfterBytes = Number.POSITIVE_INFINITY }: StreamOptions,
): Promise<StreamedUpload> {
  const boundary = 'formloomtestboundary';
  const requestId = `stream-upload-${randomUUID()}`;
  const total = chunks * chunkBytes;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fieldId"\r\n\r\n${fieldId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return new Promise<StreamedUpload>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${t.url}/v1/public/forms/${code}/uploads`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        'x-request-id': requestId,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () =>
        resolve({ answered: true, status: res.statusCode!, body, sentWhenAnswered, total, requestId }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        resolve({ answered: false, error: `${error.syscall ?? 'socket'} ${error.code}`, total, requestId });
      } else {
        reject(error);
      }
    });
    req.write(head);
    const chunk = Buffer.concat([PDF, Buffer.alloc(chunkBytes - PDF.length, 0x20)]);
    const next = () => {
      if (answered) {
        req.destroy();
        return;
      }
      if (sent >= holdAfterBytes) return; // the answer comes, or the test times out
      if (sent >= total) {
        req.end(`\r\n--${boundary}--\r\n`);
        return;
      }
      req.write(chunk, (error) => {
        if (error) return; // reported by the 'error' event
        sent += chunk.length;
        setTimeout(next, 5);
      });
    };
    next();
  });
}

/** The server's log line of the request `requestId`. */
function requestLogOf(t: TestServer, requestId: string) {
  // biome-ignore lint/suspicious/noExplicitAny: log lines are read loosely
  return t.logs.map((l) => JSON.parse(l) as any).find((l) => l.msg === 'request' && l.reqId === requestId);
}

describeEachDialect('uploads', (t) => {
  let key = '';
  let form = { id: '', code: '' };
  const base = { name: 'Ada', email: 'ada@example.org', hasPets: 'no' };
  const submit = (answers: unknown, code = form.code) =>
    t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers } });

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishForm(t, key, surveySchema());
  });

  it('stores a file, uses the stored metadata over the claimed one, and serves it to the owner', async () => {
    const res = await upload(t, form.code, {
      fieldId: 'photo',
      file: new Blob([TINY_PNG]),
      name: 'C:\\pics\\cat 🐈.png',
    });
    expect(res.status).toBe(201);
    const stored = res.body.data;
    expect(stored).toEqual({
      uploadId: expect.stringMatching(/^[\w-]{24}$/),
      name: 'cat 🐈.png',
      size: TINY_PNG.length,
      type: 'image/png',
      expiresAt: expect.any(String),
    });
    const claimed = { uploadId: stored.uploadId, name: 'other.pdf', size: 1, type: 'application/pdf' };
    const sent = await submit({ ...base, photo: claimed });
    expect(sent.status).toBe(201);
    const { responseId } = sent.body.data;
    const response = await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key });
    expect(response.body.data.answers.photo).toEqual({
      uploadId: stored.uploadId,
      name: 'cat 🐈.png',
      size: TINY_PNG.length,
      type: 'image/png',
    });

    const path = `/v1/forms/${form.id}/responses/${responseId}/files/${stored.uploadId}`;
    const file = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="cat __.png"; filename*=UTF-8''${encodeURIComponent('cat 🐈.png')}`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(TINY_PNG);

    // The key, its scope and its account all count, as for the response itself.
    expect((await t.request(path)).status).toBe(401);
    const { key: noRead } = await t.account('MAX', ['FORMS_READ']);
    expect((await t.request(path, { key: noRead })).status).toBe(403);
    const { key: stranger } = await t.account();
    expect((await t.request(path, { key: stranger })).status).toBe(404);
    expect((await t.request(`${path.slice(0, -5)}xxxxx`, { key })).status).toBe(404);
    expect((await t.request(`/v1/forms/${form.id}/responses/not-a-uuid/files/x`, { key })).status).toBe(400);

    // Claimed once: another response cannot carry the same upload.
    const again = await submit({ ...base, photo: claimed });
    expect(again.status).toBe(400);
    expect(again.body.issues).toEqual([
      expect.objectContaining({
        fieldId: 'photo',
        code: 'type',
        message: 'This is not a valid uploaded file.',
      }),
    ]);
  });

  it('judges the type by the content, not the name or the header', async () => {
    const text = await upload(t, form.code, {
      fieldId: 'photo',
      file: new Blob(['just text, honest'], { type: 'image/png' }),
      name: 'evil.png',
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({
      message: expect.stringContaining('text/plain'),
      data: null,
      error: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const pdf = await upload(t, form.code, {
      fieldId: 'photo',
      file: new Blob([PDF], { type: 'image/png' }),
      name: 'doc',
    });
    expect(pdf.status).toBe(201);
    expect(pdf.body.data.type).toBe('application/pdf');
  });

  it('stops reading at the size limit while streaming, and keeps nothing', async () => {
    const before = storedFiles(t).length;
    const tooLarge = {
      message: "The file is larger than this field's limit of 1 MB",
      data: null,
      error: 'PAYLOAD_TOO_LARGE',
    };
    // Up to 3 MB in 64 KB chunks, chunked (no Content-Length to refuse up front); the field takes
    // 1 MB. The client stops once it has sent just past the limit (17 chunks) and waits with the
    // body open: the answer can only come from a server that refused without the rest.
    const chunks = { chunks: 48, chunkBytes: 64 * 1024 };
    const held = await streamUpload(t, form.code, 'photo', { ...chunks, holdAfterBytes: 1024 * 1024 + 1 });
    if (!held.answered) throw new Error(`no answer to the held upload: ${held.error}`);
    expect(held.status).toBe(413);
    expect(JSON.parse(held.body)).toEqual(tooLarge);
    expect(held.sentWhenAnswered).toBeLessThan(held.total);
    expect(held.sentWhenAnswered).toBeLessThanOrEqual(1024 * 1024 + 4 * 64 * 1024);
    expect(storedFiles(t)).toHaveLength(before);

    // A client that keeps writing after the limit gets the same 413: the server reads and drops
    // the rest for a short while before it closes (RFC 9112 9.6), so the answer is not lost to a reset.
    const writing = await streamUpload(t, form.code, 'photo', chunks);
    await expect
      .poll(() => requestLogOf(t, writing.requestId))
      .toMatchObject({ status: 413, aborted: false });
    if (!writing.answered) throw new Error(`the 413 was lost: ${writing.error}`);
    expect(writing.status).toBe(413);
    expect(JSON.parse(writing.body)).toEqual(tooLarge);
    expect(storedFiles(t)).toHaveLength(before);

    // A Content-Length that already says too much is refused before the file is read (the same
    // answer, always read in full: that body is skipped, not cut off).
    const big = await upload(t, form.code, {
      fieldId: 'photo',
      file: new Blob([PDF, Buffer.alloc(2 * 1024 * 1024)]),
    });
    expect(big).toEqual({ status: 413, body: tooLarge });
    expect(storedFiles(t)).toHaveLength(before);
    // The connection is still good for the next request.
    expect((await upload(t, form.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) })).status).toBe(201);
  });

  it('a client that goes away mid-upload leaves no file behind', async () => {
    const before = storedFiles(t).length;
    const boundary = 'gone';
    const req = request(`${t.url}/v1/public/forms/${form.code}/uploads`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('error', () => {});
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="fieldId"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`,
    );
    req.write(Buffer.concat([PDF, Buffer.alloc(100 * 1024, 0x20)]));
    // The partial file exists while the body streams in...
    await expect.poll(() => storedFiles(t).length).toBe(before + 1);
    req.destroy();
    // ...and is gone once the server notices the client left.
    await expect.poll(() => storedFiles(t).length).toBe(before);
  });

  it('answers malformed uploads with a clear 4xx', async () => {
    const png = new Blob([TINY_PNG]);
    const fileFirst = await upload(t, form.code, { fieldId: 'photo', file: png, fileFirst: true });
    expect(fileFirst).toMatchObject({
      status: 400,
      body: { message: 'Send the "fieldId" part before the "file" part' },
    });
    const notFile = await upload(t, form.code, { fieldId: 'name', file: png });
    expect(notFile).toMatchObject({
      status: 400,
      body: { message: '"name" is not a file or signature field of this form' },
    });
    expect((await upload(t, form.code, { fieldId: 'photo' })).status).toBe(400);
    const json = await t.request(`/v1/public/forms/${form.code}/uploads`, {
      method: 'POST',
      json: { fieldId: 'photo' },
    });
    expect(json.status).toBe(415);
    expect((await upload(t, 'AAAAAAAAAAAAAAAA', { fieldId: 'photo', file: png })).status).toBe(404);
  });

  it('an upload is good for its own field, until it expires; expired ones are swept', async () => {
    const schema = surveySchema();
    schema.fields.push({ ...schema.fields.find((f) => f.id === 'photo')!, id: 'photo2', order: 9 });
    const two = await publishForm(t, key, schema);
    const up = (await upload(t, two.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) })).body.data;
    const wrongField = await submit({ ...base, photo2: up }, two.code);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.issues[0]).toMatchObject({ fieldId: 'photo2', code: 'type' });
    // Another form's upload is no file here either.
    expect((await submit({ ...base, photo: up })).status).toBe(400);
    // A hidden or absent file field needs nothing.
    expect((await submit(base, two.code)).status).toBe(201);

    const fileOf = (uploadId: string) => join(t.dataDir, 'uploads', 'forms', two.id, uploadId);
    expect(existsSync(fileOf(up.uploadId))).toBe(true);
    t.clock.advance(25 * 3_600_000);
    try {
      const expired = await submit({ ...base, photo: up }, two.code);
      expect(expired.status).toBe(400);
      // The next upload runs the sweep (at most once a minute), which deletes the expired file.
      const fresh = await upload(t, two.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) });
      expect(fresh.status).toBe(201);
      await expect.poll(() => existsSync(fileOf(up.uploadId))).toBe(false);
      expect(existsSync(fileOf(fresh.body.data.uploadId))).toBe(true);
    } finally {
      t.clock.reset();
    }
  });

  it('deleting a form deletes its files at once; an archived form takes no uploads', async () => {
    const doomed = await publishForm(t, key, surveySchema());
    const up = (await upload(t, doomed.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) })).body.data;
    expect((await submit({ ...base, photo: up }, doomed.code)).status).toBe(201);
    const folder = join(t.dataDir, 'uploads', 'forms', doomed.id);
    expect(readdirSync(folder)).toHaveLength(1);
    expect((await t.request(`/v1/forms/${doomed.id}`, { method: 'DELETE', key })).status).toBe(200);
    expect(existsSync(folder)).toBe(false);
    expect((await upload(t, doomed.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) })).status).toBe(404);

    const closed = await publishForm(t, key, surveySchema());
    await t.request(`/v1/forms/${closed.id}`, {
      method: 'PATCH',
      key,
      json: { expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    t.clock.advance(120_000);
    try {
      expect((await upload(t, closed.code, { fieldId: 'photo', file: new Blob([TINY_PNG]) })).status).toBe(
        409,
      );
    } finally {
      t.clock.reset();
    }
  });
});

/** The survey with a signature field at its end. */
function signedSchema() {
  const schema = surveySchema();
  schema.fields.push({ id: 'sign', sectionId: 'extra', type: 'signature', label: 'Sign here', order: 9 });
  return schema;
}

/** A PNG of `bytes` bytes: the PNG signature and header, then padding. */
function pngOf(bytes: number): Uint8Array<ArrayBuffer> {
  const png = new Uint8Array(bytes);
  png.set(TINY_PNG);
  return png;
}

describeEachDialect('signature uploads', (t) => {
  let key = '';
  let form = { id: '', code: '' };
  const base = { name: 'Ada', email: 'ada@example.org', hasPets: 'no' };
  const submit = (answers: unknown) =>
    t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: { answers } });
  const sign = (file: Blob, name = 'signature.png') => upload(t, form.code, { fieldId: 'sign', file, name });

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishForm(t, key, signedSchema());
  });

  it('takes a PNG by its bytes, up to 512 KB, and refuses anything else', async () => {
    const drawn = await sign(new Blob([TINY_PNG]));
    expect(drawn.status).toBe(201);
    expect(drawn.body.data).toMatchObject({
      name: 'signature.png',
      size: TINY_PNG.length,
      type: 'image/png',
    });

    // A JPEG's bytes are no PNG, whatever the name and the claimed type say.
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    const notPng = await sign(new Blob([jpeg], { type: 'image/png' }));
    expect(notPng.status).toBe(415);
    expect(notPng.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const pdf = await sign(new Blob([PDF], { type: 'image/png' }));
    expect(pdf.status).toBe(415);

    expect((await sign(new Blob([pngOf(512 * 1024)]))).status).toBe(201);
    const big = await sign(new Blob([pngOf(512 * 1024 + 1)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('0.5 MB');
    expect(storedFiles(t).filter((f) => f.includes(form.id))).toHaveLength(2);
  });

  it('stores a drawn or typed signature with its response, and deletes its file with the response', async () => {
    const drawn = (await sign(new Blob([TINY_PNG]))).body.data;
    const sent = await submit({ ...base, sign: drawn });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const path = `/v1/forms/${form.id}/responses/${sent.body.data.responseId}`;
    const stored = (await t.request(path, { key })).body.data.answers.sign;
    expect(stored).toEqual({
      uploadId: drawn.uploadId,
      name: 'signature.png',
      size: TINY_PNG.length,
      type: 'image/png',
    });

    const typed = (await sign(new Blob([TINY_PNG]))).body.data;
    const sentTyped = await submit({ ...base, sign: { ...typed, signedName: '  Ada Lovelace ' } });
    expect(sentTyped.status).toBe(201);
    const typedPath = `/v1/forms/${form.id}/responses/${sentTyped.body.data.responseId}`;
    expect((await t.request(typedPath, { key })).body.data.answers.sign).toEqual({
      uploadId: typed.uploadId,
      name: 'signature.png',
      size: TINY_PNG.length,
      type: 'image/png',
      signedName: 'Ada Lovelace',
    });

    // Exported as files are: by the upload's name.
    const csv = await fetch(`${t.url}/v1/forms/${form.id}/responses/export?format=csv`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Sign here');
    expect(lines.slice(1).filter((l) => l.includes('signature.png'))).toHaveLength(2);

    // A name alone, with no upload, is no signature.
    const nameOnly = await submit({ ...base, sign: { signedName: 'Ada' } });
    expect(nameOnly.status).toBe(400);
    expect(nameOnly.body.issues).toEqual([expect.objectContaining({ fieldId: 'sign' })]);

    const file = join(t.dataDir, 'uploads', 'forms', form.id, drawn.uploadId);
    expect(existsSync(file)).toBe(true);
    expect((await t.request(path, { method: 'DELETE', key })).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(t.dataDir, 'uploads', 'forms', form.id, typed.uploadId))).toBe(true);
  });

  it('a partial keeps its signature, and completing it stores the signature', async () => {
    const typed = (await sign(new Blob([TINY_PNG]))).body.data;
    const partials = `/v1/public/forms/${form.code}/partials`;
    const saved = await t.request(partials, {
      method: 'POST',
      json: { answers: { name: 'Ada', sign: { ...typed, signedName: 'Ada' } } },
    });
    expect(saved.status, saved.text).toBe(201);
    const { resumeToken } = saved.body.data;
    const resumed = await t.request(`${partials}/${resumeToken}`);
    expect(resumed.body.data.answers.sign).toMatchObject({ uploadId: typed.uploadId, signedName: 'Ada' });
    t.clock.advance(2 * 86_400_000);
    try {
      await sign(new Blob([TINY_PNG])); // runs the sweep of unclaimed uploads
      expect(existsSync(join(t.dataDir, 'uploads', 'forms', form.id, typed.uploadId))).toBe(true);
      const done = await t.request(`${partials}/${resumeToken}/complete`, {
        method: 'POST',
        json: { answers: { email: 'ada@example.org', hasPets: 'no' } },
      });
      expect(done.status, done.text).toBe(201);
      const stored = await t.request(`/v1/forms/${form.id}/responses/${done.body.data.responseId}`, { key });
      expect(stored.body.data.answers.sign).toMatchObject({ uploadId: typed.uploadId, signedName: 'Ada' });
    } finally {
      t.clock.reset();
    }
  });
});

describeEachDialect(
  'uploads per-address limit',
  (t) => {
    it('uploads count against the public budget of the address', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, surveySchema());
      const png = new Blob([TINY_PNG]);
      expect((await upload(t, form.code, { fieldId: 'photo', file: png })).status).toBe(201);
      expect((await upload(t, form.code, { fieldId: 'photo', file: png })).status).toBe(201);
      const refused = await upload(t, form.code, { fieldId: 'photo', file: png });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('TOO_MANY_REQUESTS');
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 } },
);

describe('file names', () => {
  it('are cleaned and cut to 255 UTF-16 units without splitting a character', async () => {
    const { cleanFileName } = await import('./uploads-service.js');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('  ')).toBe('file');
    const long = cleanFileName('🐈'.repeat(200));
    expect(long.length).toBe(254);
    expect([...long].every((c) => c === '🐈')).toBe(true);
  });
});
