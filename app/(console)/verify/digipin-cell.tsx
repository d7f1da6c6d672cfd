"use client";

import { formatDigipin } from "../_lib/format";
import { api } from "../_lib/trpc";
import { Loading } from "../_lib/ui";
import { ErrorNote } from "../_lib/errors";

const M_PER_DEG = 111_320;

/**
 * The DIGIPIN's cell (from digipin.decode's bbox) drawn among its eight neighbours, north up, with the
 * verified location as a dot. Sizes in metres are approximate (a spherical earth).
 */
export function DigipinCell({ digipin, location }: { digipin: string; location: { lat: number; lng: number } | null }) {
  const decoded = api.digipin.decode.useQuery({ digipin });
  if (decoded.isPending) return <Loading what="the DIGIPIN cell" />;
  if (decoded.error) return <ErrorNote error={decoded.error} action="Could not decode the DIGIPIN" />;
  const { bbox, center } = decoded.data;
  const dLat = bbox.max_lat - bbox.min_lat;
  const dLng = bbox.max_lng - bbox.min_lng;
  const heightM = dLat * M_PER_DEG;
  const widthM = dLng * M_PER_DEG * Math.cos((center.lat * Math.PI) / 180);
  // A 3 × 3 grid of cells; one cell is 100 × (100 · height/width) units.
  const cw = 100;
  const ch = Math.max(40, Math.min(250, (cw * heightM) / widthM));
  const x = (lng: number) => cw + ((lng - bbox.min_lng) / dLng) * cw;
  const y = (lat: number) => ch + ((bbox.max_lat - lat) / dLat) * ch;
  const dot = location && x(location.lng) >= 0 && x(location.lng) <= 3 * cw && y(location.lat) >= 0 && y(location.lat) <= 3 * ch ? location : null;
  const size = `${widthM.toFixed(1)} m × ${heightM.toFixed(1)} m`;

  return (
    <figure className="max-w-xs">
      <svg
        viewBox={`-4 -14 ${3 * cw + 8} ${3 * ch + 18}`}
        className="w-full"
        role="img"
        aria-label={`DIGIPIN ${formatDigipin(digipin)}: a cell of about ${size} centred at ${center.lat.toFixed(6)}, ${center.lng.toFixed(6)}, shown among its neighbours.`}
      >
        <text x={3 * cw} y={-3} fontSize={10} textAnchor="end" fill="#334155">
          N ↑
        </text>
        {[0, 1, 2].flatMap((r) =>
          [0, 1, 2].map((c) => <rect key={`${r}${c}`} x={c * cw} y={r * ch} width={cw} height={ch} fill={r === 1 && c === 1 ? "#dbeafe" : "#f8fafc"} stroke="#94a3b8" strokeWidth={1} />),
        )}
        <rect x={cw} y={ch} width={cw} height={ch} fill="none" stroke="#1e40af" strokeWidth={3} />
        <text x={1.5 * cw} y={ch + 14} fontSize={10} textAnchor="middle" fill="#1e3a8a" fontWeight={700}>
          {formatDigipin(digipin)}
        </text>
        {dot && <circle cx={x(dot.lng)} cy={y(dot.lat)} r={4} fill="#b91c1c" stroke="#fff" strokeWidth={1.5} />}
      </svg>
      <figcaption className="mt-1 text-xs text-slate-700">
        Cell about {size}: latitude {bbox.min_lat.toFixed(6)} to {bbox.max_lat.toFixed(6)}, longitude {bbox.min_lng.toFixed(6)} to {bbox.max_lng.toFixed(6)}.
        {dot ? " The red dot is the verified location." : ""}
      </figcaption>
    </figure>
  );
}
