/** Small helpers the server benchmarks share: statistics, formatting and JSON calls. */

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** One JSON request to a server under test, with the API key when one is given. */
export async function callJson(url: string, method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/** A benchmark that measures a broken setup measures nothing: stop at once. */
export function expectStatus(what: string, got: number, want: number) {
  if (got !== want) throw new Error(`benchmark sanity check failed: ${what} answered ${got}, not ${want}`);
}
