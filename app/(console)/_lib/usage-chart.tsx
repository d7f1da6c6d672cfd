"use client";

import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { ChartContainer, ChartData, ChartTooltip, ChartTooltipContent, type ChartConfig } from "./chart";
import { FigureTable } from "./figure-table";
import { formatDay, formatNumber } from "./format";

const config = { used: { label: "Units", color: "#1e40af" } } satisfies ChartConfig;

/** Units used per day of the billing period as bars, with the same figures in words and in a table. */
export function UsageChart({ period, days }: { period: string; days: { day: string; used: number }[] }) {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const used = new Map(days.map((d) => [d.day, d.used]));
  const all = Array.from({ length }, (_, i) => {
    const day = `${period}-${String(i + 1).padStart(2, "0")}`;
    return { day, used: used.get(day) ?? 0 };
  });
  const total = all.reduce((s, d) => s + d.used, 0);
  const busiest = all.reduce((a, b) => (b.used > a.used ? b : a));
  const summary =
    total === 0 ? `No units used yet in ${period}.` : `${formatNumber(total)} units used in ${period}; the busiest day was ${formatDay(busiest.day)} with ${formatNumber(busiest.used)}.`;

  return (
    <figure>
      <ChartContainer config={config} label={`Units used per day. ${summary}`} className="h-40">
        <BarChart data={all} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatDay} tickLine={false} interval="preserveStartEnd" minTickGap={24} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} tickFormatter={formatNumber} />
          <ChartTooltip content={<ChartTooltipContent labelFormatter={formatDay} valueFormatter={formatNumber} />} />
          <Bar dataKey="used" fill="var(--color-used)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartContainer>
      <figcaption className="mt-1 text-sm text-slate-700">{summary}</figcaption>
      <ChartData summary="Show usage by day as a table">
        <div className="max-w-xs">
          <FigureTable
            caption="Units used by day (UTC)"
            rows={all.filter((d) => d.used > 0)}
            rowKey={(d) => d.day}
            columns={[
              { label: "Day (UTC)", cell: (d) => formatDay(d.day) },
              { label: "Units", numeric: true, cell: (d) => formatNumber(d.used) },
            ]}
          />
        </div>
      </ChartData>
    </figure>
  );
}
