import { connect } from 'node:net';
import { contactSchema } from '@formloom/server/testing';
import { apiClient, publishedForm } from 'formloom/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

/**
 * Hostile input against the server users run (the built `formloom serve` on SQLite, with its
 * shipped limits): what an attacker sends from outside, each answered in the envelope with a 4xx,
 * never a 5xx, a hang or a crash, and the server answering afterwards. The sources' own tests
 * (packages/server/src/http) check the same rules in depth; these check that the bundle keeps them.
 */
const server = useBuiltServer({ env: { FORMLOOM_BODY_TIMEOUT: '2s', FORMLOOM_BODY_LIMIT: '64kb' } });

/** Sends raw bytes on one connection; the first answer's status line and the whole text. */
function raw(port: number, bytes: string | Buffer, { endAfter = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (endAfter) socket.end();
    });
    let text = '';
    socket.on('data', (d) => {
      text += String(d);
    });
    // A server that refuses mid-request may reset the connection while bytes are still going out:
    // what it answered before that is the answer.
    socket.on('error', () => resolve(text));
    socket.on('close', () => resolve(text));
    socket.setTimeout(30_000, () => {
      socket.destroy();
      reject(new Error(`no answer in 30 s; got so far: ${text.slice(0, 200)}`));
    });
  });
}

const port = () => Number(new URL(server.origin).port);

describe('the built formloom serve against hostile input', () => {
  let key = '';
  let code = '';
  beforeAll(async () => {
    key = server.printedKey;
    ({ code } = await publishedForm(
      apiClient(port(), key),
      { ...contactSchema(), meta: { title: '<script>alert(1)</script>', language: 'en' } },
      '<img src=x onerror=alert(1)>',
    ));
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
    });

  it('a body over the limit is a 413 in the envelope', async () => {
    const res = await api('/forms', { method: 'POST', body: JSON.stringify({ title: 'x'.repeat(100_000) }) });
    expect(res.status).toBe(413);
    expect((await res.json()).data).toBeNull();
  });

  it('malformed, deeply nested and wrongly typed bodies are 400 or 415 in the envelope', async () => {
    const bad = await api('/forms', { method: 'POST', body: '{"title": "x",' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ data: null, error: expect.any(String) });

    const deep = await api('/forms', { method: 'POST', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` });
    expect(deep.status).toBe(400);

    const xml = await api('/forms', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<form/>',
    });
    expect([400, 415]).toContain(xml.status);
    expect((await xml.json()).data).toBeNull();

    const proto = await fetch(`${server.baseUrl}/public/forms/${code}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"answers":{"__proto__":{"admin":true},"name":"x"}}',
    });
    expect(proto.status).toBe(400);
  });

  it('a body that never finishes is cut off at the body timeout while others are answered', async () => {
    const slow = raw(
      port(),
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":`,
      { endAfter: false },
    );
    const started = Date.now();
    // Meanwhile the server answers.
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    const answer = await slow;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('ill-formed paths and percent-encoding are 4xx, and nothing outside the assets is served', async () => {
    for (const path of [
      '/v1/forms/%E0%A4%A',
      '/f/%ZZ',
      '/app/assets/..%2f..%2f..%2fpackage.json',
      '/app/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/embed.js/../../package.json',
      `/f/${'a'.repeat(5000)}`,
    ]) {
      const answer = await raw(port(), `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const status = Number(answer.slice(9, 12));
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
      expect(answer, path).not.toContain('"formloom');
      expect(answer, path).not.toContain('root:');
    }
  });

  it('a header block over the limit is a 431 (or a reset), and a request without Host a 400', async () => {
    const big = await raw(
      port(),
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    );
    // Node answers 431 and closes; the rest of what the client sends may then meet a reset.
    expect(big === '' || /^HTTP\/1\.1 431/.test(big), big.slice(0, 100)).toBe(true);
    const noHost = await raw(port(), 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost).toMatch(/^HTTP\/1\.1 400/);
  });

  it('text from the owner reaches the public page as text, never as markup', async () => {
    const res = await fetch(`${server.origin}/f/${code}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    // The title as text in the heading and the tab's title; in the page's data, with < escaped.
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src/);
  });

  it('a wrong key, a key in the wrong place and a forged session are 401s', async () => {
    for (const headers of [
      { authorization: 'Bearer formloom_nope' },
      { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      { cookie: 'formloom_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      {},
    ] as Record<string, string>[]) {
      const res = await fetch(`${server.baseUrl}/forms`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
    }
    const query = await fetch(`${server.baseUrl}/forms?api_key=${key}`);
    expect(query.status).toBe(401);
  });

  it('the server still answers, and wrote nothing to stderr', async () => {
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect((await api('/me')).status).toBe(200);
    expect(server.stderr()).toBe('');
  });
});
