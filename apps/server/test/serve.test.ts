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
});
