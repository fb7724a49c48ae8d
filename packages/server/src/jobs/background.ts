import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The async context of no request, taken when this module loads (with the server's code, before
 * any request ran): every AsyncLocalStorage is empty in it. A callback inherits the context it
 * was scheduled in, so work a request sets off (a wake-up's `setImmediate`, a poll a request's
 * `kick()` starts, a batch flushed for several requests) would otherwise run as that request:
 * its audit caller (features/audit) included, recording another account's changes as its own.
 */
const outsideAnyRequest = AsyncLocalStorage.snapshot();

/**
 * `fn`, run in the context of no request whoever calls it: for work done for the server
 * (workers, chores) or for several requests at once, never as one of them.
 */
export function detached<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => outsideAnyRequest(fn, ...args);
}
