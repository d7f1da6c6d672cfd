import type { Metadata } from "next";
import { serverApi, signedIn } from "../_lib/server";
import { PageHeader } from "../_lib/ui";
import { Verify } from "./verify";

export const metadata: Metadata = { title: "Verify" };

export default async function VerifyPage() {
  const fixtures = await signedIn((await serverApi()).console.fixtures());
  return (
    <>
      <PageHeader title="Verify" description="Check one address before you ship, look up an earlier verification, and report what happened to the parcel." />
      <Verify fixtures={fixtures} />
    </>
  );
}
