const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Parses `90s`, `15m`, `24h`, `30d`, `2w` (or a bare number of milliseconds) into milliseconds.
 * Returns undefined for anything else, so callers can say what they expected.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?$/i.exec(text.trim());
  if (match === null) return undefined;
  const value = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms').toLowerCase()]!;
  return Number.isFinite(value) ? Math.round(value) : undefined;
}

export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]!;
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
