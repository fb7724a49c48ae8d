import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from './logger.js';

export interface RunningServer {
  server: Server;
  port: number;
  /** `http://<host>:<port>` as the server listens, for logs and tests. */
  url: string;
  /** Stops accepting connections, lets requests in flight finish (up to the timeout), then resolves. */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  host?: string | undefined;
  /** How long `close()` waits for requests in flight before cutting connections (default 10 s). */
  shutdownTimeoutMs?: number;
  /**
   * The whole request, headers and body, must arrive within this (default 120 s, sized for an
   * upload at the 10 MB limit over a slow link; JSON bodies have their own, shorter, read timeout).
   */
  requestTimeoutMs?: number;
  /** The request's headers must arrive within this (default 20 s). */
  headersTimeoutMs?: number;
  /** Open connections one client address may hold; more are closed at once (default 256). */
  maxConnectionsPerClient?: number;
  logger?: Logger;
}

export async function listen(app: Express, options: ListenOptions): Promise<RunningServer> {
  const server = createServer(app);
  // Keep-alive connections that outlive a load balancer's idle timeout cause spurious 502s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = options.headersTimeoutMs ?? 20_000;
  server.requestTimeout = options.requestTimeoutMs ?? 120_000;
  // A few slow clients must not hold every socket: connections are counted per client address.
  const perClient = new Map<string, number>();
  const maxPerClient = options.maxConnectionsPerClient ?? 256;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = (perClient.get(address) ?? 0) + 1;
    if (open > maxPerClient) {
      socket.destroy();
      return;
    }
    perClient.set(address, open);
    socket.once('close', () => {
      const left = (perClient.get(address) ?? 1) - 1;
      if (left <= 0) perClient.delete(address);
      else perClient.set(address, left);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closing: Promise<void> | undefined;
  // Responses that finish after close() began end their connection, so close() can complete.
  server.prependListener('request', (_req, res) => {
    if (closing !== undefined) res.setHeader('Connection', 'close');
    res.on('finish', () => {
      if (closing !== undefined) setImmediate(() => server.closeIdleConnections());
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    server,
    port: address.port,
    url: `http://${host}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          options.logger?.warn('shutdown timeout: closing connections with requests in flight');
          server.closeAllConnections();
        }, options.shutdownTimeoutMs ?? 10_000);
        timer.unref();
        // close() waits for requests in flight and, on Node >= 19, drops idle keep-alive sockets.
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
