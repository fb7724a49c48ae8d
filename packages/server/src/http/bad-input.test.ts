import { expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { publishForm } from '../../test/support/page-fixtures.js';
import { describeEachDialect } from '../../test/support/test-server.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './body-parsing.js';
import { MAX_ISSUES_LISTED } from './error-handler.js';

/** Bad input is a 400 with the envelope, never a 500 or a huge answer. */
describeEachDialect('bad input never costs a 500 or a huge answer', (t) => {
  it('deeply nested JSON is a 400 naming the limit, on create and on PATCH', async () => {
    const { key } = await t.account('MAX');
    let nested = '1';
    for (let i = 0; i < 10_000; i++) nested = `{"a":${nested}}`;
    const schema = JSON.stringify({ ...contactSchema(), settings: { x: '@' } }).replace('"@"', nested);
    const created = await t.request('/v1/forms', {
      method: 'POST',
      key,
      body: `{"title":"d","schema":${schema}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      message: `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`,
      data: null,
      error: 'BAD_REQUEST',
    });
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'ok', schema: contactSchema() },
    });
    expect(form.status).toBe(201);
    const patched = await t.request(`/v1/forms/${form.body.data.id}`, {
      method: 'PATCH',
      key,
      body: `{"settings":${nested}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(patched.status).toBe(400);
    // Ordinary nesting is untouched.
    expect(nestedDeeperThan(contactSchema(), MAX_JSON_DEPTH)).toBe(false);
  });

  it('a request without a body reads as the empty object (express 4 and 5 alike)', async () => {
    const { key } = await t.account('MAX');
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'f', schema: contactSchema() },
    });
    // Every field of a PATCH body is optional: no body answers as `{}` does.
    const empty = await t.request(`/v1/forms/${form.body.data.id}`, { method: 'PATCH', key, json: {} });
    const none = await t.request(`/v1/forms/${form.body.data.id}`, { method: 'PATCH', key });
    expect(empty.status).toBe(200);
    expect(none.status).toBe(empty.status);
    expect(none.body).toEqual({
      ...empty.body,
      data: { ...empty.body.data, updatedAt: none.body.data.updatedAt },
    });
  });

  it('an upload with multipart/form-data and no boundary is the usual 400', async () => {
    const { key } = await t.account('MAX');
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'u', schema: contactSchema() },
    });
    const code = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key })).body
      .data.shareUrl;
    const res = await t.request(`/v1/public/forms/${code}/uploads`, {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Malformed multipart body: the Content-Type has no boundary',
      data: null,
      error: 'BAD_REQUEST',
    });
  });

  it('a huge page number is a 400 on every paged route, not a database error', async () => {
    const { key } = await t.account('MAX');
    const form = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'p' } });
    const hook = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: 'https://93.184.216.34/x', events: ['FORM_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const paths = [
      '/v1/forms',
      `/v1/forms/${form.body.data.id}/responses`,
      `/v1/webhooks/${hook.body.data.id}/deliveries`,
    ];
    for (const path of paths) {
      const res = await t.request(`${path}?page=99999999999999999999`, { key });
      expect(res.status, path).toBe(400);
      expect(res.body.issues[0].path, path).toBe('query.page');
      expect((await t.request(`${path}?page=1000000`, { key })).status, path).toBe(200);
    }
  });

  it('an error lists at most 20 issues and says how many there were', async () => {
    const { key } = await t.account('MAX');
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'i', schema: contactSchema() },
    });
    const code = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key })).body
      .data.shareUrl;
    const answers = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`unknown_${i}`, 'x']));
    const res = await t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toHaveLength(MAX_ISSUES_LISTED);
    expect(res.body.message).toMatch(/\(issues lists the first 20 of \d{4,}\)$/);
    expect(res.text.length).toBeLessThan(10_000);
  });

  it('an answer key __proto__ is an unknown field like any other (400), not silently dropped', async () => {
    const { key } = await t.account('MAX');
    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'p', schema: contactSchema() },
    });
    const code = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key })).body
      .data.shareUrl;
    for (const name of ['__proto__', 'constructor']) {
      const res = await t.request(`/v1/public/forms/${code}/responses`, {
        method: 'POST',
        body: `{"answers":{"name":"Ada","${name}":{"x":1}}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, name).toBe(400);
      expect(res.body.issues, name).toEqual([
        expect.objectContaining({ path: `body.answers.${name}`, code: 'unknown_field' }),
      ]);
    }
  });

  it('ill-formed text (a lone surrogate, a control character) is a 400 naming where, in titles and answers alike', async () => {
    const { key } = await t.account('MAX');
    const raw = (json: string) => ({ body: json, headers: { 'content-type': 'application/json' } });
    const title = await t.request('/v1/forms', {
      method: 'POST',
      key,
      ...raw('{"title":"bad \\ud800 title"}'),
    });
    expect(title.status).toBe(400);
    expect(title.body.message).toBe(
      'body.title contains an unpaired UTF-16 surrogate (not valid Unicode text)',
    );
    const nul = await t.request('/v1/forms', { method: 'POST', key, ...raw('{"title":"nul \\u0000 here"}') });
    expect(nul.status).toBe(400);
    expect(nul.body.issues).toEqual([expect.objectContaining({ path: 'body.title', code: 'invalid_text' })]);

    const form = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Fine 🎉\ttab', schema: contactSchema() },
    });
    expect(form.status).toBe(201);
    const code = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key })).body
      .data.shareUrl;
    const answer = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      ...raw('{"answers":{"name":"Ada \\udc00"}}'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe('body.answers.name');
    const lines = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Ada\r\nLovelace 👩‍💻' } },
    });
    expect(lines.status).toBe(201);
  });

  it('security headers: nosniff everywhere, no-store and HSTS on the API, WWW-Authenticate on a 401', async () => {
    const { key } = await t.account('MAX');
    const me = await t.request('/v1/me', { key });
    expect(me.headers.get('x-content-type-options')).toBe('nosniff');
    expect(me.headers.get('cache-control')).toBe('no-store');
    // The test server's public origin is https://forms.example.test.
    expect(me.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const anonymous = await t.request('/v1/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const publicForm = await t.request('/v1/public/forms/NoSuchCode123');
    expect(publicForm.headers.get('x-content-type-options')).toBe('nosniff');
    expect(publicForm.headers.get('cache-control')).not.toBe('no-store');
  });

  it('query tricks are a 400; an upper-case id finds the form; a body marked gzip that is not is a 400', async () => {
    const { key } = await t.account('MAX');
    for (const query of ['limit[]=1', 'limit=1&limit=2', 'page[a]=2']) {
      const res = await t.request(`/v1/forms?${query}`, { key });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/must be given once/);
    }
    const form = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Case' } });
    const upper = await t.request(`/v1/forms/${String(form.body.data.id).toUpperCase()}`, { key });
    expect(upper.status).toBe(200);
    expect(upper.body.data.id).toBe(form.body.data.id);
    const gzip = await t.request('/v1/forms', {
      method: 'POST',
      key,
      body: '{"title":"not gzip"}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gzip.status).toBe(400);
    expect(gzip.body.message).toMatch(/does not decompress/);
  });

  it('webhook endpoints are capped per plan: the sixth on Starter is a 403 that says what to do', async () => {
    const { key } = await t.account('STARTER');
    const create = (i: number) =>
      t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: `https://93.184.216.34/hook/${i}`, events: ['FORM_CREATED'] },
      });
    for (let i = 0; i < 5; i++) expect((await create(i)).status).toBe(201);
    const sixth = await create(5);
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toBe(
      'The Starter plan allows 5 webhook endpoints and the account has 5: delete one, or upgrade the plan',
    );
  });

  it('an SVG is accepted where allowedTypes names it, refused elsewhere, and served as a sandboxed attachment', async () => {
    const { key } = await t.account('MAX');
    const schema = {
      ...contactSchema(),
      fields: [
        {
          id: 'logo',
          sectionId: 'main',
          type: 'file' as const,
          label: 'Logo',
          order: 0,
          fileConfig: { allowedTypes: ['image/svg+xml'] },
        },
        {
          id: 'photo',
          sectionId: 'main',
          type: 'file' as const,
          label: 'Photo',
          order: 1,
          fileConfig: { allowedTypes: ['image/png'] },
        },
      ],
    };
    const { id, code } = await publishForm(t, key, schema, 'Logos');
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/png',
    });
    const send = async (fieldId: string) => {
      const body = new FormData();
      body.append('fieldId', fieldId);
      body.append('file', svg, 'logo.svg');
      const res = await fetch(`${t.url}/v1/public/forms/${code}/uploads`, { method: 'POST', body });
      return { status: res.status, body: await res.json() };
    };
    // Not an allowed type of that field: the usual 415.
    expect((await send('photo')).status).toBe(415);
    const stored = await send('logo');
    expect(stored.status).toBe(201);
    expect(stored.body.data.type).toBe('image/svg+xml');
    const submitted = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { logo: stored.body.data } },
    });
    expect(submitted.status).toBe(201);
    const responseId = submitted.body.data.responseId as string;
    const download = await fetch(
      `${t.url}/v1/forms/${id}/responses/${responseId}/files/${stored.body.data.uploadId}`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});
