import type { Db } from '../../db/database.js';
import { abandonActiveSessions } from './sessions-store.js';

/** Sessions idle this long become abandoned (FORMLOOM_SESSION_IDLE_TIMEOUT, default 24 h). */
export const DEFAULT_SESSION_IDLE_MS = 24 * 3_600_000;

/** The sweeper: active sessions idle for `idleMs` become abandoned; returns how many. */
export function sweepIdleSessions(
  db: Db,
  options: { idleMs?: number; clock?: () => Date } = {},
): Promise<number> {
  const now = (options.clock ?? (() => new Date()))();
  const idleBefore = new Date(now.getTime() - (options.idleMs ?? DEFAULT_SESSION_IDLE_MS)).toISOString();
  return abandonActiveSessions(db, { idleBefore }, now.toISOString());
}
