import type { Metadata } from "next";
import { errorCode, serverApi, signedIn } from "../../_lib/server";
import { BackLink } from "../../_lib/ui";
import { BatchView, type BatchPageData } from "./batch-view";
import { firstPageInput } from "./first-page";

export const metadata: Metadata = { title: "Batch" };

/**
 * The progress, the decision counts and the first page of rows are read here, so they arrive with the
 * page; the browser then keeps them live. A batch the API refuses (not found, expired) is left to the
 * page's own queries, which show why.
 */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const initial: BatchPageData | null = await signedIn(
    Promise.all([api.batches.get({ batch_id: id }), api.console.batchResults.counts({ batch_id: id }), api.console.batchResults.rows(firstPageInput(id))]),
  ).then(
    ([progress, counts, rows]) => ({ progress, counts, rows }),
    (err: unknown) => {
      if (errorCode(err)) return null;
      throw err;
    },
  );
  return (
    <>
      <BackLink href="/batches">All batches</BackLink>
      <BatchView batchId={id} initial={initial} />
    </>
  );
}
