import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { errorCode, serverApi, signedIn } from "../../_lib/server";
import { BackLink, PageHeader } from "../../_lib/ui";
import { BatchLive } from "./batch-live";

export const metadata: Metadata = { title: "Batch" };

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const progress = await signedIn(api.batches.get.query({ batch_id: id })).catch((err: unknown) => {
    if (errorCode(err) === "batch_not_found") notFound();
    throw err;
  });
  return (
    <>
      <BackLink href="/batches">All batches</BackLink>
      <PageHeader title={`Batch ${id}`} />
      <BatchLive initial={progress} />
    </>
  );
}
