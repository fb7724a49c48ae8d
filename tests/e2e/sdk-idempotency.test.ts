import { connect, createServer, type Server, type Socket } from 'node:net';
import { APIConnectionError, Formloom } from '@formloom/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

const server = useBuiltServer();

/**
 * A TCP proxy in front of the server that loses the answer of the first `drop` connections: the
 * request reaches the server (the work is done) and the connection is cut as the answer comes
 * back, the connection failure a client sees when a load balancer or network drops mid-answer.
 */
async function startLossyProxy(target: URL, drop: number) {
  let connections = 0;
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((client) => {
    connections += 1;
    const lose = connections <= drop;
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (lose) {
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

describe('the SDK resends a create after a connection failure', () => {
  let apiKey = '';
  let proxy: Awaited<ReturnType<typeof startLossyProxy>>;
  beforeAll(async () => {
    apiKey = await server.key();
    proxy = await startLossyProxy(new URL(server.baseUrl), 1);
  });
  afterAll(() => proxy.close());

  it('the answer of the first attempt is lost, the retry gets it, and one form exists', async () => {
    const lossy = new Formloom({ apiKey, baseUrl: proxy.baseUrl, maxRetries: 2 });
    const direct = new Formloom({ apiKey, baseUrl: server.baseUrl });
    const title = `Lost answer ${Date.now()}`;
    const form = await lossy.forms.create({ title });
    expect(form.title).toBe(title);
    expect(proxy.connections()).toBe(2);
    const { items } = await direct.forms.list({ limit: 100 }).collect();
    expect(items.filter((f) => f.title === title).map((f) => f.id)).toEqual([form.id]);
  });

  it('a call sent without a key is not resent: the failure surfaces', async () => {
    const again = await startLossyProxy(new URL(server.baseUrl), 1);
    try {
      const lossy = new Formloom({ apiKey, baseUrl: again.baseUrl, maxRetries: 2 });
      await expect(lossy.forms.create({ title: 'No key' }, { idempotencyKey: null })).rejects.toBeInstanceOf(
        APIConnectionError,
      );
      expect(again.connections()).toBe(1);
    } finally {
      await again.close();
    }
  });
});
