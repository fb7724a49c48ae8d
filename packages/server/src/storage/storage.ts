import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are slash-separated paths of `[A-Za-z0-9_-]` segments
 * (`forms/<form id>/<upload id>`), so every backend (a folder on disk now, an S3-compatible bucket
 * later) can store them as they are and delete a form's files by prefix.
 */
export interface Storage {
  /**
   * Stores the stream under `key`. Resolves with the bytes written once the object is complete;
   * when the stream fails (a size limit, a client that went away) it rejects and leaves nothing,
   * not even a partial object. The body may fail before `put` reads it: an implementation
   * listens for its errors before its first `await`.
   */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The object's bytes, or `undefined` when there is none under `key`. */
  get(key: string): Promise<Readable | undefined>;
  /** Deletes one object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end in `/`). */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/** Throws unless `key` is a storage key (no `..`, no absolute paths, nothing a backend must escape). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid storage key "${key}"`);
}

/** Throws unless `prefix` is a key followed by `/`. */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`storage prefix "${prefix}" must end in "/"`);
  assertStorageKey(prefix.slice(0, -1));
}
