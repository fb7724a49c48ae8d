/** JSON columns are text on every dialect; these two keep the conversions in one place. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** Timestamps are stored as ISO 8601 UTC strings with milliseconds, which sort as text. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}
