import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "../_lib/ui";
import { Webhooks } from "./webhooks";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Dakiya calls your endpoints when a batch completes, fails or is cancelled, signed with the endpoint's secret (Standard Webhooks).">
        <Link href="/docs" className="text-sm font-medium text-blue-800 underline">
          How to verify signatures
        </Link>
      </PageHeader>
      <Webhooks />
    </>
  );
}
