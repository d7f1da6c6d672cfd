import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DakiyaError } from "~/server/errors";
import { serverApi } from "../../_lib/server";
import { BackLink, PageHeader } from "../../_lib/ui";
import { BatchLive } from "./batch-live";

export const metadata: Metadata = { title: "Batch" };

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  const progress = await api.batches.get({ batch_id: id }).catch((err: unknown) => {
    if (err instanceof Error && err.cause instanceof DakiyaError && err.cause.code === "batch_not_found") notFound();
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
