import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../server.js';
import { createDashboardRouter, DASHBOARD_CSP } from './dashboard-router.js';

/** A script worth compressing: varied lines, as a bundle's are. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i * 7919} % 13;`).join('\n');
const PNG_BYTES = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256));

describe('the dashboard at /app', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formloom-dashboard-build-'));
  let running: RunningServer;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Formloom</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(join(dir, 'assets', 'logo-1a2b3c.png'), PNG_BYTES);
    const app = express();
    app.use(createDashboardRouter({ dir }));
    running = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string) => fetch(`${running.url}${path}`, { redirect: 'manual' });

  it('any page path answers index.html, never cached, under the strict CSP', async () => {
    for (const path of ['/app/', '/app/setup?token=x', '/app/forms/123']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Formloom</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    }
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('hashed assets are cached for a year; a missing one is a 404, not the page', async () => {
    const asset = await get('/app/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/app/assets/missing.js')).status).toBe(404);
    expect((await get('/app/assets/..%2Findex.html')).status).toBe(404);
    expect((await get('/app/assets/nested/index-abc123.js')).status).toBe(404);
  });

  it('a script goes gzipped to a client that takes gzip, as it is to one that does not; images never', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(
          `${running.url}/app/assets/big-def456.js`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        ).on('error', reject);
      });
    const zipped = await raw('gzip, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(gunzipSync(zipped.body).toString()).toBe(BIG_SCRIPT);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    const image = await fetch(`${running.url}/app/assets/logo-1a2b3c.png`);
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('/app redirects to /app/, keeping the query', async () => {
    const res = await get('/app?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/app/?x=1');
  });
});
