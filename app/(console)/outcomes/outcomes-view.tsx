"use client";

import { Bar, BarChart, CartesianGrid, ComposedChart, Line, LineChart, XAxis, YAxis } from "recharts";
import { REASONS, type ReasonCode } from "~/lib/reasons";
import { ChartContainer, ChartData, ChartLegend, ChartTooltip, ChartTooltipContent, DECISION_COLOURS, type ChartConfig } from "../_lib/chart";
import { FigureTable, type Column } from "../_lib/figure-table";
import { formatDay, formatNumber, formatShare } from "../_lib/format";
import type { Outputs } from "../_lib/trpc";
import { Badge, Card, DecisionBadge, Empty } from "../_lib/ui";

type Analytics = Outputs["analytics"]["outcomes"];

const percentTick = (v: number) => `${Math.round(v * 100)}%`;

const decisionConfig = { return_rate: { label: "Return rate", color: "#1e40af" } } satisfies ChartConfig;
const weekConfig = {
  verifications: { label: "Verifications", color: "#94a3b8" },
  return_rate: { label: "Return rate", color: "#b91c1c" },
} satisfies ChartConfig;
const calibrationConfig = {
  predicted: { label: "Predicted delivered share (dashed)", color: "#64748b" },
  observed: { label: "Observed delivered share", color: "#1e40af" },
} satisfies ChartConfig;

/** A breakdown's last three columns: what it counts (its verifications, or its outcomes), the parcels returned and the rate. */
function returnColumns<Count extends "verifications" | "outcomes">(label: string, count: Count): Array<Column<Record<Count, number> & { returned: number; return_rate: number | null }>> {
  return [
    { label, numeric: true, cell: (r) => formatNumber(r[count]) },
    { label: "Returned", numeric: true, cell: (r) => formatNumber(r.returned) },
    { label: "Return rate", numeric: true, cell: (r) => formatShare(r.return_rate) },
  ];
}

const GAP_MIN_COUNT = 10;

/** "2026-W47" → "W47 2026" for people; the ISO week as the API gives it stays in the table. */
function weekWords(week: string): string {
  const [year, w] = week.split("-");
  return `${w} ${year}`;
}

