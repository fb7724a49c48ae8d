import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { histogramEdges } from './histogram.js';

describe('histogram edges', () => {
  it('about ten bins of 1, 2 or 5 times a power of ten; whole numbers one bin a value when the range is small', () => {
    expect(histogramEdges(0, 40, true)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
    expect(histogramEdges(1, 5, true)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(histogramEdges(3, 3, true)).toEqual([3, 4]);
    expect(histogramEdges(1, 5, false)).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5]);
    expect(histogramEdges(0.1, 0.3, false)).toEqual([
      0.1, 0.12, 0.14, 0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.32,
    ]);
    expect(histogramEdges(-7, 12, true)).toEqual([-8, -6, -4, -2, 0, 2, 4, 6, 8, 10, 12, 14]);
    expect(histogramEdges(1200, 98_000, true)[1]).toBe(10_000);
  });

  it('for any range: at most 12 equal bins, the first edge at or below min, the last above max', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.boolean(),
        (low, span, whole) => {
          const min = whole ? Math.round(low) : low;
          const max = whole ? min + Math.round(span) : min + span;
          const edges = histogramEdges(min, max, whole);
          const bins = edges.length - 1;
          expect(bins).toBeGreaterThanOrEqual(1);
          expect(bins).toBeLessThanOrEqual(12);
          expect(edges[0]!).toBeLessThanOrEqual(min);
          expect(edges.at(-1)!).toBeGreaterThan(max);
          const width = edges[1]! - edges[0]!;
          if (whole) expect(width).toBeGreaterThanOrEqual(1);
          for (let k = 1; k < edges.length; k++) {
            expect(edges[k]! - edges[k - 1]!).toBeCloseTo(width, 6);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
