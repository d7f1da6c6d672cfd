import { z } from "zod";
import { getUsage } from "../../quota";
import { apiProcedure, router } from "../trpc";

const UsageSchema = z
  .object({
    period: z.string().meta({ description: "The billing period: the calendar month in UTC, YYYY-MM." }),
    plan: z.string(),
    included: z.number().meta({ description: "Units included in the plan each period." }),
    used: z.number().meta({ description: "Units used this period (to 0.1 unit)." }),
    remaining: z.number().meta({ description: "Included units not yet used (never below 0)." }),
    overage_paise: z.number().int().meta({ description: "Units over `included` × the plan's price per unit, in paise." }),
  })
  .meta({ id: "Usage", example: { period: "2026-11", plan: "starter", included: 5000, used: 5012.3, remaining: 0, overage_paise: 616 } });

export const usageRouter = router({
  get: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/usage",
        errorResponses: [],
        tags: ["Usage"],
        summary: "Read this month's usage",
        description: "The workspace's real usage in the current period, whichever kind of key asks.",
      },
    })
    .input(z.void())
    .output(UsageSchema)
    .query(({ ctx }) => getUsage(ctx.db, ctx.caller.workspaceId, ctx.caller.plan)),
});
