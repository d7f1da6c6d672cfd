const ZOOM = 17;

/** Web Mercator tile coordinates of a point (fractional), at ZOOM. */
function tileOf(lat: number, lng: number): { x: number; y: number } {
  const n = 2 ** ZOOM;
  const rad = (lat * Math.PI) / 180;
  return { x: ((lng + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

/**
 * Three by three tiles of MAP_TILE_URL around a point, with the point marked: a map without a map
 * library (the page only needs to show where the point is).
 */
export function TileMap({ url, point, label }: { url: string; point: { lat: number; lng: number }; label: string }) {
  const t = tileOf(point.lat, point.lng);
  const x0 = Math.floor(t.x) - 1;
  const y0 = Math.floor(t.y) - 1;
  const pct = (v: number) => `${(v / 3) * 100}%`;
  return (
    <figure className="max-w-xs">
      <div role="img" aria-label={label} className="relative aspect-square w-full overflow-hidden rounded-md border border-slate-300 bg-slate-100">
        {[0, 1, 2].flatMap((r) =>
          [0, 1, 2].map((c) => (
            // Plain tiles from the operator's tile server: next/image would fetch a third party's tiles through this
            // public page's server, and the tiles are already sized.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              key={`${r}${c}`}
              alt=""
              src={url
                .replace("{z}", String(ZOOM))
                .replace("{x}", String(x0 + c))
                .replace("{y}", String(y0 + r))}
              className="absolute h-1/3 w-1/3 max-w-none"
              style={{ left: pct(c), top: pct(r) }}
            />
          )),
        )}
        <span className="absolute -ml-2 -mt-2 h-4 w-4 rounded-full border-2 border-white bg-red-700" style={{ left: pct(t.x - x0), top: pct(t.y - y0) }} />
      </div>
      <figcaption className="mt-1 text-xs text-slate-700">{new URL(url.replace(/[{}]/g, "")).hostname}</figcaption>
    </figure>
  );
}
