import { pipeline } from 'node:stream/promises';
import { OWNER_UPLOAD_ID_PATTERN, PUBLIC_IMAGE_PATH } from '@formloom/contract';
import express, { type Router } from 'express';
import { notFound } from '../../domain-errors.js';
import type { Logger } from '../../logger.js';
import type { OwnerUploadsService } from './owner-uploads-service.js';

/**
 * Not a contract route (bytes, not an envelope): an owner upload's image, by its unguessable id,
 * for the public forms that name it. Pages on other origins embed it (the element), so it is
 * served cross-origin; an id never changes its bytes, so it is cached for good.
 */
export function createImageRouter(deps: { uploads: OwnerUploadsService; logger: Logger }): Router {
  const router = express.Router();
  router.get(PUBLIC_IMAGE_PATH, async (req, res, next) => {
    try {
      const id = String(req.params.id);
      const image = OWNER_UPLOAD_ID_PATTERN.test(id) ? await deps.uploads.open(id) : undefined;
      if (image === undefined) throw notFound(`No image ${id}`);
      res.setHeader('Content-Type', image.row.content_type);
      res.setHeader('Content-Length', String(image.row.size));
      // The sniffed type only, never the browser's guess, and nothing in it may run.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      await pipeline(image.body, res).catch((err: unknown) => {
        deps.logger.warn({ reqId: req.id, err }, 'image download interrupted');
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
