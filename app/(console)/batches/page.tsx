import type { Metadata } from "next";
import { DECISIONS } from "~/lib/words";
import { IntentLink } from "../_lib/intent-link";
import { formatDateTime, formatNumber } from "../_lib/format";
import { RefreshWhileActive } from "../_lib/refresh";
import { serverApi, signedIn } from "../_lib/server";
import { ACTIVE_BATCH, BatchProgressBar, BatchStatusBadge, button, Card, Empty, PageHeader } from "../_lib/ui";

export const metadata: Metadata = { title: "Batches" };

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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Batches, newest first</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Batch
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Progress
                  </th>
                  {DECISIONS.map((d) => (
                    <th key={d} scope="col" className="py-2 pr-3 text-right">
                      {d}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pr-3 text-right">
                    Failed
                  </th>
                  <th scope="col" className="py-2">
                    Created
                  </th>
                </tr>
              </thead>
              <tbody>
                {batches.map((b) => (
                  <tr key={b.batch_id} className="border-b border-slate-200 align-top" data-batch={b.batch_id}>
                    <td className="max-w-64 py-2 pr-3">
                      <IntentLink href={`/batches/${b.batch_id}`} className="font-medium break-words text-blue-800 underline">
                        {b.name ?? b.batch_id}
                      </IntentLink>
                      {b.name && <span className="block font-mono text-xs text-slate-700">{b.batch_id}</span>}
                    </td>
                    <td className="py-2 pr-3">
                      <BatchStatusBadge status={b.status} />
                    </td>
                    <td className="py-2 pr-3">
                      <BatchProgressBar batchId={b.batch_id} total={b.total} done={b.done} cancelled={b.cancelled} />
                    </td>
                    {DECISIONS.map((d) => (
                      <td key={d} className="py-2 pr-3 text-right tabular-nums" data-decision={d}>
                        {formatNumber(b.decisions[d])}
                      </td>
                    ))}
                    <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(b.failed)}</td>
                    <td className="py-2 text-xs whitespace-nowrap">{formatDateTime(b.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
