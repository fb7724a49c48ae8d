import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';

/**
 * The dashboard's page policy. Scripts only from this origin (no inline script, no eval); styles
 * from this origin plus inline ones, which Mantine needs for its CSS variables and style props
 * (a style cannot run code); the API only on this origin; never framed.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * `/app`: the dashboard's static build (`apps/dashboard/dist`). Hashed files under `/app/assets/`
 * are cached for a year (a new build has new names); any other path is the single page's
 * `index.html` (never cached), so a reload on `/app/setup` works. Without a build, `/app` says so.
 */
export function createDashboardRouter(options: { dir: string | undefined }): Router {
  const router = Router();
  const dir = options.dir;
  const index = dir === undefined ? undefined : join(dir, 'index.html');
  const built = index !== undefined && existsSync(index);
  const page = built ? readFileSync(index!, 'utf8') : undefined;

  router.get('/app', (req: Request, res: Response, next: NextFunction) => {
    // Non-strict routing matches /app/ here too: only the bare /app is redirected.
    if (!/^\/app(\?|$)/.test(req.originalUrl)) return next();
    res.redirect(301, `/app/${req.originalUrl.slice('/app'.length)}`);
  });
  if (built) {
    router.use(
      '/app/assets',
      express.static(join(dir!, 'assets'), {
        immutable: true,
        maxAge: '365d',
        index: false,
        fallthrough: false,
        setHeaders: (res) => res.setHeader('Content-Security-Policy', DASHBOARD_CSP),
      }),
    );
  }
  router.get(/^\/app\/.*/, (_req: Request, res: Response) => {
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
    res.type('html').send(page);
  });
  return router;
}
