import { encode } from 'uqr';

/**
 * The public link as a QR code, drawn as one SVG path from uqr's module matrix (uqr: no
 * dependencies, about 10 KB, no canvas or DOM of its own, so React renders it like any markup).
 * Loaded only once a published form shows it.
 */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={192}
      height={192}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
