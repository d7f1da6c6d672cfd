import type { Metadata } from "next";
import { serverApi, signedIn } from "../_lib/server";
import { PageHeader } from "../_lib/ui";
import { CostsForm } from "./costs-form";
import { PolicyEditor } from "./policy-editor";

export const metadata: Metadata = { title: "Decision policy" };

export default async function PolicyPage() {
  const api = await serverApi();
  const [current, history, costs] = await signedIn(Promise.all([api.policy.get(), api.console.policyHistory({}), api.console.outcomeCosts()]));
  return (
    <>
      <PageHeader
        title="Decision policy"
        description={`How this workspace turns a verification into SHIP, REVIEW or HOLD. Version ${current.version} is in force. Try a change against your past orders before publishing it.`}
      />
      <div className="space-y-4">
        <PolicyEditor initial={current} history={history} />
        <CostsForm initial={costs} />
      </div>
    </>
  );
}
