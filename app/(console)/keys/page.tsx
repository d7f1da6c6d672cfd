import type { Metadata } from "next";
import { PageHeader } from "../_lib/ui";
import { Keys } from "./keys";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys let your systems call the API. Test keys (dk_test_…) verify the sample addresses for free; live keys (dk_live_…) verify any address and use your plan's units."
      />
      <Keys />
    </>
  );
}
