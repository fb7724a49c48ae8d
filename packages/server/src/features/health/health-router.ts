import { errorBody, successBody } from '@formloom/contract';
import express, { type Router } from 'express';
import type { Readiness } from './health-service.js';

/**
 * `GET /healthz` and `GET /readyz`, for load balancers and orchestrators. They live outside the
 * ts-rest contract on purpose: they are not part of the API (no envelope contract for SDKs, no
 * OpenAPI entry, no credential kind), and they must run before authentication, rate limits and
 * the request log, so a probe every few seconds is never refused, never counted and never floods
 * the log. They say nothing about accounts or data.
 *
 * - `/healthz`: the process is alive and its event loop turns (200, no database call), for a
 *   liveness probe: a failure means restart the process.
 * - `/readyz`: the database answers and has every migration this code knows (200), else 503, for
 *   a readiness probe: a failure means send no traffic here yet. `readiness` is the check
 *   (`createReadiness` of the health service).
 */
export function createHealthRouter({ readiness }: { readiness: () => Promise<Readiness> }): Router {
  const router = express.Router({ strict: true });

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(successBody({ status: 'ok' }));
  });

  router.get('/readyz', async (_req, res) => {
    const state = await readiness();
    res.setHeader('Cache-Control', 'no-store');
    if (state.ready) {
      res.status(200).json(successBody({ status: 'ready', database: state.database }));
      return;
    }
    const message =
      state.database === 'unreachable'
        ? 'The database does not answer'
        : `The database lacks ${state.pending.length} migration(s) this server needs: ${state.pending.join(', ')}`;
    res.status(503).json(errorBody('SERVICE_UNAVAILABLE', message));
  });

  return router;
}
