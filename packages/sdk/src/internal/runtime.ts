/** What differs between runtimes (Node, browsers, Deno, Bun), behind functions that work on all of them. */

/** An environment variable where the runtime has them (Node, Bun, Deno's `process` shim); never throws. */
export function readEnv(name: string): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    const value = env?.[name]?.trim();
    return value === '' ? undefined : value;
  } catch {
    // Deno without --allow-env throws on access.
    return undefined;
  }
}

/** A random UUID v4: `crypto.randomUUID` where available (secure contexts), else built from random bytes. */
export function randomUUID(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
