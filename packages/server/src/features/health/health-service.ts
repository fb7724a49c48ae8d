import type { Db } from '../../db/database.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import type { Logger } from '../../logger.js';
import { createHealthStore } from './health-store.js';

/** A probe that takes longer than this is answered 503: the load balancer should look elsewhere. */
export const READY_TIMEOUT_MS = 2000;

export interface Readiness {
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
 * The readiness check behind `GET /readyz`: the database answers and has every migration this
 * code knows.
 */
export function createReadiness({ db, logger }: { db: Db; logger: Logger }): () => Promise<Readiness> {
  const store = createHealthStore(db);
  const known = Object.keys(MIGRATIONS);
  // Migrations are never undone, so once all were seen applied, only reachability is asked again.
  let migrated = false;

  return async function readiness(): Promise<Readiness> {
    try {
      if (migrated) {
        await withTimeout(store.ping(), READY_TIMEOUT_MS);
        return { ready: true, database: 'reachable', pending: [] };
      }
      const applied = new Set(await withTimeout(store.appliedMigrations(), READY_TIMEOUT_MS));
      const pending = known.filter((name) => !applied.has(name));
      migrated = pending.length === 0;
      return { ready: migrated, database: 'reachable', pending };
    } catch (err) {
      logger.warn({ err }, 'readiness probe: database unreachable');
      return { ready: false, database: 'unreachable', pending: [] };
    }
  };
}
