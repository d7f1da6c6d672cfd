import type { Metadata } from "next";
import { loadFixtures } from "~/server/verification/fixtures";
import { PageHeader } from "../_lib/ui";
import { Verify } from "./verify";

export const metadata: Metadata = { title: "Verify" };

export default function VerifyPage() {
  // Test mode accepts only the documented fixtures (as test keys do); offer the ones with a decision.
  const fixtures = loadFixtures().flatMap((f) => (f.decision ? [{ address: f.address, decision: f.decision }] : []));
  return (
    <>
      <PageHeader title="Verify" description="Check one address before you ship, look up an earlier verification, and report what happened to the parcel." />
      <Verify fixtures={fixtures} />
    </>
  );
}
