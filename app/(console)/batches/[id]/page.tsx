import type { Metadata } from "next";
import { cache } from "react";
import { errorCode, serverApi, signedIn } from "../../_lib/server";
import { BackLink } from "../../_lib/ui";
import { BatchView, type BatchPageData } from "./batch-view";
import { firstPageInput } from "./first-page";

/** A refusal from the API (not found, expired) leaves the page's own queries to show why. */
function refusedAsNull(err: unknown): null {
  if (errorCode(err)) return null;
  throw err;
}

/** The batch's name (null: it was given none, or it cannot be read), read once per render for the title and the heading. */
const batchName = cache(async (id: string) => signedIn((await serverApi()).console.batchName({ batch_id: id })).then((b) => b.name, refusedAsNull));

/** The browser tab names the batch as its heading does. */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await batchName(id)) ?? `Batch ${id}` };
}

/**
 * The batch's name, its progress, the decision counts and the first page of rows are read here, so
 * they arrive with the page; the browser then keeps the progress, counts and rows live.
 */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const [name, initial] = await Promise.all([
    batchName(id),
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
