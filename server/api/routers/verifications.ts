import { z } from "zod";
import { OUTCOMES_BATCH_MAX, reportOutcome, reportOutcomes } from "../../outcomes";
import { REASONS, verify, type ReasonCode } from "../../verification";
import { liveWriteProcedure, meteredProcedure, router } from "../trpc";
import { AddressText, ComponentsSchema, OrderFields } from "../schemas";
import { ORDER_ID_MAX_LENGTH } from "../../../lib/shared";
import { DECISIONS, OUTCOME_KINDS, PAYMENT_METHODS, VALIDATION_LEVELS, type Decision, type OutcomeKind } from "../../../lib/words";

/** Finest first, as the contract lists them. */
const LEVELS = [...VALIDATION_LEVELS].reverse();

const example = (decision: Decision) => {
  const base = {
    order_id: "ORD-10042",
    livemode: true,
    provider: { name: "google", called: true },
    suggested_pincodes: [],
    policy_version: 1,
    payment_method: "cod",
    order_value: 1499,
    created_at: "2026-11-22T10:15:00.000Z",
  };
  if (decision === "SHIP") {
    return {
      ...base,
      verification_id: "ver_3kT9sQb2LmXw8ZpR1cVd",
      decision,
      score: 90,
      validation_level: "building",
      reasons: [{ code: "provider_building_match", message: REASONS.provider_building_match }],
      normalized: "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
      components: {
        house: "Flat 302",
        building: "Prestige Shantiniketan",
        street: "Whitefield Main Road",
        locality: "Whitefield",
        landmark: null,
        city: "Bengaluru",
        district: "Bangalore",
        state: "Karnataka",
        pincode: "560066",
      },
      pincode: { code: "560066", district: "Bangalore", state: "Karnataka" },
      location: { lat: 12.9817, lng: 77.7269, precision: "building" },
      digipin: "4P3JK852C9",
      history: { delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 },
      delivery_probability: 0.94,
    };
  }
  if (decision === "REVIEW") {
    return {
      ...base,
      verification_id: "ver_7pQ2mNc4KsYt1XbV9wLe",
      decision,
      score: 45,
      validation_level: "street",
      reasons: [
        { code: "missing_house_number", message: REASONS.missing_house_number },
        { code: "provider_street_match", message: REASONS.provider_street_match },
      ],
      normalized: "100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038",
      components: {
        house: null,
        building: null,
        street: "100 Feet Road",
        locality: "Indiranagar",
        landmark: null,
        city: "Bengaluru",
        district: "Bangalore",
        state: "Karnataka",
        pincode: "560038",
      },
      pincode: { code: "560038", district: "Bangalore", state: "Karnataka" },
      location: { lat: 12.9784, lng: 77.6408, precision: "street" },
      digipin: "4P3JK7F9M2",
      history: { delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 },
      delivery_probability: 0.78,
    };
  }
  return {
    ...base,
    verification_id: "ver_9aZ4xWq8RtUo2PlK6nMb",
    decision,
    score: 10,
    validation_level: "none",
    reasons: [{ code: "pincode_not_found", message: "Pincode 999999 is not in India Post's directory." }],
    normalized: "12 Some Street, Nowhere 999999",
    components: { house: "12", building: null, street: "Some Street", locality: null, landmark: null, city: "Nowhere", district: null, state: null, pincode: "999999" },
    pincode: null,
    location: null,
    digipin: null,
    history: { delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 },
    delivery_probability: 0.62,
    provider: { name: "google", called: false },
  };
};

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

const HistorySchema = z
  .object(Object.fromEntries(OUTCOME_KINDS.map((o) => [o, z.number().int().min(0)])) as Record<OutcomeKind, z.ZodNumber>)
  .meta({ id: "History", description: "Delivery outcomes already reported in this workspace for this address (same normalized form), by outcome." });

