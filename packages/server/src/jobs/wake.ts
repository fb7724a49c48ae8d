import { detached } from './background.js';

/**
 * An in-process wake-up: a writer calls `notify()` after it queued work (an outbox event, an AI
 * job) so a worker of the same app looks at once instead of at its next poll. It is an object
 * made with the app (`createWorkSignals`, passed through the app's and the workers' options), not
 * module state, so two apps in one process do not wake each other. Other processes on the same
 * database still find the work by polling.
 */
export interface Wake {
  /** Wakes every listener on the next turn of the event loop (after the writer's commit returns). */
  notify(): void;
  /** Returns the function that removes the listener. */
  on(listener: () => void): () => void;
}

export function createWake(): Wake {
  const listeners = new Set<() => void>();
  // Listeners run as no request, not as the writer that notified (see `detached`).
  const wakeAll = detached(() => {
    for (const listener of listeners) listener();
  });
  return {
    notify: () => void setImmediate(wakeAll),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The wake-ups of one app: its outbox worker and its AI job worker. */
export interface WorkSignals {
  outbox: Wake;
  aiJobs: Wake;
}

export function createWorkSignals(): WorkSignals {
  return { outbox: createWake(), aiJobs: createWake() };
}
