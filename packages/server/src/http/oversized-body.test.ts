import { connect } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/support/test-server.js';
import { LINGER_MS } from './body-parsing.js';

interface Outcome {
  /** Everything the server sent. */
  answer: string;
  /** Body bytes written (and accepted by the socket) before the answer arrived, and in all. */
  sentBeforeAnswer: number;
  sent: number;
  /** The socket error the client met, if any (ECONNRESET, EPIPE): what RFC 9112 9.6 is about. */
  error: string | undefined;
  /** Milliseconds from the first byte of the answer to the close of the connection. */
  closedAfterMs: number;
}

/**
 * A real chunked upload over a socket (no Content-Length, so the size is only known while
 * reading): 16 KB chunks every few ms, `total` bytes, then the last chunk; `total` infinite: the
 * client never stops. Reads whatever comes back until the server closes the connection.
 */
function chunkedPost(port: number, path: string, key: string, total: number): Promise<Outcome> {
  return new Promise((resolve) => {
    // Half-open allowed: like a browser or curl, it keeps sending its body after the answer.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let answer = '';
    let sent = 0;
    let sentBeforeAnswer = -1;
    let answeredAt = 0;
    let error: string | undefined;
    let done = false;
    let serverEnded = false;
    let finished = false;
    // Once its body is out and the server has closed its side, the client closes its own.
    const finish = () => {
      finished = true;
      if (serverEnded) socket.end();
    };
    socket.on('end', () => {
      serverEnded = true;
      if (finished) socket.end();
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      socket.write(`1\r\n[\r\n`);
      const next = () => {
        if (done) return;
        if (sent >= total) {
          socket.write('0\r\n\r\n', finish);
          return;
        }
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n', (err) => {
          if (err) return;
          sent += chunk.length;
          setTimeout(next, 2);
        });
      };
      next();
    });
    socket.on('data', (d) => {
      if (answer === '') {
        sentBeforeAnswer = sent;
        answeredAt = Date.now();
      }
      answer += String(d);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error ??= err.code;
    });
    socket.on('close', () => {
      done = true;
      resolve({ answer, sentBeforeAnswer, sent, error, closedAfterMs: Date.now() - answeredAt });
    });
  });
}

/** A body over the limit without a Content-Length is a 413 the client can read. */
describeEachDialect(
  'a chunked body over the limit',
  (t) => {
    let key = '';
    let port = 0;
    beforeAll(async () => {
      ({ key } = await t.account());
      port = Number(new URL(t.url).port);
    });

    it('is answered 413, and the rest is read and dropped so the client gets no reset', async () => {
      // 512 KB against a 64 KB limit: the client keeps writing after the answer, then ends.
      const out = await chunkedPost(port, '/v1/forms', key, 512 * 1024);
      expect(out.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(out.answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(out.answer).toContain('"error":"PAYLOAD_TOO_LARGE"');
      expect(out.answer).toContain('Request body is larger than the limit of 64 KB');
      // The answer came while the body was still being sent...
      expect(out.sentBeforeAnswer).toBeLessThan(512 * 1024);
      // ...yet every byte after it was taken, and the connection ended without a reset.
      expect(out.sent).toBe(512 * 1024);
      expect(out.error).toBeUndefined();
    });

    it('a client that never stops sending is cut off after a short, capped time', async () => {
      const out = await chunkedPost(port, '/v1/forms', key, Number.POSITIVE_INFINITY);
      expect(out.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(out.answer).toContain('"error":"PAYLOAD_TOO_LARGE"');
      expect(out.closedAfterMs).toBeLessThan(LINGER_MS + 1500);
    });

    it('the server still answers afterwards', async () => {
      expect((await t.request('/v1/forms', { key })).status).toBe(200);
    });
  },
  { bodyLimitBytes: 64 * 1024 },
);
