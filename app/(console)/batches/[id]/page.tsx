import type { Metadata } from "next";
import { errorCode, serverApi, signedIn } from "../../_lib/server";
import { BackLink } from "../../_lib/ui";
import { BatchView, type BatchPageData } from "./batch-view";
import { firstPageInput } from "./first-page";

export const metadata: Metadata = { title: "Batch" };

/** A refusal from the API (not found, expired) leaves the page's own queries to show why. */
function refusedAsNull(err: unknown): null {
  if (errorCode(err)) return null;
  throw err;
}

/**
 * The batch's name, its progress, the decision counts and the first page of rows are read here, so
 * they arrive with the page; the browser then keeps the progress, counts and rows live.
 */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const [name, initial] = await Promise.all([
    signedIn(api.console.batchName({ batch_id: id })).then((b) => b.name, refusedAsNull),
    signedIn(Promise.all([api.batches.get({ batch_id: id }), api.console.batchResults.counts({ batch_id: id }), api.console.batchResults.rows(firstPageInput(id))])).then(
      ([progress, counts, rows]): BatchPageData => ({ progress, counts, rows }),
      refusedAsNull,
    ),
  ]);
  return (
    <>
      <BackLink href="/batches">All batches</BackLink>
      <BatchView batchId={id} name={name} initial={initial} />
    </>
  );
}
