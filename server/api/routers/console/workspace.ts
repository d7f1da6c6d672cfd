import { loadFixtures } from "../../../verification/fixtures";
import { providerStatus } from "../../../provider";
import { billingPeriod, usageByDay } from "../../../quota";
import { memberProcedure } from "../../trpc";

/** The signed-in member, their workspace and its plan, usage and provider (the header, Overview and Usage pages). */
export const workspaceProcedures = {
  me: memberProcedure.query(({ ctx }) => {
    const { plan } = ctx.caller;
    return {
      email: ctx.member.email,
      name: ctx.member.name,
      role: ctx.member.role,
      workspace: { id: ctx.caller.workspaceId, name: ctx.member.workspaceName },
      plan: { id: plan.id, included: plan.includedTenths / 10, batchCap: plan.batchCap, overagePaisePerUnit: plan.overagePaisePerUnit },
    };
  }),

  /** Test mode accepts only the documented fixtures (as test keys do): the ones with a decision, for the Verify page. */
  fixtures: memberProcedure.query(() => loadFixtures().flatMap((f) => (f.decision ? [{ address: f.address, decision: f.decision }] : []))),

  /** Units used per UTC day of this billing period. */
  usageByDay: memberProcedure.query(async ({ ctx }) => ({ period: billingPeriod(), days: await usageByDay(ctx.db, ctx.caller.workspaceId) })),

  /** The validation provider's circuit as this server process sees it; null when none is configured. */
  provider: memberProcedure.query(() => providerStatus()),
};
