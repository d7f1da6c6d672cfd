import { z } from "zod";
import { OUTCOMES_BATCH_MAX, reportOutcome, reportOutcomes } from "../../outcomes";
import { liveWriteProcedure, router } from "../trpc";
import { ORDER_ID_MAX_LENGTH } from "../../../lib/shared";
import { OUTCOME_KINDS } from "../../../lib/words";

/** One delivery report, as `POST /outcomes` takes it and as each item of `POST /outcomes/batch` is read. */
const OutcomeReport = z
  .object({
    verification_id: z.string({ error: "verification_id must be a string" }).max(64, "verification_id must be at most 64 characters").optional(),
    order_id: z.string({ error: "order_id must be a string" }).max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`).optional(),
    outcome: z.enum(OUTCOME_KINDS, { error: `outcome must be one of ${OUTCOME_KINDS.join(", ")}` }),
    courier: z.string({ error: "courier must be a string" }).max(100, "courier must be at most 100 characters").optional(),
    delivered_at: z.iso.datetime({ offset: true, error: "delivered_at must be an ISO 8601 date-time" }).optional(),
  })
  .refine((v) => v.verification_id !== undefined || v.order_id !== undefined, { message: "give verification_id or order_id", path: ["verification_id"] })
  .meta({ example: { verification_id: "ver_3kT9sQb2LmXw8ZpR1cVd", outcome: "delivered", courier: "Delhivery", delivered_at: "2026-11-24T16:20:00+05:30" } });

export const outcomesRouter = router({
  report: liveWriteProcedure
    .meta({
      openapi: {
        // The operation id it had before it moved here: generated clients name their methods by it.
        operationId: "verifications-reportOutcome",
        method: "POST",
        path: "/outcomes",
        errorResponses: [400, 403, 404, 409, 422],
        tags: ["Verification"],
        summary: "Report a delivery outcome",
        description:
          "Tell Dakiya what happened to a parcel, by `verification_id` or by an `order_id` that matches exactly one live verification. The first report is recorded and feeds the history and decisions of later verifications of the same address; later reports answer `duplicate: true` and change nothing. Live keys only.",
      },
    })
    .input(OutcomeReport)
    .output(z.object({ accepted: z.boolean(), duplicate: z.boolean() }).meta({ id: "OutcomeAccepted", example: { accepted: true, duplicate: false } }))
    .mutation(({ ctx, input }) => reportOutcome(ctx.db, ctx.caller, input)),

  reportBatch: liveWriteProcedure
    .meta({
      openapi: {
        // The operation id it had before it moved here: generated clients name their methods by it.
        operationId: "verifications-reportOutcomes",
        method: "POST",
        path: "/outcomes/batch",
        errorResponses: [400, 403],
        tags: ["Verification"],
        summary: "Report delivery outcomes in bulk",
        description: `1 to ${OUTCOMES_BATCH_MAX} reports, each as for POST /outcomes and recorded exactly as one would be. A report that cannot be recorded is listed in \`errors\` by its index (\`verification_not_found\`, \`ambiguous_order_id\`, or \`invalid_request\` for a report that fails the schema or names a test verification) and the others are recorded all the same; a report for a verification that already has an outcome, or that repeats an earlier one in the same request, counts in \`duplicates\` and changes nothing. Live keys only.`,
      },
    })
    .input(
      z
        .object({
          outcomes: z
            .array(z.unknown().meta({ description: "A report as for POST /outcomes: verification_id or order_id, outcome, courier?, delivered_at?" }))
            .min(1, "outcomes must have at least 1 report")
            .max(OUTCOMES_BATCH_MAX, `outcomes must have at most ${OUTCOMES_BATCH_MAX} reports`),
        })
        .meta({
          example: {
            outcomes: [
              { order_id: "ORD-10042", outcome: "delivered", courier: "Delhivery" },
              { verification_id: "ver_7pQ2mNc4KsYt1XbV9wLe", outcome: "rto", courier: "Ecom Express", delivered_at: "2026-11-24T16:20:00+05:30" },
            ],
          },
        }),
    )
    .output(
      z
        .object({
          recorded: z.number().int().min(0).meta({ description: "Reports recorded now." }),
          duplicates: z.number().int().min(0).meta({ description: "Reports for a verification that already had an outcome (or repeated in this request); nothing changed." }),
          errors: z.array(
            z.object({
              index: z.number().int().min(0).meta({ description: "The report's position in `outcomes`, from 0." }),
              code: z.enum(["verification_not_found", "ambiguous_order_id", "invalid_request"]),
              message: z.string(),
            }),
          ),
        })
        .meta({
          id: "OutcomesRecorded",
          example: { recorded: 1, duplicates: 0, errors: [{ index: 1, code: "verification_not_found", message: "No verification ver_7pQ2mNc4KsYt1XbV9wLe in this workspace." }] },
        }),
    )
    .mutation(({ ctx, input }) => {
      // Each report is checked on its own, so one bad report is listed rather than refusing the rest.
      const valid: { index: number; input: z.output<typeof OutcomeReport> }[] = [];
      const invalid: { index: number; message: string }[] = [];
      input.outcomes.forEach((report, index) => {
        const parsed = OutcomeReport.safeParse(report);
        if (parsed.success) valid.push({ index, input: parsed.data });
        else invalid.push({ index, message: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ") });
      });
      return reportOutcomes(ctx.db, ctx.caller.workspaceId, valid, invalid);
    }),
});