export const VerificationSchema = z
  .object({
    verification_id: z.string().meta({ description: "`ver_…` for live keys, `ver_test_…` for test keys." }),
    order_id: z.string().nullable().meta({ description: "Echoed from the request." }),
    livemode: z.boolean(),
    decision: z.enum(DECISIONS).meta({
      description: "SHIP: building-level validation, known pincode, no contradiction. HOLD: very likely undeliverable. REVIEW: everything else.",
    }),
    score: z.number().int().min(0).max(100).meta({ description: "Confidence that a parcel reaches this address: SHIP 70–100, REVIEW 16–69, HOLD 0–15." }),
    validation_level: z.enum(LEVELS).meta({ description: "The finest level that was confirmed." }),
    reasons: z
      .array(z.object({ code: z.enum(Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]]), message: z.string() }))
      .meta({ description: "Why: stable machine codes with a message for people." }),
    normalized: z.string(),
    components: ComponentsSchema,
    pincode: z
      .object({ code: z.string(), district: z.string(), state: z.string() })
      .nullable()
      .meta({ description: "From India Post's directory; null when the text has no known 6-digit pincode." }),
    location: z
      .object({ lat: z.number(), lng: z.number(), precision: z.enum([...LEVELS, "device"]) })
      .nullable()
      .meta({ description: "The buyer's own device point from a confirmation (precision `device`), else the provider's geocode, else the pincode area's centre (precision `pincode`)." }),
    digipin: z.string().nullable().meta({ description: "DIGIPIN of `location` when its precision is `device`, `building` or `street`; null otherwise." }),
    suggested_pincodes: z
      .array(z.object({ code: z.string(), locality: z.string(), district: z.string(), state: z.string() }).meta({ id: "SuggestedPincode" }))
      .max(3)
      .meta({
        description: "Up to 3 pincodes, best first, whose post offices the address names, when its pincode is missing, unknown or contradicts the written state or city; empty otherwise.",
      }),
    history: HistorySchema,
    provider: z.object({ name: z.string(), called: z.boolean() }),
    delivery_probability: z.number().min(0).max(1).meta({
      description: "Calibrated chance that a parcel to this address is delivered, learnt from this workspace's own reported outcomes by score band (docs/decision-policy.md); two decimals.",
    }),
    policy_version: z.number().int().min(1).meta({ description: "The version of the workspace's decision policy that decided (GET /policy)." }),
    payment_method: z.enum(PAYMENT_METHODS).nullable().meta({ description: "Echoed from the request; null when not given." }),
    order_value: z.number().nullable().meta({ description: "Echoed from the request (rupees); null when not given." }),
    created_at: z.string().meta({ description: "ISO 8601." }),
  })
  .meta({ id: "Verification", examples: [example("SHIP"), example("REVIEW"), example("HOLD")] });

export const verificationsRouter = router({
  verify: meteredProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addresses/verify",
        errorResponses: [400, 403, 502, 503, 504],
        tags: ["Verification"],
        summary: "Verify one address",
        description:
          "Will a parcel reach this address? Returns SHIP / REVIEW / HOLD with a score and reasons. Live keys: any address, 1 unit, may call the validation provider; a provider failure costs nothing. Test keys: only the fixtures in `fixtures/test-addresses.json`, simulated, free (403 `test_fixture_required` otherwise). The workspace's decision policy in force decides (`policy_version`); `payment_method` and `order_value` are stored for it.",
      },
    })
    .input(
      z
        .object({
          address: AddressText,
          order_id: z.string().max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`).optional().meta({ description: "Your reference, echoed back." }),
          ...OrderFields,
        })
        .meta({ example: { address: "Flat 302, Prestige Shantiniketan, Whitefield Main Rd, Bangalore 560066", order_id: "ORD-10042", payment_method: "cod", order_value: 1499 } }),
    )
    .output(VerificationSchema)
    .mutation(({ ctx, input }) => verify(ctx.db, ctx.caller, input)),

  reportOutcome: liveWriteProcedure
    .meta({
      openapi: {
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

  reportOutcomes: liveWriteProcedure
    .meta({
      openapi: {
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
