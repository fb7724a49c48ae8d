import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in holds, by bucket then key, for tests to look at. */
export type S3Objects = Map<string, Map<string, Buffer>>;

export interface S3StandIn {
  /** `http://127.0.0.1:<port>`: the endpoint, path-style. */
  readonly url: string;
  readonly objects: S3Objects;
  /** Requests seen, as `METHOD /path?query` (the signature is checked to be there, not verified). */
  readonly requests: string[];
  close(): Promise<void>;
}

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local stand-in for an S3-compatible object store, speaking the S3 REST protocol path-style
 * (`/<bucket>/<key>`) as far as Formloom's storage uses it: PutObject, GetObject (404 NoSuchKey),
 * DeleteObject and ListObjectsV2 (`?list-type=2&prefix=`). Requests must be SigV4-signed
 * (`Authorization: AWS4-HMAC-SHA256 ...`); the signature itself is not verified.
 */
export async function startS3StandIn(buckets: string[] = ['formloom']): Promise<S3StandIn> {
  const objects: S3Objects = new Map(buckets.map((b) => [b, new Map()]));
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
      xml(res, 403, '<Error><Code>AccessDenied</Code><Message>Unsigned request</Message></Error>');
      return;
    }
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const bucket = objects.get(bucketName);
    if (bucket === undefined) {
      xml(res, 404, '<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
      return;
    }
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix)).sort();
      xml(
        res,
        200,
        `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(bucketName)}</Name>` +
          `<Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys>` +
          `<IsTruncated>false</IsTruncated>${keys
            .map(
              (k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${bucket.get(k)!.length}</Size></Contents>`,
            )
            .join('')}</ListBucketResult>`,
      );
      return;
    }
    if (req.method === 'PUT' && key !== '') {
      const body = await bodyOf(req);
      bucket.set(key, body);
      res.writeHead(200, { etag: `"${body.length}"` });
      res.end();
      return;
    }
    if (req.method === 'GET' && key !== '') {
      const body = bucket.get(key);
      if (body === undefined) {
        xml(
          res,
          404,
          `<Error><Code>NoSuchKey</Code><Message>No such key</Message><Key>${escapeXml(key)}</Key></Error>`,
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      res.end(body);
      return;
    }
    if (req.method === 'DELETE' && key !== '') {
      bucket.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    xml(res, 501, '<Error><Code>NotImplemented</Code><Message>Not in this stand-in</Message></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
