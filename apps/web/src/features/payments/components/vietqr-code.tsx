import { encode } from 'uqr';

/** The VietQR payload drawn as an SVG QR code (one path: light on a slow phone). */
export function VietQrCode({ payload, label }: { payload: string; label: string }) {
  const { data, size } = encode(payload, { ecc: 'M', border: 4 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-64 w-64 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
