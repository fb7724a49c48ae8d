/**
 * recheck's pure-JS build (the file its `browser` field points at). The engine imports it on every
 * platform: the Node entry (`recheck`) runs `checkSync` in a synckit worker thread that spawns the
 * native binary or Java, ignores a `backend` parameter (only the RECHECK_SYNC_BACKEND environment
 * variable selects "pure"), and is not bundlable for browsers. One build means one verdict.
 *
 * It is CommonJS flagged `__esModule`: Node's ESM loader exposes it only as `default`, while
 * bundlers and CommonJS interop expose the named exports (and no default). Both are declared;
 * regex-safety.ts takes whichever is there.
 */
declare module 'recheck/lib/browser.js' {
  import type { check as Check, checkSync as CheckSync } from 'recheck';

  export const check: typeof Check | undefined;
  export const checkSync: typeof CheckSync | undefined;
  const recheck: { check: typeof Check; checkSync: typeof CheckSync } | undefined;
  export default recheck;
}
