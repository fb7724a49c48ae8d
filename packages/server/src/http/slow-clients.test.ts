import { connect, type Socket } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { describeEachDialect } from '../../test/support/test-server.js';
import { listen, type RunningServer } from '../server.js';

/** Sends raw bytes and resolves with what came back before the server closed (or `waitMs` passed). */
function raw(
  port: number,
  text: string,
  waitMs: number,
): Promise<{ answer: string; closed: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (d) => {
      answer += String(d);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false, ms: Date.now() - started });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true, ms: Date.now() - started });
    });
    socket.on('error', () => undefined);
  });
}

/** A slow body is a 408 within the body timeout, and one address holds few sockets. */
describeEachDialect(
  'slow clients do not hold the server',
  (t) => {
    it('a body that never arrives is answered 408 and closed within the body timeout', async () => {
      const { key } = await t.account('MAX');
      const form = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 's', schema: contactSchema() },
      });
      const code = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key })).body
        .data.shareUrl;
      const port = Number(new URL(t.url).port);
      for (const path of [`/v1/public/forms/${code}/responses`, '/v1/forms']) {
        const result = await raw(
          port,
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${key}\r\nContent-Length: 100\r\n\r\n{"a`,
          5_000,
        );
        expect(result.answer, path).toMatch(/^HTTP\/1\.1 408/);
        expect(result.answer, path).toContain('"error":"REQUEST_TIMEOUT"');
        expect(result.closed, path).toBe(true);
        expect(result.ms, path).toBeLessThan(3_000);
      }
    });
  },
  { bodyTimeoutMs: 400 },
);

describe('connections per client address', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    server = await listen(app, { port: 0, host: '127.0.0.1', maxConnectionsPerClient: 5 });
  });
  afterAll(() => server.close());

  it('past the cap, new connections from the same address are closed at once; the first ones stay', async () => {
    const sockets: Socket[] = [];
    const closed: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      const socket = connect(server.port, '127.0.0.1');
      closed.push(false);
      socket.on('close', () => {
        closed[i] = true;
      });
      socket.on('error', () => undefined);
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed.slice(0, 5)).toEqual([false, false, false, false, false]);
    expect(closed.slice(5)).toEqual([true, true, true]);
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Once they are gone, the address may connect again.
    const again = await fetch(server.url);
    expect(await again.text()).toBe('ok');
  });
});
