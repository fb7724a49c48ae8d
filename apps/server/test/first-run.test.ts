import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from './support.js';

describe('formloom serve: the first run', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-first-run-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a one-time setup link that refuses weak passwords, makes the owner and signs them in, once', async () => {
    const serve = await startServe(dataDir);
    try {
      const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'));
      expect(line).toMatch(
        /^Set up the dashboard \(once, within 24 hours\): https:\/\/f\.example\/app\/setup\?token=[0-9a-f]{16}\.[0-9a-f]{64}$/,
      );
      const token = new URL(line!.slice(line!.indexOf('https://'))).searchParams.get('token')!;
      const setup = (email: string, password = 'a long enough password') =>
        fetch(`http://127.0.0.1:${serve.port}/v1/auth/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://f.example' },
          body: JSON.stringify({ token, email, password }),
        });
      // Weak passwords are refused with the reason, by the shipped bundle (whose common-password
      // list is a lazily loaded chunk), and spend nothing: the same link then makes the owner.
      for (const [password, reason] of [
        ['password123', /list of common passwords/],
        ['Qwertyuiop', /straight sequence/],
        ['aaaaaaaaaa', /repeats one character/],
        ['short', /at least 10 characters/],
      ] as const) {
        const refused = await setup('owner@example.com', password);
        expect(refused.status, password).toBe(400);
        const body = await refused.json();
        expect(body, password).toMatchObject({ data: null, error: 'BAD_REQUEST' });
        expect(body.message, password).toMatch(reason);
      }
      const made = await setup('owner@example.com');
      expect(made.status).toBe(200);
      expect((await made.json()).data).toMatchObject({ role: 'owner', account: { name: 'default' } });
      const cookie = made.headers.get('set-cookie')!;
      expect(cookie).toMatch(/; Secure/);
      const me = await fetch(`http://127.0.0.1:${serve.port}/v1/auth/me`, {
        headers: { cookie: cookie.split(';')[0]! },
      });
      expect((await me.json()).data.user.email).toBe('owner@example.com');
      expect((await setup('second@example.com')).status).toBe(401);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });
});
