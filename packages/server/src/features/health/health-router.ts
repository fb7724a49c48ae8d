import { errorBody, successBody } from '@formloom/contract';
import express, { type Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import type { Logger } from '../../logger.js';

/** A probe that takes longer than this is answered 503: the load balancer should look elsewhere. */
export const READY_TIMEOUT_MS = 2000;

interface Readiness {
  ready: boolean;
  database: 'reachable' | 'unreachable';
  /** Migrations this server knows that the database has not run (the schema is behind the code). */
  pending: string[];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

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
 *   a readiness probe: a failure means send no traffic here yet.
 */
export function createHealthRouter({ db, logger }: { db: Db; logger: Logger }): Router {
  const router = express.Router({ strict: true });
  const known = Object.keys(MIGRATIONS);
  // Migrations are never undone, so once all were seen applied, only reachability is asked again.
  let migrated = false;

  async function readiness(): Promise<Readiness> {
    try {
      if (migrated) {
        await withTimeout(sql`select 1`.execute(db), READY_TIMEOUT_MS);
        return { ready: true, database: 'reachable', pending: [] };
      }
      const rows = await withTimeout(
        sql<{ name: string }>`select name from formloom_migration`.execute(db),
        READY_TIMEOUT_MS,
      );
      const applied = new Set(rows.rows.map((r) => r.name));
      const pending = known.filter((name) => !applied.has(name));
      migrated = pending.length === 0;
      return { ready: migrated, database: 'reachable', pending };
    } catch (err) {
      logger.warn({ err }, 'readiness probe: database unreachable');
      return { ready: false, database: 'unreachable', pending: [] };
    }
  }

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
