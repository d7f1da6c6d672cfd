import type { Metadata } from "next";
import { BackLink } from "../../_lib/ui";
import { BatchView } from "./batch-view";

export const metadata: Metadata = { title: "Batch" };

/** Thin on the server: everything on the page is read in the browser through the tRPC client. */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <BackLink href="/batches">All batches</BackLink>
      <BatchView batchId={id} />
    </>
  );
}
