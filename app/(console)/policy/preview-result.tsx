"use client";

import { DECISIONS } from "~/lib/words";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { ChartContainer, ChartLegend, ChartTooltip, ChartTooltipContent, type ChartConfig } from "../_lib/chart";
import { formatNumber, formatRupeesWhole } from "../_lib/format";
import type { Outputs } from "../_lib/trpc";
import { Badge, DecisionBadge } from "../_lib/ui";

type Preview = Outputs["policy"]["preview"];
const config = {
  current: { label: "Policy in force", color: "#64748b" },
  proposed: { label: "Proposed policy", color: "#1e40af" },
} satisfies ChartConfig;

function signed(n: number, format: (n: number) => string): string {
  return n === 0 ? "no change" : `${n > 0 ? "+" : "−"}${format(Math.abs(n))}`;
}

/** What the preview found: the figures under both policies (chart and table) and how the decisions move (the 3 × 3 matrix). */
export function PreviewResult({ data, stale, currentVersion }: { data: Preview; stale: boolean; currentVersion: number }) {
  const figures = [
    { key: "returns_caught", name: "Returns caught", about: "returned parcels decided REVIEW or HOLD", format: formatNumber },
    { key: "deliveries_held", name: "Deliveries held", about: "delivered parcels decided HOLD", format: formatNumber },
    { key: "cost_rupees", name: "Cost", about: "returned parcels shipped and delivered parcels held, in rupees", format: formatRupeesWhole },
  ] as const;
  const chart = figures.slice(0, 2).map((f) => ({ figure: f.name, current: data.current[f.key], proposed: data.proposed[f.key] }));
  const words = figures.map((f) => `${f.name}: ${f.format(data.current[f.key])} now, ${f.format(data.proposed[f.key])} proposed`).join("; ");

  return (
    <section aria-labelledby="preview-heading" className={`mt-4 space-y-4 ${stale ? "opacity-60" : ""}`} data-testid="preview-result">
      <div>
        <h3 id="preview-heading" className="text-base font-semibold text-slate-900">
          Preview over the last {data.days} days
        </h3>
        {stale && <p className="text-sm font-medium text-amber-900">This preview is of an earlier form: preview again to see the policy as it stands.</p>}
        <p className="mt-1 text-sm text-slate-800">
          <strong data-testid="preview-verifications">{formatNumber(data.verifications)}</strong> live verifications, <strong>{formatNumber(data.with_outcomes)}</strong> of them with a
          reported outcome (the figures below count those).
        </p>
        {data.synthetic_verifications > 0 && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <Badge tone="blue">Synthetic demo data</Badge>
            {formatNumber(data.synthetic_verifications)} of these verifications are synthetic, made by <code>demo outcomes</code>.
          </p>
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="preview-figures">
            <caption className="mb-1 text-left text-sm font-semibold text-slate-900">Outcomes under each policy</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1.5 pr-3">
                  Figure
                </th>
                <th scope="col" className="whitespace-nowrap py-1.5 pr-3 text-right">
                  In force (v{currentVersion})
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  Proposed
                </th>
                <th scope="col" className="py-1.5 text-right">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.map((f) => (
                <tr key={f.key} className="border-b border-slate-200 last:border-0" data-figure={f.key}>
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    <span className="font-medium text-slate-900">{f.name}</span>
                    <span className="block text-xs text-slate-700">{f.about}</span>
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums" data-policy="current">
                    {f.format(data.current[f.key])}
                  </td>
                  <td className="py-1.5 pr-3 text-right font-semibold tabular-nums" data-policy="proposed">
                    {f.format(data.proposed[f.key])}
                  </td>
                  <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{signed(data.proposed[f.key] - data.current[f.key], f.format)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-700">
            Cost = returned parcels shipped × {formatRupeesWhole(data.costs.returned_shipped_rupees)} + deliveries held × {formatRupeesWhole(data.costs.held_delivered_rupees)} (this
            workspace&apos;s settings).
          </p>
        </div>
        <figure>
          <ChartContainer config={config} label={`Returns caught and deliveries held under each policy. ${words}.`} className="h-44">
            <BarChart data={chart} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="figure" tickLine={false} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} tickFormatter={formatNumber} />
              <ChartTooltip content={<ChartTooltipContent valueFormatter={formatNumber} />} />
              <Bar dataKey="current" fill="var(--color-current)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="proposed" fill="var(--color-proposed)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ChartContainer>
          <ChartLegend config={config} />
        </figure>
      </div>

      <div className="overflow-x-auto">
        <table className="text-sm" data-testid="preview-matrix">
          <caption className="mb-1 text-left text-sm font-semibold text-slate-900">
            How the decisions move: each row is the decision given at the time, each column the proposed policy&apos;s
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1.5 pr-4 text-left">
                Decided then
              </th>
              {DECISIONS.map((to) => (
                <th key={to} scope="col" className="px-3 py-1.5 text-right">
                  <span className="sr-only">now </span>
                  <DecisionBadge decision={to} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DECISIONS.map((from) => (
              <tr key={from} className="border-b border-slate-200 last:border-0">
                <th scope="row" className="py-1.5 pr-4 text-left">
                  <DecisionBadge decision={from} />
                </th>
                {DECISIONS.map((to) => (
                  <td key={to} className={`px-3 py-1.5 text-right tabular-nums ${from === to ? "text-slate-600" : "font-semibold text-slate-900"}`} data-from={from} data-to={to}>
                    {formatNumber(data.matrix[from][to])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-xs text-slate-700">On the diagonal (lighter), the decision stays the same.</p>
      </div>
    </section>
  );
}
