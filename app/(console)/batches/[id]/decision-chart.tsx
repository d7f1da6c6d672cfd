"use client";

import { useId } from "react";
import { QueryState } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api } from "../../_lib/trpc";
import { Card } from "../../_lib/ui";
import { DecisionBadge } from "../../verify/result";

const DECISIONS = ["SHIP", "REVIEW", "HOLD"] as const;
const BAR = { SHIP: "bg-green-700", REVIEW: "bg-amber-500", HOLD: "bg-red-700" } as const;
const MEANING = { SHIP: "send", REVIEW: "check first", HOLD: "do not send yet" } as const;

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
          return (
            <figure aria-labelledby={captionId}>
              <figcaption id={captionId} className="text-sm text-slate-700">
                {verified === 0 ? "No row verified yet." : `${formatNumber(verified)} of ${formatNumber(c.total)} rows verified.`}
              </figcaption>
              <ul className="mt-3 space-y-2">
                {DECISIONS.map((d) => (
                  <li key={d} className="grid grid-cols-[5.5rem_minmax(0,1fr)_9.5rem] items-center gap-3">
                    <DecisionBadge decision={d} />
                    <span className="h-4 overflow-hidden rounded bg-slate-100" aria-hidden="true">
                      <span className={`block h-full rounded ${BAR[d]}`} style={{ width: `${share(c[d])}%` }} />
                    </span>
                    <span className="text-sm text-slate-900">
                      <strong className="tabular-nums" data-decision-count={d}>
                        {formatNumber(c[d])}
                      </strong>{" "}
                      ({share(c[d])}%) <span className="text-slate-700">{MEANING[d]}</span>
                    </span>
                  </li>
                ))}
              </ul>
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