/** The Outcomes page's figures for one period: charts with their figures in words and tables, then the tables. */
export function OutcomesView({ data }: { data: Analytics }) {
  const returned = data.by_decision.reduce((s, d) => s + d.returned, 0);
  return (
    <div className="space-y-4">
      <section aria-label="Summary" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {data.synthetic_verifications > 0 && (
          <p className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-blue-200 bg-blue-50 p-2 text-sm text-blue-950" data-testid="synthetic-note">
            <Badge tone="blue">Synthetic demo data</Badge>
            {formatNumber(data.synthetic_verifications)} of the {formatNumber(data.verifications)} verifications in this period are synthetic, made with their outcomes by{" "}
            <code className="text-xs">npm run dakiya -- demo outcomes</code>; they cost no units.
          </p>
        )}
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          {(
            [
              ["Period", `${formatDay(data.from)} – ${formatDay(data.to)}`],
              ["Verifications", formatNumber(data.verifications)],
              ["Outcomes reported", formatNumber(data.outcomes)],
              ["Returned parcels", formatNumber(returned)],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt className="text-slate-700">{k}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900" data-summary={k}>
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {data.outcomes === 0 ? (
        <Empty>No outcome was reported for the verifications of this period. Report outcomes with POST /outcomes (or from a batch row) and they appear here.</Empty>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ByDecision data={data} />
            <Calibration data={data} />
          </div>
          <ByWeek data={data} />
          <Card title="By reason">
            <FigureTable
              caption="Return rate by reason code, most verifications first"
              rows={data.by_reason}
              rowKey={(r) => r.code}
              columns={[
                {
                  label: "Reason",
                  cell: (r) => (
                    <>
                      <code className="text-xs">{r.code}</code>
                      <span className="block text-xs text-slate-700">{REASONS[r.code as ReasonCode] ?? ""}</span>
                    </>
                  ),
                },
                ...returnColumns("Verifications", "verifications"),
              ]}
            />
          </Card>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card title="Pincodes with the most returns">
              <FigureTable
                caption="The 20 pincodes with the most returned parcels"
                rows={data.by_pincode}
                rowKey={(r) => r.pincode}
                columns={[
                  {
                    label: "Pincode",
                    cell: (r) => (
                      <>
                        <span className="font-mono">{r.pincode}</span>
                        <span className="block text-xs text-slate-700">{[r.district, r.state].filter(Boolean).join(", ") || "Not in the directory"}</span>
                      </>
                    ),
                  },
                  ...returnColumns("Verifications", "verifications"),
                ]}
              />
            </Card>
            <Card title="By courier">
              <FigureTable
                caption="Return rate by courier, as reported with the outcomes"
                rows={data.by_courier}
                rowKey={(r) => r.courier}
                columns={[
                  {
                    label: "Courier",
                    cell: (r) =>
                      r.courier === "unknown" ? (
                        <span className="text-slate-700">Not reported</span>
                      ) : r.courier === "other" ? (
                        <span className="text-slate-700">All other couriers</span>
                      ) : (
                        r.courier
                      ),
                  },
                  ...returnColumns("Outcomes", "outcomes"),
                ]}
              />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

function ByDecision({ data }: { data: Analytics }) {
  const rows = data.by_decision.map((d) => ({ ...d, fill: DECISION_COLOURS[d.decision] }));
  const words = rows.map((d) => `${d.decision} ${formatShare(d.return_rate)} of ${formatNumber(d.delivered + d.returned)} parcels`).join(", ");
  return (
    <Card title="Return rate by decision">
      <figure>
        <ChartContainer config={decisionConfig} label={`Return rate by decision: ${words}.`} className="h-48">
          <BarChart
            data={rows.map((d) => ({ decision: d.decision, return_rate: d.return_rate ?? 0, fill: d.fill }))}
            margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} />
            <XAxis dataKey="decision" tickLine={false} />
            <YAxis tickFormatter={percentTick} tickLine={false} axisLine={false} width={40} />
            <ChartTooltip content={<ChartTooltipContent valueFormatter={formatShare} />} />
            <Bar dataKey="return_rate" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ChartContainer>
        <figcaption className="mt-1 text-sm text-slate-700">Returned ÷ parcels with an outcome (delivered, returned or lost), by the decision each verification was given.</figcaption>
      </figure>
      <div className="mt-3">
        <FigureTable
          caption="Return rate by decision"
          rows={data.by_decision}
          rowKey={(d) => d.decision}
          columns={[
            { label: "Decision", cell: (d) => <DecisionBadge decision={d.decision} /> },
            { label: "Verifications", numeric: true, cell: (d) => formatNumber(d.verifications) },
            { label: "Delivered", numeric: true, cell: (d) => formatNumber(d.delivered) },
            { label: "Returned", numeric: true, cell: (d) => formatNumber(d.returned) },
            { label: "Return rate", numeric: true, cell: (d) => <span data-return-rate={d.decision}>{formatShare(d.return_rate)}</span> },
          ]}
        />
      </div>
    </Card>
  );
}

function Calibration({ data }: { data: Analytics }) {
  const bands = data.calibration.bands.map((b) => ({ ...b, band: `${b.from}–${b.to}` }));
  const counted = bands.filter((b) => b.count > 0);
  // A band of a handful of parcels is noise, not a gap worth naming.
  const widest = counted
    .filter((b) => b.count >= GAP_MIN_COUNT)
    .reduce<(typeof bands)[number] | null>(
      (worst, b) => (b.predicted === null || b.observed === null ? worst : !worst || Math.abs(b.predicted - b.observed) > Math.abs(worst.predicted! - worst.observed!) ? b : worst),
      null,
    );
  const brier = data.calibration.brier;
  const summary = [
    brier === null ? "No Brier score: no outcome in this period." : `Brier score ${brier.toFixed(3)} (0 is perfect; always saying 50% scores 0.25).`,
    widest
      ? `The widest gap is at scores ${widest.band}: predicted ${formatShare(widest.predicted)}, observed ${formatShare(widest.observed)} over ${formatNumber(widest.count)} parcels.`
      : "",
  ].join(" ");
  return (
    <Card title="Calibration: predicted vs observed">
      <figure>
        <ChartContainer config={calibrationConfig} label={`Delivered share predicted and observed per score band. ${summary}`} className="h-48">
          <LineChart data={counted} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="band" tickLine={false} interval="preserveStartEnd" minTickGap={8} />
            <YAxis domain={[0, 1]} tickFormatter={percentTick} tickLine={false} axisLine={false} width={40} />
            <ChartTooltip content={<ChartTooltipContent labelFormatter={(band: string) => `Scores ${band}`} valueFormatter={formatShare} />} />
            <Line dataKey="predicted" stroke="var(--color-predicted)" strokeDasharray="5 4" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            <Line dataKey="observed" stroke="var(--color-observed)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </LineChart>
        </ChartContainer>
        <ChartLegend config={calibrationConfig} />
        <figcaption className="mt-1 text-sm text-slate-700" data-testid="brier">
          {summary} Score bands without an outcome are left out of the chart.
        </figcaption>
      </figure>
      <ChartData summary="Show calibration by score band as a table">
        <FigureTable
          caption="Delivered share predicted and observed per score band"
          rows={bands}
          rowKey={(b) => b.band}
          columns={[
            { label: "Score band", cell: (b) => b.band },
            { label: "Parcels", numeric: true, cell: (b) => formatNumber(b.count) },
            { label: "Predicted", numeric: true, cell: (b) => formatShare(b.predicted) },
            { label: "Observed", numeric: true, cell: (b) => formatShare(b.observed) },
          ]}
        />
      </ChartData>
    </Card>
  );
}

function ByWeek({ data }: { data: Analytics }) {
  const weeks = data.by_week.map((w) => ({ ...w, label: weekWords(w.week) }));
  const busiest = weeks.reduce<(typeof weeks)[number] | null>((a, w) => (w.return_rate !== null && (!a || w.return_rate > (a.return_rate ?? 0)) ? w : a), null);
  const summary = `${weeks.length} ${weeks.length === 1 ? "week" : "weeks"}.${busiest ? ` Highest return rate ${formatShare(busiest.return_rate)} in ${busiest.label}.` : ""}`;
  return (
    <Card title="By week">
      <figure>
        <ChartContainer config={weekConfig} label={`Verifications and return rate by week. ${summary}`} className="h-56">
          <ComposedChart data={weeks} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={16} />
            <YAxis yAxisId="count" allowDecimals={false} tickFormatter={formatNumber} tickLine={false} axisLine={false} width={40} />
            <YAxis yAxisId="rate" orientation="right" tickFormatter={percentTick} tickLine={false} axisLine={false} width={40} />
            <ChartTooltip content={<ChartTooltipContent valueFormatter={(v: number | null, key: string) => (key === "return_rate" ? formatShare(v) : formatNumber(v ?? 0))} />} />
            <Bar yAxisId="count" dataKey="verifications" fill="var(--color-verifications)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
            <Line yAxisId="rate" dataKey="return_rate" stroke="var(--color-return_rate)" strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          </ComposedChart>
        </ChartContainer>
        <ChartLegend config={weekConfig} />
        <figcaption className="mt-1 text-sm text-slate-700">{summary} Bars: verifications made that week (left scale). Line: return rate of those with an outcome (right scale).</figcaption>
      </figure>
      <ChartData summary="Show the weeks as a table">
        <FigureTable
          caption="Verifications, outcomes and returns by ISO week"
          rows={weeks}
          rowKey={(w) => w.week}
          columns={[
            { label: "Week", cell: (w) => w.week },
            { label: "Verifications", numeric: true, cell: (w) => formatNumber(w.verifications) },
            { label: "Outcomes", numeric: true, cell: (w) => formatNumber(w.outcomes) },
            { label: "Returned", numeric: true, cell: (w) => formatNumber(w.returned) },
            { label: "Return rate", numeric: true, cell: (w) => formatShare(w.return_rate) },
          ]}
        />
      </ChartData>
    </Card>
  );
}
