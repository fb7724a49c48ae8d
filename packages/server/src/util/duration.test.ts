import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('durations', () => {
  it('parse the units the CLI documents', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('2w')).toBe(14 * 86_400_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('250')).toBe(250);
    for (const bad of ['', 'h', '1y', '-1d', 'soon']) expect(parseDuration(bad), bad).toBeUndefined();
  });

  it('format in the largest whole unit', () => {
    expect(formatDuration(7 * 86_400_000)).toBe('7d');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(1500)).toBe('1500ms');
  });
});
