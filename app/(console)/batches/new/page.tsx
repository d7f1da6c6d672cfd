import type { Metadata } from "next";
import { BackLink, PageHeader } from "../../_lib/ui";
import { NewBatch } from "./new-batch";

export const metadata: Metadata = { title: "New batch" };

export default function NewBatchPage() {
  return (
    <>
      <BackLink href="/batches">All batches</BackLink>
      <PageHeader title="New batch" description="Upload a CSV of orders with one address per row (and, if you like, your order id). Each row costs one unit when it is verified." />
      <NewBatch />
    </>
  );
}
