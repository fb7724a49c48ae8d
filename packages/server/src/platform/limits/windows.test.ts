import { describe, expect, it } from 'vitest';
import { secondsUntil, unixSeconds, windowOf } from './windows.js';

const iso = (d: Date) => d.toISOString();

describe('fixed windows (UTC)', () => {
  it.each([
    ['minute', '2031-03-15T10:20:10.500Z', '2031-03-15T10:20:00.000Z', '2031-03-15T10:21:00.000Z'],
    ['minute', '2031-03-15T10:20:00.000Z', '2031-03-15T10:20:00.000Z', '2031-03-15T10:21:00.000Z'],
    ['minute', '2031-03-15T10:20:59.999Z', '2031-03-15T10:20:00.000Z', '2031-03-15T10:21:00.000Z'],
    ['hour', '2031-03-15T10:59:59.999Z', '2031-03-15T10:00:00.000Z', '2031-03-15T11:00:00.000Z'],
    ['hour', '2031-12-31T23:30:00.000Z', '2031-12-31T23:00:00.000Z', '2032-01-01T00:00:00.000Z'],
    ['month', '2031-03-15T10:20:10.500Z', '2031-03-01T00:00:00.000Z', '2031-04-01T00:00:00.000Z'],
    ['month', '2031-12-31T23:59:59.999Z', '2031-12-01T00:00:00.000Z', '2032-01-01T00:00:00.000Z'],
    ['month', '2032-02-29T12:00:00.000Z', '2032-02-01T00:00:00.000Z', '2032-03-01T00:00:00.000Z'],
    ['month', '2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z', '2031-02-01T00:00:00.000Z'],
  ] as const)('%s window of %s', (kind, at, start, end) => {
    const w = windowOf(kind, new Date(at));
    expect([iso(w.start), iso(w.end)]).toEqual([start, end]);
  });

  it('counts whole seconds up, at least one', () => {
    const now = new Date('2031-03-15T10:20:10.000Z');
    expect(secondsUntil(new Date('2031-03-15T10:21:00.000Z'), now)).toBe(50);
    expect(secondsUntil(new Date('2031-03-15T10:20:10.001Z'), now)).toBe(1);
    expect(secondsUntil(now, now)).toBe(1);
    expect(unixSeconds(new Date('2031-03-15T10:21:00.999Z'))).toBe(1931336460);
  });
});
