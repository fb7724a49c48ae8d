import { parseDuration } from '@formloom/server';

/** The process environment as the config readers take it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A variable's trimmed value; unset and empty are both undefined. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** A whole number from `min` to `max`, or `fallback` when unset; `fail` makes the error. */
export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  fail: (message: string) => Error,
): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw fail(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** A duration such as `30d`, `12h`, `90s` or `1500ms`, in milliseconds, or `fallback` when unset. */
export function duration(env: Env, name: string, fallback: number, fail: (message: string) => Error): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const ms = parseDuration(raw);
  if (ms === undefined) throw fail(`${name} must be a duration such as 30d, 12h or 90s (got "${raw}")`);
  return ms;
}
