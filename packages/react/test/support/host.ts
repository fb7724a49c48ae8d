import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';

/** A 1×1 PNG, served as `/pixel.png` for picture choices. */
export const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The host page; a split bundle's entry imports its chunks, so it is a module script. */
const page = (module: boolean) =>
  `<!doctype html><html lang="en"><title>Host</title><link rel="icon" href="data:,"><main><div id="root"></div><p id="out"></p></main><script${module ? ' type="module"' : ''} src="/app.js"></script>`;

/**
 * A host app's server on 127.0.0.1: its page (`#root`, `#out`) and `script` as `/app.js` (and the
 * other `.js` files of `chunks`, the folder of a split bundle), `/pixel.png`, every other request
 * passed through to the Formloom server at `target()`, so the app calls its own origin.
 */
export async function startHost(
  script: Buffer,
  target: () => string,
  chunks?: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const host = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(chunks !== undefined));
      return;
    }
    if (url.pathname === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    if (url.pathname === '/pixel.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PIXEL);
      return;
    }
    if (chunks !== undefined && /^\/[\w-]+\.js$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(await readFile(join(chunks, basename(url.pathname))));
      return;
    }
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host') headers.set(name, value);
    const answer = await fetch(`${target()}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      body: body.length > 0 ? Buffer.concat(body) : null,
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => host.close(() => resolve())),
  };
}
