"use client";

import { DECISIONS, type Decision } from "~/lib/words";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { ChartContainer, ChartLegend, ChartTooltip, ChartTooltipContent, type ChartConfig } from "../_lib/chart";
import { FigureTable } from "../_lib/figure-table";
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
        <div>
          <FigureTable
            caption="Outcomes under each policy"
            captionShown
            testId="preview-figures"
            rows={figures}
            rowKey={(f) => f.key}
            rowData={(f) => ({ "data-figure": f.key })}
            columns={[
              {
                label: "Figure",
                rowHeader: true,
                cell: (f) => (
                  <>
                    <span className="font-medium text-slate-900">{f.name}</span>
                    <span className="block text-xs text-slate-700">{f.about}</span>
                  </>
                ),
              },
              {
                label: `In force (v${currentVersion})`,
                numeric: true,
                data: () => ({ "data-policy": "current" }),
                cell: (f) => f.format(data.current[f.key]),
              },
              {
                label: "Proposed",
                numeric: true,
                className: "font-semibold",
                data: () => ({ "data-policy": "proposed" }),
                cell: (f) => f.format(data.proposed[f.key]),
              },
              { label: "Change", numeric: true, className: "whitespace-nowrap", cell: (f) => signed(data.proposed[f.key] - data.current[f.key], f.format) },
            ]}
          />
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

      <div>
        <FigureTable
          caption="How the decisions move: each row is the decision given at the time, each column the proposed policy's"
          captionShown
          testId="preview-matrix"
          rows={DECISIONS}
          rowKey={(from) => from}
          columns={[
            { label: "Decided then", rowHeader: true, cell: (from) => <DecisionBadge decision={from} /> },
            ...DECISIONS.map((to) => ({
              label: to,
              header: (
                <>
                  <span className="sr-only">now </span>
                  <DecisionBadge decision={to} />
                </>
              ),
              numeric: true,
              className: (from: Decision) => (from === to ? "text-slate-600" : "font-semibold"),
              data: (from: Decision) => ({ "data-from": from, "data-to": to }),
              cell: (from: Decision) => formatNumber(data.matrix[from][to]),
            })),
          ]}
        />
        <p className="mt-1 text-xs text-slate-700">On the diagonal (lighter), the decision stays the same.</p>
      </div>
    </section>
  );
}
