/**
 * In-process wake-up for the delivery worker: writers call `notifyOutbox()` after recording
 * events so a worker in the same process sends them at once instead of at its next poll. Other
 * processes (several servers on one database) still find the work by polling.
 */
const listeners = new Set<() => void>();

export function notifyOutbox(): void {
  for (const listener of listeners) listener();
}

/** Returns the function that removes the listener. */
export function onOutboxWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
