import { formatDigipin } from "../(console)/_lib/format";

const M_PER_DEG = 111_320;

export interface DigipinCellShape {
  digipin: string;
  center: { lat: number; lng: number };
  bbox: { min_lat: number; max_lat: number; min_lng: number; max_lng: number };
}

/** The cell's size in metres, approximately (a spherical earth). */
export function cellSizeM({ bbox, center }: DigipinCellShape): { widthM: number; heightM: number } {
  return {
    heightM: (bbox.max_lat - bbox.min_lat) * M_PER_DEG,
    widthM: (bbox.max_lng - bbox.min_lng) * M_PER_DEG * Math.cos((center.lat * Math.PI) / 180),
  };
}

/**
 * A DIGIPIN's cell drawn among its eight neighbours, north up, with a point as a dot: the console's
 * Verify page and the buyer's confirmation page draw it alike. `caption` replaces the English words
 * under it (the buyer's page speaks Hindi too).
 */
export function DigipinCellDrawing({ cell, location, caption, label }: { cell: DigipinCellShape; location: { lat: number; lng: number } | null; caption?: React.ReactNode; label?: string }) {
  const { bbox, center, digipin } = cell;
  const dLat = bbox.max_lat - bbox.min_lat;
  const dLng = bbox.max_lng - bbox.min_lng;
  const { widthM, heightM } = cellSizeM(cell);
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
        aria-label={label ?? `DIGIPIN ${formatDigipin(digipin)}: a cell of about ${size} centred at ${center.lat.toFixed(6)}, ${center.lng.toFixed(6)}, shown among its neighbours.`}
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
        {caption ?? (
          <>
            Cell about {size}: latitude {bbox.min_lat.toFixed(6)} to {bbox.max_lat.toFixed(6)}, longitude {bbox.min_lng.toFixed(6)} to {bbox.max_lng.toFixed(6)}.
            {dot ? " The red dot is the verified location." : ""}
          </>
        )}
      </figcaption>
    </figure>
  );
}
