import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** Under this size a body goes as it is: gzip's header and the CPU would cost more than they save. */
const GZIP_FROM_BYTES = 1024;

/**
 * Sends `body` gzipped when the client takes gzip and the body is worth it; `gzipped` is its
 * compressed form made ahead (a static file, compressed once), else it is compressed here.
 * `null`: never compress (an image or font, already compressed).
 */
export function sendBody(req: Request, res: Response, body: Buffer, gzipped?: Buffer | null) {
  res.vary('Accept-Encoding');
  let out = body;
  if (
    gzipped !== null &&
    body.length >= GZIP_FROM_BYTES &&
    req.acceptsEncodings(['gzip', 'identity']) === 'gzip'
  ) {
    out = gzipped ?? gzipSync(body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', String(out.length));
  res.end(req.method === 'HEAD' ? undefined : out);
}
