import { formatDay, formatNumber } from "./format";

/** Units used per day of the billing period as SVG bars, with the same figures in a table for screen readers and keyboard users. */
export function UsageChart({ period, days }: { period: string; days: { day: string; used: number }[] }) {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const used = new Map(days.map((d) => [d.day, d.used]));
  const all = Array.from({ length }, (_, i) => {
    const day = `${period}-${String(i + 1).padStart(2, "0")}`;
    return { day, used: used.get(day) ?? 0 };
  });
  const max = Math.max(1, ...all.map((d) => d.used));
  const total = all.reduce((s, d) => s + d.used, 0);
  const busiest = all.reduce((a, b) => (b.used > a.used ? b : a));
  const W = 12;
  const H = 120;
  const summary =
    total === 0 ? `No units used yet in ${period}.` : `${formatNumber(total)} units used in ${period}; the busiest day was ${formatDay(busiest.day)} with ${formatNumber(busiest.used)}.`;

  return (
    <figure>
      <svg viewBox={`0 0 ${length * W} ${H}`} className="h-36 w-full" role="img" aria-label={`Units used per day. ${summary}`} preserveAspectRatio="none">
        <line x1={0} x2={length * W} y1={H} y2={H} stroke="#64748b" strokeWidth={1} />
        {all.map((d, i) => {
          const h = (d.used / max) * (H - 4);
          return (
            <rect key={d.day} x={i * W + 2} y={H - h} width={W - 4} height={h} fill="#1e40af">
              <title>{`${formatDay(d.day)}: ${formatNumber(d.used)} units`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Day labels in HTML: the SVG stretches to the width, text inside it would too. */}
      <div className="flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>{formatDay(all[0]!.day)}</span>
        <span>{formatDay(all[length - 1]!.day)}</span>
      </div>
      <figcaption className="mt-1 text-sm text-slate-700">
        {summary} Highest bar: {formatNumber(max)} units.
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">Show usage by day as a table</summary>
        <table className="mt-2 w-full max-w-xs text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                Day (UTC)
              </th>
              <th scope="col" className="py-1 text-right">
                Units
              </th>
            </tr>
          </thead>
          <tbody>
            {all
              .filter((d) => d.used > 0)
              .map((d) => (
                <tr key={d.day} className="border-t border-slate-200">
                  <td className="py-1 pr-4">{formatDay(d.day)}</td>
                  <td className="py-1 text-right tabular-nums">{formatNumber(d.used)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
