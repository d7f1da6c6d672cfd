import type { Metadata } from "next";
import { PageHeader } from "../_lib/ui";
import { Members } from "./members";

export const metadata: Metadata = { title: "Members" };

export default function MembersPage() {
  return (
    <>
      <PageHeader
        title="Members"
        description="Everyone who can sign in to this workspace. Owners and admins manage keys, webhooks, batches and members; viewers can look but not change anything."
      />
      <Members />
    </>
  );
}
