import { gzipSync } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import type { FormRow } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';
import { schemaOf } from '../forms/form-mapping.js';
import { type PageAsset, pageAssets } from './assets.js';
import { negotiateLanguage, pageTextsFor } from './page-texts.js';
import type { PublicRateLimiter } from './public-rate-limit.js';
import { type PageAssetLinks, renderFormPage, renderMessagePage } from './render-page.js';

/**
 * No inline script or style anywhere: the script and stylesheet come from this origin's hashed
 * asset routes, and the form's data travels in a JSON block, which is not executed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const GZIP_FROM_BYTES = 1024;

function send(req: Request, res: Response, body: Buffer, gzipped?: Buffer) {
  res.vary('Accept-Encoding');
  let out = body;
  if (body.length >= GZIP_FROM_BYTES && req.acceptsEncodings(['gzip', 'identity']) === 'gzip') {
    out = gzipped ?? gzipSync(body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', String(out.length));
  res.end(req.method === 'HEAD' ? undefined : out);
}

function sendPage(req: Request, res: Response, status: number, page: string) {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The URL holds the share code: never hand it to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
  send(req, res, Buffer.from(page));
}

export interface PublicPageDeps {
  /** The form behind a code when PUBLISHED or ARCHIVED; throws a 404 AppError otherwise. */
  publicForm: (code: string) => Promise<FormRow>;
  limiter: PublicRateLimiter | undefined;
  logger: Logger;
}

/** `GET /f/:code`, the page behind a share link, and its hashed static assets. */
export function createPublicPageRouter({ publicForm, limiter, logger }: PublicPageDeps): Router {
  const router = express.Router({ strict: true });
  // Build the script now, so the first visitor does not wait for it.
  pageAssets().catch((err: unknown) => logger.error({ err }, 'building the public page assets failed'));

  router.get('/f/assets/:name', async (req, res, next) => {
    try {
      const assets = await pageAssets();
      const found: PageAsset | undefined = [assets.script, assets.style].find(
        (a) => a.name === req.params.name,
      );
      if (found === undefined) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', found.contentType);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      send(req, res, found.body, found.gzip);
    } catch (error) {
      next(error);
    }
  });

  router.get('/f/:code/', (req, res) => {
    res.redirect(301, `../${encodeURIComponent(req.params.code)}`);
  });

  router.get('/f/:code', async (req, res) => {
    const language = negotiateLanguage(req.get('accept-language'));
    const visitorTexts = pageTextsFor(language);
    let links: PageAssetLinks | undefined;
    const message = (status: number, heading: string, text: string) =>
      sendPage(req, res, status, renderMessagePage(language, links!, heading, text));
    try {
      const assets = await pageAssets();
      links = { script: `assets/${assets.script.name}`, style: `assets/${assets.style.name}` };
      const refusal = await limiter?.take(req);
      if (refusal !== undefined) {
        res.setHeader('Retry-After', String(refusal.retry_after));
        message(429, visitorTexts.tooManyTitle, visitorTexts.tooMany);
        return;
      }
      const code = req.params.code!;
      const form = await publicForm(code).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return undefined;
        throw error;
      });
      if (form === undefined) {
        message(404, visitorTexts.notFoundTitle, visitorTexts.notFoundBody);
        return;
      }
      const schema = schemaOf(form);
      const texts = pageTextsFor(schema.meta.language);
      if (form.publish_status !== 'PUBLISHED') {
        const page = renderMessagePage(
          schema.meta.language,
          links,
          texts.closedTitle,
          texts.closedBody,
          form.title,
        );
        sendPage(req, res, 200, page);
        return;
      }
      const view = { code, title: form.title, description: form.description, schema };
      sendPage(req, res, 200, renderFormPage(view, texts, links, `../v1/public/forms/${code}`));
    } catch (err) {
      logger.error({ reqId: req.id, err }, 'public page failed');
      if (res.headersSent) return;
      if (links === undefined) res.status(500).type('text/plain').send(visitorTexts.genericError);
      else message(500, visitorTexts.errorTitle, visitorTexts.genericError);
    }
  });

  return router;
}
