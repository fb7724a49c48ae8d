/** The widths a histogram's bins may take: 1, 2 or 5 times a power of ten. */
function niceWidth(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((s) => s * power >= raw * (1 - 1e-9)) ?? 10;
  return step * power;
}

/** `x` without the float dust of adding widths (0.30000000000000004 -> 0.3). */
const tidy = (x: number) => Number(x.toPrecision(15));

/**
 * The edges of at most 12 equal-width bins that hold every value from `min` to `max`: bin k is
 * `[edges[k], edges[k+1])`, the first edge a multiple of the width at or below `min`, the last
 * above `max`. About ten bins over the range, their width 1, 2 or 5 times a power of ten; for
 * whole numbers never under 1 wide, so each bin of a small range is one value.
 *
 * @example histogramEdges(0, 40, true) // [0, 5, 10, ..., 40, 45]
 */
export function histogramEdges(min: number, max: number, wholeNumbers: boolean): number[] {
  const range = max - min;
  // Never so narrow that the edges of bins far from zero print alike (1e9 and 1e9 + 1e-7).
  const magnitude = Math.max(Math.abs(min), Math.abs(max));
  const least = Math.max(magnitude * 1e-10, 1e-12);
  let width = niceWidth(Math.max(range === 0 ? magnitude / 10 : range / 10, least));
  if (wholeNumbers) width = Math.max(1, width);
  let start = tidy(Math.floor(min / width) * width);
  if (start > min) start = tidy(start - width); // min / width rounded up (or to zero)
  // The fewest bins whose last (printed) edge lies above max.
  let bins = Math.max(1, Math.ceil((max - start) / width));
  while (tidy(start + bins * width) <= max) bins++;
  while (bins > 1 && tidy(start + (bins - 1) * width) > max) bins--;
  return Array.from({ length: bins + 1 }, (_, k) => tidy(start + k * width));
}
