import { z } from "zod";
import { currentPolicy, PolicySchema } from "../../policy";
import { previewPolicy } from "../../policy/preview";
import { apiProcedure, liveProcedure, router } from "../trpc";

const EXAMPLE_POLICY = {
  ship_min_score: 75,
  hold_max_score: 30,
  rules: [
    { if: { reasons: ["pincode_suggested"] }, then: "REVIEW" },
    { if: { payment_method: "cod", score_below: 60 }, then: "HOLD" },
    { if: { order_value_above: 5000, validation_below: "building" }, then: "REVIEW" },
    { if: { pincodes: ["110093"] }, then: "REVIEW" },
  ],
};

export const PolicyOutputSchema = PolicySchema.meta({
  id: "Policy",
  description:
    "Rules tried in order, the first whose conditions all hold decides; otherwise score ≥ ship_min_score is SHIP, score ≤ hold_max_score HOLD, else REVIEW. Conditions: reasons (any of), payment_method, score_below, score_at_least, order_value_above, validation_below, pincodes (≤ 1000), states, prior_returns_at_least; at most 50 rules. Whatever a policy says, SHIP needs building-level validation and an address with junk_text or pincode_not_found is never SHIP (REVIEW instead).",
  example: EXAMPLE_POLICY,
});

export const PolicyVersionSchema = z
  .object({
    version: z.number().int().min(1),
    policy: PolicyOutputSchema,
    created_at: z.string().meta({ description: "ISO 8601." }),
    created_by: z.string().meta({ description: "Who published it: a console member's email, `operator (CLI)`, or `default` for version 1." }),
  })
  .meta({ id: "PolicyVersion", example: { version: 2, policy: EXAMPLE_POLICY, created_at: "2026-11-20T09:30:00.000Z", created_by: "ops@example.in" } });

/** A policy as sent: checked by the domain, so a broken one is 400 `invalid_policy` with a detail per problem. */
export const PolicyInput = z.unknown().meta({ description: "A decision policy (see the `Policy` schema); a broken one is 400 `invalid_policy`.", example: EXAMPLE_POLICY });

const Figures = z.object({
  returns_caught: z.number().int().meta({ description: "Returned parcels (rto, customer_refused, address_issue) decided REVIEW or HOLD." }),
  deliveries_held: z.number().int().meta({ description: "Delivered parcels decided HOLD." }),
  cost_rupees: z.number().meta({ description: "Returned parcels decided SHIP × the returned-parcel cost + deliveries held × the holding cost." }),
});
const Row = z.object({ SHIP: z.number().int(), REVIEW: z.number().int(), HOLD: z.number().int() });

const PreviewSchema = z
  .object({
    days: z.number().int(),
    verifications: z.number().int().meta({ description: "Live verifications of the period, decided again." }),
    with_outcomes: z.number().int().meta({ description: "Of those, how many have a reported outcome." }),
    matrix: z.object({ SHIP: Row, REVIEW: Row, HOLD: Row }).meta({ description: "matrix[current][proposed]: how many move from the decision they were given to the proposed policy's." }),
    current: Figures,
    proposed: Figures,
    costs: z
      .object({ returned_shipped_rupees: z.number().int(), held_delivered_rupees: z.number().int() })
      .meta({ description: "The workspace settings behind cost_rupees: a returned parcel that was shipped, and holding a parcel that would have been delivered." }),
    synthetic_verifications: z.number().int().meta({ description: "How many of the verifications are synthetic demo data (`dakiya demo outcomes`)." }),
  })
  .meta({
    id: "PolicyPreview",
    example: {
      days: 90,
      verifications: 10,
      with_outcomes: 10,
      matrix: { SHIP: { SHIP: 4, REVIEW: 0, HOLD: 6 }, REVIEW: { SHIP: 0, REVIEW: 0, HOLD: 0 }, HOLD: { SHIP: 0, REVIEW: 0, HOLD: 0 } },
      current: { returns_caught: 0, deliveries_held: 0, cost_rupees: 600 },
      proposed: { returns_caught: 4, deliveries_held: 2, cost_rupees: 40 },
      costs: { returned_shipped_rupees: 150, held_delivered_rupees: 20 },
      synthetic_verifications: 0,
    },
  });

export const policyRouter = router({
  get: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/policy",
        errorResponses: [],
        tags: ["Policy"],
        summary: "Read the decision policy in force",
        description: "The workspace's decision policy version in force (version 1, the default, until another is published in the console or with `dakiya policy set`). Either key kind.",
      },
    })
    .input(z.void())
    .output(PolicyVersionSchema)
    .query(({ ctx }) => currentPolicy(ctx.db, ctx.caller.workspaceId)),

  preview: liveProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/policy/preview",
        errorResponses: [400, 403],
        tags: ["Policy"],
        summary: "Preview a policy against past outcomes",
        description:
          "Decides the workspace's live verifications of the last `days` days again under the proposed policy, from what was stored with them (no provider call, no charge, nothing changed), and compares with the decisions they were given. Live keys only.",
      },
    })
    .input(
      z.object({
        policy: PolicyInput,
        days: z
          .number({ error: "days must be a number" })
          .int("days must be a whole number")
          .min(1, "days must be at least 1")
          .max(365, "days must be at most 365")
          .optional()
          .meta({ description: "The period: the last 1–365 days (default 90)." }),
      }),
    )
    .output(PreviewSchema)
    .mutation(({ ctx, input }) => previewPolicy(ctx.db, ctx.caller.workspaceId, input)),
});
