"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmButton } from "../../_lib/confirm";
import { describeError, ErrorNote } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api, useMe, type Outputs } from "../../_lib/trpc";
import { ACTIVE_BATCH, BatchProgressBar, BatchStatusBadge, button, Card, Loading, PageHeader } from "../../_lib/ui";
import { ConfirmLinks } from "./confirm-links";
import { DecisionChart } from "./decision-chart";
import { firstPageInput } from "./first-page";
import { ResultsTable } from "./results-table";

/** How often a running batch's progress, counts and rows are read again. */
const POLL_MS = 1000;

/** What the server rendered the page with: the progress, the decision counts and the first page of rows. */
export interface BatchPageData {
  progress: Outputs["batches"]["get"];
  counts: Outputs["console"]["batchResults"]["counts"];
  rows: Outputs["console"]["batchResults"]["rows"];
}

/** A batch under its name (the id beneath it): its progress (live while it runs), the decisions as a chart, and its rows to act on. */
export function BatchView({ batchId, name, initial }: { batchId: string; /** null: it was given none. */ name: string | null; initial: BatchPageData | null }) {
  const me = useMe();
  const utils = api.useUtils();
  // Before the queries below mount: they start from what the server rendered instead of asking again.
  useState(() => {
    if (!initial) return;
    utils.batches.get.setData({ batch_id: batchId }, initial.progress);
    utils.console.batchResults.counts.setData({ batch_id: batchId }, initial.counts);
    utils.console.batchResults.rows.setData(firstPageInput(batchId), initial.rows);
  });
  const query = api.batches.get.useQuery({ batch_id: batchId }, { refetchInterval: (q) => (q.state.data && ACTIVE_BATCH.includes(q.state.data.status) ? POLL_MS : false), retry: false });
  const cancel = api.batches.cancel.useMutation({
    onSuccess: (state) => utils.batches.get.setData({ batch_id: batchId }, (old) => ({ ...state, results_url: old?.results_url ?? null })),
  });
  const status = query.data?.status;
  // The rows and counts read once more when the batch settles, so the last rows are not missed.
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current && status && seen.current !== status) void utils.console.batchResults.invalidate();
    seen.current = status;
  }, [status, utils]);

  const b = query.data;
  if (!b && query.error) {
    if (describeError(query.error).code === "batch_not_found") {
      return (
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Not found</h1>
          <p className="mt-2 text-slate-700">There is no batch {batchId} in this workspace.</p>
        </div>
      );
    }
    return <ErrorNote error={query.error} action="Could not load the batch" />;
  }
  // The chart and the rows are asked for at once with the progress (one batched request), not after it.
  const active = b ? ACTIVE_BATCH.includes(b.status) : false;

  return (
    <>
      <PageHeader title={name ?? `Batch ${batchId}`} description={name === null ? undefined : `Batch ${batchId}`}>
        <div className="flex flex-wrap items-center gap-3">
          {b && !active && (
            <a href={`/batches/${b.batch_id}/download`} download className={button.primary}>
              Download results (CSV)
            </a>
          )}
          {b && (b.status === "queued" || b.status === "processing") && me.role !== "viewer" && (
            <ConfirmButton
              label="Cancel batch"
              question="Cancel the rows not started yet? Rows in progress still finish."
              confirmLabel="Yes, cancel the batch"
              keepLabel="Keep it running"
              pending={cancel.isPending}
              onConfirm={() => cancel.mutate({ batch_id: b.batch_id })}
            />
          )}
        </div>
      </PageHeader>
      {cancel.error && <ErrorNote error={cancel.error} action="Could not cancel the batch" />}
      <div className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-2">
          {!b ? (
            <Card title="Progress">
              <Loading what="the progress" />
            </Card>
          ) : (
            <Card title="Progress">
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm font-medium text-slate-800">Status</span>
                <span data-testid="batch-status">
                  <BatchStatusBadge status={b.status} />
                </span>
                {/* Announced to screen readers when the status changes, not on every counter tick. */}
                <span className="sr-only" aria-live="polite">
                  Batch {b.status}
                </span>
              </div>
              <div className="mt-4">
                <BatchProgressBar batchId={b.batch_id} total={b.total} done={b.done} cancelled={b.cancelled} />
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {(
                  [
                    ["Rows", b.total],
                    ["Done", b.done],
                    ["Succeeded", b.succeeded],
                    ["Failed", b.failed],
                    ["Cancelled", b.cancelled],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-md border border-slate-200 p-3">
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-700">{label}</dt>
                    <dd className="text-xl font-bold tabular-nums text-slate-900" data-counter={label.toLowerCase()}>
                      {formatNumber(value)}
                    </dd>
                  </div>
                ))}
              </dl>
              {active && <p className="mt-3 text-sm text-slate-700">Updating every second. You can leave this page: the batch keeps running.</p>}
              {query.error && <ErrorNote error={query.error} action="Could not refresh the progress" />}
            </Card>
          )}
          <DecisionChart batchId={batchId} poll={active ? POLL_MS : false} />
        </div>
        {b !== undefined && !active && <ConfirmLinks batchId={batchId} />}
        <ResultsTable batchId={batchId} finished={b !== undefined && !active} poll={active ? POLL_MS : false} />
      </div>
    </>
  );
}
