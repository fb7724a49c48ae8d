import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from './support.js';

describe('formloom serve (child process)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-serve-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the first key once, serves, finishes a request in flight on SIGTERM, and keeps data', async () => {
    const first = await startServe(dataDir);
    const keyLines = first.lines.filter((l) => l.startsWith('API key: '));
    expect(keyLines).toHaveLength(1);
    const key = keyLines[0]!.slice('API key: '.length);
    expect(key).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
    const base = `http://127.0.0.1:${first.port}`;
    expect(first.lines).toContain(`Try: curl -H "Authorization: Bearer <API key>" ${base}/v1/me`);

    const me = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).data).toMatchObject({ account: { name: 'default' }, plan: 'MAX' });

    // A request whose body is still arriving when SIGTERM comes must still be answered.
    const body = JSON.stringify({ title: 'In flight' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${base}/v1/forms`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += String(d);
          });
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 500);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(201);
    expect(await first.exited).toBe(0);
    expect(first.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    const logLines = first.lines.filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(2);
    expect(logLines.join('\n')).not.toContain(key.slice(22));

    const second = await startServe(dataDir);
    try {
      expect(second.lines.filter((l) => l.startsWith('API key: '))).toHaveLength(0);
      const list = await fetch(`http://127.0.0.1:${second.port}/v1/forms`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect((await list.json()).data.forms.map((f: { title: string }) => f.title)).toEqual(['In flight']);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('built: exports a smart form in every format without a warning on stderr', {
    timeout: 320_000,
  }, async () => {
    // The build runs from the repository, outside node_modules, where Node reports deprecations.
    const serve = await startServe(mkdtempSync(join(tmpdir(), 'formloom-serve-export-')));
    try {
      const key = serve.lines.find((l) => l.startsWith('API key: '))!.slice('API key: '.length);
      const base = `http://127.0.0.1:${serve.port}`;
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const created = await fetch(`${base}/v1/smart-forms`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ purpose: 'Learn why customers cancel their plans' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()).data;
      for (const format of ['csv', 'json', 'xlsx']) {
        const res = await fetch(`${base}/v1/smart-forms/${id}/export?format=${format}`, { headers });
        expect(res.status, format).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }
    // A warning is written on a later tick: read stderr to its end.
    const stderr = serve.child.stderr!;
    if (!stderr.closed) await new Promise((resolve) => stderr.once('close', resolve));
    // archiver-utils makes `new Buffer(string)` of a string entry: DEP0005 once bundled.
    expect(serve.stderr()).not.toMatch(/Warning/);
  });
});
