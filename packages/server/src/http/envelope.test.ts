import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/support/test-server.js';

describeEachDialect(
  'envelopes and errors on every path',
  (t) => {
    let key = '';
    beforeAll(async () => {
      ({ key } = await t.account());
    });

    it('a success is {message, data, error: null} with an X-Request-Id', async () => {
      const res = await t.request('/v1/forms', { key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: expect.any(String), error: null });
      expect(res.body.data).toMatchObject({ forms: [], total: 0, page: 1, limit: 20, hasMore: false });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('keeps a sane incoming X-Request-Id and replaces a wild one', async () => {
      const kept = await t.request('/v1/forms', { key, headers: { 'x-request-id': 'lb-1234.abc' } });
      expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');
      const replaced = await t.request('/v1/forms', { key, headers: { 'x-request-id': 'a b <script>' } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('malformed JSON is a 400 envelope', async () => {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        body: '{"title": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Malformed JSON in request body',
        data: null,
        error: 'BAD_REQUEST',
      });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    });

    it('a body that is not JSON is a 415 envelope', async () => {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        body: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ data: null, error: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.body.message).toContain('application/json');
    });

    it('an oversized body is a 413 envelope', async () => {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'x', description: 'y'.repeat(20_000) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ data: null, error: 'PAYLOAD_TOO_LARGE' });
      expect(res.body.message).toContain('16 KB');
    });

    it('an unknown route is a 404 envelope, also without a key', async () => {
      for (const [method, path] of [
        ['GET', '/nope'],
        ['POST', '/v1/forms/x/y/z'],
        ['DELETE', '/v1'],
      ] as const) {
        const res = await t.request(path, { method });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: `No route ${method} ${path}`, data: null, error: 'NOT_FOUND' });
        expect(res.headers.get('x-request-id')).toBeTruthy();
      }
    });

    it('a request validation failure is a 400 naming the field, with issues', async () => {
      const res = await t.request('/v1/forms', { method: 'POST', key, json: { title: 42 } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('BAD_REQUEST');
      expect(res.body.data).toBeNull();
      expect(res.body.message).toContain('body.title');
      expect(res.body.issues[0]).toMatchObject({ path: 'body.title' });

      const query = await t.request('/v1/forms?limit=500', { key });
      expect(query.status).toBe(400);
      expect(query.body.message).toContain('query.limit');

      const params = await t.request('/v1/forms/not-a-uuid', { key });
      expect(params.status).toBe(400);
      expect(params.body.message).toContain('params.id');
    });

    it('an unexpected error is a 500 with no stack or SQL in the body', async () => {
      // Break the database under the app: the next query throws a driver error with SQL in it.
      await t.db.schema.alterTable('forms').renameTo('forms_away').execute();
      try {
        const res = await t.request('/v1/forms', { key });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({
          message: 'Internal server error',
          data: null,
          error: 'INTERNAL_SERVER_ERROR',
        });
        expect(res.text).not.toMatch(/select|forms|at .*\.ts|sqlite/i);
        expect(
          t.logs.some((l) => l.includes('unhandled error') && /no such table|does not exist/.test(l)),
        ).toBe(true);
      } finally {
        await t.db.schema.alterTable('forms_away').renameTo('forms').execute();
      }
    });

    it('every route is served: unknown ids are the usual 404; the integrations ask for a session token first', async () => {
      // Export, the last API-key route built: an unknown id is the usual 404.
      const exported = await t.request('/v1/smart-forms/00000000-0000-4000-8000-000000000000/export', {
        key,
      });
      expect(exported.status).toBe(404);
      expect(exported.body.error).toBe('NOT_FOUND');
      expect(exported.body.message).not.toContain('not available on this server yet');
      // Session routes refuse a caller without a session token before anything else.
      const integrations = await t.request('/integrations/v1/connections', { key });
      expect(integrations.status).toBe(401);
      // Interviews are served: an unknown code is the usual 404.
      const interview = await t.request('/v1/public/smart-forms/abcdefgh');
      expect(interview.status).toBe(404);
      expect(interview.body.message).toBe('No published smart form under this code');
      // Uploads are served: a multipart body to an unknown code is the usual 404.
      const upload = await t.request('/v1/public/forms/abcdefgh/uploads', {
        method: 'POST',
        body: '--x\r\nContent-Disposition: form-data; name="fieldId"\r\n\r\nf\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(upload.status).toBe(404);
      expect(upload.body.message).toBe('No published form under this code');
    });
  },
  { bodyLimitBytes: 16 * 1024 },
);
