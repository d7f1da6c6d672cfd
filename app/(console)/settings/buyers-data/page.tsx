import type { Metadata } from "next";
import { PageHeader } from "../../_lib/ui";
import { BuyersData } from "./buyers-data";

export const metadata: Metadata = { title: "Buyers' data" };

/** Settings → Buyers' data (docs/privacy.md): how long buyers' data is kept, erasure by order id, past requests. */
export default function BuyersDataPage() {
  return (
    <>
      <PageHeader
        title="Buyers' data"
        description="How long your buyers' addresses, order ids and locations are kept, and erasing one buyer's data when they ask. Decisions, scores, pincodes and outcomes stay, so your analytics do not change."
      />
      <BuyersData />
    </>
  );
}
