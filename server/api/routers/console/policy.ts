import { z } from "zod";
import { HISTORY_PAGE_MAX, outcomeCosts, policyHistory, publishPolicy, setOutcomeCosts } from "../../../policy";
import { managerProcedure, memberProcedure } from "../../trpc";
import { OUTCOME_COST_MAX_RUPEES } from "../../../../lib/shared";
import { PolicyInput } from "../policy";

/** The policy's versions, publishing and the preview's costs (the Policy page). */
export const policyProcedures = {
  /** A page of the decision policy versions, newest first (version 1, the default, ends the last page). */
  policyHistory: memberProcedure
    .input(z.object({ cursor: z.number().int().min(2).max(2_147_483_647).nullish(), limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional() }))
    .query(({ ctx, input }) => policyHistory(ctx.db, ctx.caller.workspaceId, input)),

  /** Publishes the next policy version (owners and admins); a broken policy is `invalid_policy` and changes nothing. */
  publishPolicy: managerProcedure.input(z.object({ policy: PolicyInput })).mutation(({ ctx, input }) => publishPolicy(ctx.db, ctx.caller.workspaceId, input.policy, ctx.member.email)),

  /** The preview's two cost settings (docs/decision-policy.md). */
  outcomeCosts: memberProcedure.query(({ ctx }) => outcomeCosts(ctx.db, ctx.caller.workspaceId)),
  setOutcomeCosts: managerProcedure
    .input(
      z.object({
        returned_shipped_rupees: z.number().int().min(0).max(OUTCOME_COST_MAX_RUPEES),
        held_delivered_rupees: z.number().int().min(0).max(OUTCOME_COST_MAX_RUPEES),
      }),
    )
    .mutation(({ ctx, input }) => setOutcomeCosts(ctx.db, ctx.caller.workspaceId, input)),
};
