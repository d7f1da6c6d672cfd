"use client";

import { useId } from "react";
import { DECISIONS } from "~/lib/words";
import { Bar, BarChart, XAxis, YAxis } from "recharts";
import { ChartContainer, ChartTooltip, ChartTooltipContent, DECISION_COLOURS, type ChartConfig } from "../../_lib/chart";
import { QueryState } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api } from "../../_lib/trpc";
import { Card, DecisionBadge } from "../../_lib/ui";

const MEANING = { SHIP: "send", REVIEW: "check first", HOLD: "do not send yet" } as const;
const config = { rows: { label: "Rows", color: "#1e40af" } } satisfies ChartConfig;

/** SHIP / REVIEW / HOLD of the verified rows as bars, every figure also in words; failed, cancelled and waiting rows below. */
export function DecisionChart({ batchId, poll }: { batchId: string; /** Milliseconds between reads while the batch runs. */ poll: number | false }) {
  const counts = api.console.batchResults.counts.useQuery({ batch_id: batchId }, { refetchInterval: poll });
  const captionId = useId();
  return (
    <Card title="Decisions">
      <QueryState query={counts} what="decisions">
        {(c) => {
          const verified = c.SHIP + c.REVIEW + c.HOLD;
          const share = (n: number) => (verified ? Math.round((n / verified) * 100) : 0);
          const words = DECISIONS.map((d) => `${d} ${formatNumber(c[d])} (${share(c[d])}%)`).join(", ");
          const data = DECISIONS.map((d) => ({ decision: d, rows: c[d], fill: DECISION_COLOURS[d] }));
          return (
            <figure aria-labelledby={captionId}>
              <figcaption id={captionId} className="text-sm text-slate-700">
                {verified === 0 ? "No row verified yet." : `${formatNumber(verified)} of ${formatNumber(c.total)} rows verified.`}
              </figcaption>
              <div className="mt-3">
                <ChartContainer config={config} label={`Decisions of the verified rows: ${words}.`} className="h-28">
                  <BarChart data={data} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }} barCategoryGap={6} accessibilityLayer={false}>
                    <XAxis type="number" hide allowDecimals={false} domain={[0, Math.max(1, verified)]} />
                    <YAxis type="category" dataKey="decision" tickLine={false} axisLine={false} width={64} />
                    <ChartTooltip content={<ChartTooltipContent valueFormatter={formatNumber} />} />
                    <Bar dataKey="rows" radius={3} isAnimationActive={false} background={{ fill: "#f1f5f9" }} />
                  </BarChart>
                </ChartContainer>
                <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1.5">
                  {DECISIONS.map((d) => (
                    <li key={d} className="flex items-center gap-2 text-sm text-slate-900">
                      <DecisionBadge decision={d} />
                      <strong className="tabular-nums" data-decision-count={d}>
                        {formatNumber(c[d])}
                      </strong>
                      ({share(c[d])}%) <span className="text-slate-700">{MEANING[d]}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                {(
                  [
                    ["failed", "Failed", c.failed],
                    ["cancelled", "Cancelled", c.cancelled],
                    ["unfinished", "Not finished", c.unfinished],
                  ] as const
                ).map(([key, label, n]) => (
                  <div key={key} className="flex gap-1">
                    <dt className="text-slate-700">{label}:</dt>
                    <dd className="font-semibold tabular-nums text-slate-900" data-row-count={key}>
                      {formatNumber(n)}
                    </dd>
                  </div>
                ))}
              </dl>
            </figure>
          );
        }}
      </QueryState>
    </Card>
  );
}
