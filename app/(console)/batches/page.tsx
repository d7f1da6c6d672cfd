import type { Metadata } from "next";
import { DECISIONS } from "~/lib/words";
import { FigureTable } from "../_lib/figure-table";
import { IntentLink } from "../_lib/intent-link";
import { formatDateTime, formatNumber } from "../_lib/format";
import { RefreshWhileActive } from "../_lib/refresh";
import { serverApi, signedIn } from "../_lib/server";
import type { Outputs } from "../_lib/trpc";
import { ACTIVE_BATCH, BatchProgressBar, BatchStatusBadge, button, Card, Empty, PageHeader } from "../_lib/ui";

export const metadata: Metadata = { title: "Batches" };

type Batch = Outputs["console"]["batches"][number];

export default async function BatchesPage() {
  const api = await serverApi();
  const [me, batches] = await signedIn(Promise.all([api.console.me(), api.console.batches({ limit: 100 })]));
  const canCreate = me.role !== "viewer";

  return (
    <>
      <PageHeader title="Batches" description="Orders verified in the background from a CSV upload. Results can be downloaded for seven days.">
        {canCreate && (
          <IntentLink href="/batches/new" className={button.primary}>
            New batch
          </IntentLink>
        )}
      </PageHeader>
      <RefreshWhileActive active={batches.some((b) => ACTIVE_BATCH.includes(b.status))} />
      <Card>
        {batches.length === 0 ? (
          <Empty>No batches yet.{canCreate ? " Start one with New batch: upload a CSV with an address column." : ""}</Empty>
        ) : (
          <FigureTable
            caption="Batches, newest first"
            rows={batches}
            rowKey={(b) => b.batch_id}
            rowData={(b) => ({ "data-batch": b.batch_id })}
            columns={[
              {
                label: "Batch",
                className: "max-w-64",
                cell: (b) => (
                  <>
                    <IntentLink href={`/batches/${b.batch_id}`} className="font-medium [overflow-wrap:anywhere] text-blue-800 underline">
                      {b.name ?? b.batch_id}
                    </IntentLink>
                    {b.name && <span className="block font-mono text-xs text-slate-700">{b.batch_id}</span>}
                  </>
                ),
              },
              { label: "Status", cell: (b) => <BatchStatusBadge status={b.status} /> },
              { label: "Progress", cell: (b) => <BatchProgressBar batchId={b.batch_id} total={b.total} done={b.done} cancelled={b.cancelled} /> },
              ...DECISIONS.map((d) => ({ label: d, numeric: true, data: () => ({ "data-decision": d }), cell: (b: Batch) => formatNumber(b.decisions[d]) })),
              { label: "Failed", numeric: true, cell: (b) => formatNumber(b.failed) },
              { label: "Created", className: "text-xs whitespace-nowrap", cell: (b) => formatDateTime(b.created_at) },
            ]}
          />
        )}
      </Card>
    </>
  );
}
