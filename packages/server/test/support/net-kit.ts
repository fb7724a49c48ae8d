import { request } from 'node:http';
import { createServer } from 'node:net';

/** A port nothing listens on now, on 127.0.0.1 (for a process of a test's own: a proxy). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request to the server at `origin` with a Host header of the test's choosing, as a visitor of
 * another domain pointed at it sends it (fetch keeps the URL's own host). A `post` is sent as a
 * browser sends a form: multipart, from a page of that host.
 */
export async function requestOnHost(
  origin: string,
  host: string,
  path: string,
  post?: FormData,
): Promise<HostResponse> {
  const { hostname, port } = new URL(origin);
  const headers: Record<string, string> = { host, 'accept-language': 'en' };
  let body: Buffer | undefined;
  if (post !== undefined) {
    const encoded = new Response(post);
    body = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type')!;
    headers['content-length'] = String(body.length);
    headers.origin = `https://${host}`;
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path, method: post === undefined ? 'GET' : 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
