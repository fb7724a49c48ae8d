import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { sendBody } from '../../http/send-body.js';

/**
 * The dashboard's page policy. Scripts only from this origin (no inline script, no eval); styles
 * from this origin plus inline ones, which Mantine needs for its CSS variables and style props
 * (a style cannot run code); the API only on this origin; never framed.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // The builder's preview shows picture choices' https images.
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** What a build's assets may be, and which of them gzip shrinks (not images or fonts). */
const ASSET_TYPES: Record<string, { type: string; compress: boolean }> = {
  '.js': { type: 'text/javascript; charset=utf-8', compress: true },
  '.css': { type: 'text/css; charset=utf-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.json': { type: 'application/json', compress: true },
  '.png': { type: 'image/png', compress: false },
  '.woff2': { type: 'font/woff2', compress: false },
};

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer | null;
}

/**
 * `/app`: the dashboard's static build (`apps/dashboard/dist`). Hashed files under `/app/assets/`
 * are cached for a year (a new build has new names) and sent gzipped, each compressed once at
 * level 9 on its first request and kept (the build is a few MB; gzipped, a quarter of that); any
 * other path is the single page's `index.html` (never cached), so a reload on `/app/setup` works.
 * Without a build, `/app` says so.
 */
export function createDashboardRouter(options: { dir: string | undefined }): Router {
  const router = Router();
  const dir = options.dir;
  const index = dir === undefined ? undefined : join(dir, 'index.html');
  const built = index !== undefined && existsSync(index);
  const page = built ? readFileSync(index!) : undefined;
  const pageGzip = page === undefined ? undefined : gzipSync(page, { level: 9 });

  router.get('/app', (req: Request, res: Response, next: NextFunction) => {
    // Non-strict routing matches /app/ here too: only the bare /app is redirected.
    if (!/^\/app(\?|$)/.test(req.originalUrl)) return next();
    res.redirect(301, `/app/${req.originalUrl.slice('/app'.length)}`);
  });
  if (built) {
    const assetsDir = join(dir!, 'assets');
    // Only the files the build holds are served: a name is looked up, never joined into a path.
    const names = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
    const loaded = new Map<string, Asset>();
    const load = (name: string): Asset | undefined => {
      const known = ASSET_TYPES[extname(name)];
      if (!names.has(name) || known === undefined) return undefined;
      const body = readFileSync(join(assetsDir, name));
      const asset = { type: known.type, body, gzip: known.compress ? gzipSync(body, { level: 9 }) : null };
      loaded.set(name, asset);
      return asset;
    };
    router.get('/app/assets/:name', (req: Request<{ name: string }>, res: Response) => {
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      const asset = loaded.get(req.params.name) ?? load(req.params.name);
      if (asset === undefined) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Type', asset.type);
      sendBody(req, res, asset.body, asset.gzip);
    });
    router.use('/app/assets', (_req: Request, res: Response) => {
      res.status(404).type('text/plain').send('Not found');
    });
  }
  router.get(/^\/app\/.*/, (req: Request, res: Response) => {
    res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (page === undefined) {
      res
        .status(404)
        .type('text/plain')
        .send('The dashboard is not built: run `pnpm build` in the repository.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    sendBody(req, res, page, pageGzip);
  });
  return router;
}
