import { pipeline } from 'node:stream/promises';
import { contract, issuesFromZodError, RESPONSE_FILE_PATH, Uuid } from '@formloom/contract';
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { badRequest, notFound } from '../../domain-errors.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { authOf, routedAs } from '../../http/request-context.js';
import type { Logger } from '../../logger.js';
import type { FormsService } from '../forms/index.js';
import type { UploadsService } from './uploads-service.js';

/** Not a contract route (docs/server.md), its path shared with the SDK: the bytes of a file answer of a stored response. */
export const FILE_DOWNLOAD_PATH = RESPONSE_FILE_PATH;

const Params = z.object({
  id: Uuid,
  responseId: Uuid,
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid upload id'),
});

/**
 * Reading a response's file needs what reading the response needs (RESPONSES_READ), so the route
 * borrows the contract metadata of `getResponse`: the app's own authentication and rate-limit
 * middleware then treat it exactly like that route.
 */
const ROUTE = { method: 'GET', path: FILE_DOWNLOAD_PATH, metadata: contract.responses.getResponse.metadata };

export function createFileDownloadRouter(deps: {
  uploads: UploadsService;
  forms: Pick<FormsService, 'load'>;
  /** The API-key guards of every contract route (authentication, then rate limits). */
  guards: RequestHandler[];
  logger: Logger;
}): Router {
  const router = express.Router();
  router.get(FILE_DOWNLOAD_PATH, routedAs(ROUTE), ...deps.guards, async (req, res, next) => {
    try {
      const parsed = Params.safeParse(req.params);
      if (!parsed.success) {
        const issues = issuesFromZodError(parsed.error, 'params');
        throw badRequest(issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
      }
      const { id, responseId, uploadId } = parsed.data;
      // Another account's form is a 404 like a missing one (tenant isolation), as everywhere.
      await deps.forms.load(authOf(req).accountId, id);
      const file = await deps.uploads.open(id, responseId, uploadId);
      if (file === undefined) throw notFound(`No file ${uploadId} in response ${responseId} of form ${id}`);
      res.setHeader('Content-Type', file.row.type);
      res.setHeader('Content-Length', String(file.row.size));
      res.setHeader('Content-Disposition', contentDisposition(file.row.name));
      // Uploaded content is never rendered by the browser in our origin.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', 'private, no-store');
      await pipeline(file.body, res).catch((err: unknown) => {
        deps.logger.warn({ reqId: req.id, err }, 'file download interrupted');
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
