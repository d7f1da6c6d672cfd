import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "../../_lib/ui";
import { NewBatch } from "./new-batch";

export const metadata: Metadata = { title: "New batch" };

export default function NewBatchPage() {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/batches" className="font-medium text-blue-800 underline">
          ← All batches
        </Link>
      </p>
      <PageHeader
        title="New batch"
        description="Upload a CSV of orders with one address per row (and, if you like, your order id). Each row costs one unit when it is verified."
      />
      <NewBatch />
    </>
  );
}
