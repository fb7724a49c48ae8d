import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../server.js';
import { createDashboardRouter, DASHBOARD_CSP } from './dashboard-router.js';

describe('the dashboard at /app', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formloom-dashboard-build-'));
  let running: RunningServer;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Formloom</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
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
  });

  it('/app redirects to /app/, keeping the query', async () => {
    const res = await get('/app?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/app/?x=1');
  });
});
