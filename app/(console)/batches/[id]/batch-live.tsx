"use client";

import { ConfirmButton } from "../../_lib/confirm";
import { ErrorNote } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api, useMe, type Outputs } from "../../_lib/trpc";
import { ACTIVE_BATCH, BatchProgressBar, BatchStatusBadge, button, Card } from "../../_lib/ui";

type Progress = Outputs["batches"]["get"];

const POLL_MS = 1000;

/** Progress that updates without a reload: batches.get every second while the batch is running. */
export function BatchLive({ initial }: { initial: Progress }) {
  const me = useMe();
  const utils = api.useUtils();
  const query = api.batches.get.useQuery(
    { batch_id: initial.batch_id },
    { initialData: initial, refetchInterval: (q) => (q.state.data && ACTIVE_BATCH.includes(q.state.data.status) ? POLL_MS : false) },
  );
  const cancel = api.batches.cancel.useMutation({
    onSuccess: (state) => utils.batches.get.setData({ batch_id: initial.batch_id }, (old) => ({ ...state, results_url: old?.results_url ?? null })),
  });
  const b = query.data;
  const active = ACTIVE_BATCH.includes(b.status);
  const finished = !active;

  return (
    <div className="space-y-4">
      <Card>
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
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
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

      <div className="flex flex-wrap items-center gap-3">
        {finished && (
          <a href={`/batches/${b.batch_id}/download`} download className={button.primary}>
            Download results (CSV)
          </a>
        )}
        {(b.status === "queued" || b.status === "processing") && me.role !== "viewer" && (
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
      {cancel.error && <ErrorNote error={cancel.error} action="Could not cancel the batch" />}
    </div>
  );
}
