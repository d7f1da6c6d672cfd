import { z } from "zod";
import { outcomeAnalytics } from "../../analytics";
import { liveProcedure, router } from "../trpc";
import { DECISIONS } from "../../../lib/words";

const rate = z.number().nullable().meta({ description: "returned ÷ (delivered + returned + lost); null with no such outcome." });

const AnalyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    verifications: z.number().int(),
    outcomes: z.number().int(),
    by_decision: z.array(z.object({ decision: z.enum(DECISIONS), verifications: z.number().int(), delivered: z.number().int(), returned: z.number().int(), return_rate: rate })),
    by_reason: z.array(z.object({ code: z.string(), verifications: z.number().int(), returned: z.number().int(), return_rate: rate })),
    by_pincode: z
      .array(z.object({ pincode: z.string(), district: z.string().nullable(), state: z.string().nullable(), verifications: z.number().int(), returned: z.number().int(), return_rate: rate }))
      .meta({ description: "The 20 pincodes with most returns." }),
    by_courier: z
      .array(
        z.object({
          courier: z.string().meta({
            description: "The courier reported with the outcomes, one name per courier (spellings folded, docs/decision-policy.md); `unknown` when none was, `other` for the rest.",
          }),
          outcomes: z.number().int(),
          returned: z.number().int(),
          return_rate: rate,
        }),
      )
      .meta({ description: "The 20 couriers with most outcomes, then one row `other` summing the rest." }),
    by_week: z.array(
      z.object({ week: z.string().meta({ example: "2026-W47" }), verifications: z.number().int(), outcomes: z.number().int(), returned: z.number().int(), return_rate: rate }),
    ),
    calibration: z.object({
      brier: z.number().nullable().meta({ description: "Mean of (delivery_probability − delivered)² over outcomes other than cancelled; null with none." }),
      bands: z.array(
        z.object({
          from: z.number().int(),
          to: z.number().int(),
          predicted: z.number().nullable().meta({ description: "Mean delivery_probability given." }),
          observed: z.number().nullable().meta({ description: "Share delivered." }),
          count: z.number().int().meta({ description: "Outcomes in the band (cancelled ones excluded)." }),
        }),
      ),
    }),
    synthetic_verifications: z.number().int().meta({ description: "How many of the verifications are synthetic demo data (`dakiya demo outcomes`)." }),
  })
  .meta({ id: "OutcomeAnalytics" });

export const analyticsRouter = router({
  outcomes: liveProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/analytics/outcomes",
        errorResponses: [400, 403],
        tags: ["Policy"],
        summary: "Outcome analytics",
        description:
          "Live verifications made in the period (UTC days, both ends included; default the last 30 days, at most 366) and their reported outcomes: return rates by decision, reason code, pincode (the 20 with most returns), courier and ISO week, and the calibration of delivery_probability by score band with its Brier score. Live keys only.",
      },
    })
    .input(z.object({ from: z.string().max(10).optional().meta({ example: "2026-10-26" }), to: z.string().max(10).optional().meta({ example: "2026-11-24" }) }))
    .output(AnalyticsSchema)
    .query(({ ctx, input }) => outcomeAnalytics(ctx.db, ctx.caller.workspaceId, input)),
});
