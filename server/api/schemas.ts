import { z } from "zod";
import { ERROR_STATUS } from "../errors";
import { REASONS, type ReasonCode } from "../verification";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, ORDER_VALUE_MAX, PAYMENT_WORD_MAX_LENGTH } from "../../lib/shared";
import { DECISIONS, OUTCOME_KINDS, PAYMENT_METHODS, PAYMENT_WORDS, paymentMethodOf, VALIDATION_LEVELS, type Decision, type OutcomeKind } from "../../lib/words";

const PAYMENT_HINT = [...PAYMENT_WORDS.cod, ...PAYMENT_WORDS.prepaid].join(", ");

/** Schemas shared by several endpoints; `id` makes them named components in the OpenAPI document. */

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]).meta({ description: "Stable machine-readable code." }),
      message: z.string().meta({ description: "What went wrong, for a human." }),
      details: z
        .array(z.object({ path: z.string().meta({ example: "addresses.3.address" }), message: z.string() }))
        .optional()
        .meta({ description: "Present for schema failures: one entry per invalid field." }),
    }),
    request_id: z.string().meta({ example: "req_8fJ2kQ0aZx1mN4pR7sT9" }),
  })
  .meta({ id: "Error", description: "The body of every failed response." });

export const ComponentsSchema = z
  .object({
    house: z.string().nullable(),
    building: z.string().nullable(),
    street: z.string().nullable(),
    locality: z.string().nullable(),
    landmark: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    state: z.string().nullable().meta({ description: "Full official name, e.g. Karnataka." }),
    pincode: z.string().nullable().meta({ description: "Six digits." }),
  })
  .meta({ id: "Components", description: "Parsed parts of an address; each null when absent." });

/** An id the service gave out (`bat_…`, `ver_test_…`, `cnf_…`): longer text cannot be one, and is refused before any look-up. */
export const ID_MAX_LENGTH = 64;
export const IdText = z.string().max(ID_MAX_LENGTH, `ids are at most ${ID_MAX_LENGTH} characters`);

export const AddressText = z
  .string({ error: "address must be a string" })
  .min(ADDRESS_MIN_LENGTH, `address must be at least ${ADDRESS_MIN_LENGTH} characters`)
  .max(ADDRESS_MAX_LENGTH, `address must be at most ${ADDRESS_MAX_LENGTH} characters`);

/** The order facts a decision policy may read (contract: AddressInput), on single and batch verification. */
export const OrderFields = {
  payment_method: z
    .string({ error: "payment_method must be a string" })
    .max(PAYMENT_WORD_MAX_LENGTH, `payment_method must be at most ${PAYMENT_WORD_MAX_LENGTH} characters`)
    .transform((word, ctx) => {
      const method = paymentMethodOf(word);
      if (method) return method;
      ctx.issues.push({ code: "custom", input: word, message: `payment_method "${word}" is not a payment method: use cod or prepaid, or a word for either (${PAYMENT_HINT})` });
      return z.NEVER;
    })
    .optional()
    .meta({
      description: `How the buyer pays, stored as cod or prepaid; a decision policy may treat cash on delivery differently. Read in the merchant's words, case and spaces or hyphens aside: ${PAYMENT_WORDS.cod.join(", ")} are cod; ${PAYMENT_WORDS.prepaid.join(", ")} are prepaid.`,
      example: "UPI",
    }),
  order_value: z
    .number({ error: "order_value must be a number" })
    .min(0, "order_value must be at least 0")
    .max(ORDER_VALUE_MAX, `order_value must be at most ${ORDER_VALUE_MAX}`)
    .optional()
    .meta({ description: "The order's value in rupees (0 to 10,000,000)." }),
};

/** Finest first, as the contract lists them. */
const LEVELS = [...VALIDATION_LEVELS].reverse();

/** The documents' example address, cleaned: one Whitefield building, the flat as each example writes it. */
export const exampleComponents = (house: string) => ({
  house,
  building: "Prestige Shantiniketan",
  street: "Whitefield Main Road",
  locality: "Whitefield",
  landmark: null,
  city: "Bengaluru",
  district: "Bangalore",
  state: "Karnataka",
  pincode: "560066",
});

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
      components: exampleComponents("Flat 302"),
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

const STATUSES = ["queued", "processing", "completed", "failed", "cancelling", "cancelled"] as const;

/** A batch's status and row counts, as every batch answer gives them. */
export const batchCounters = {
  batch_id: z.string(),
  status: z.enum(STATUSES),
  total: z.number().int().min(0),
  done: z.number().int().min(0).meta({ description: "succeeded + failed; cancelled rows are not counted." }),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.number().int().min(0).meta({ description: "Rows cancelled before they started." }),
};

export const BatchProgressSchema = z
  .object({
    ...batchCounters,
    results_url: z.string().nullable().meta({ description: "Absolute URL of the CSV download once the batch is completed or cancelled, else null." }),
  })
  .meta({
    id: "BatchProgress",
    example: { batch_id: "bat_5Hn2kQp9LmXw8ZpR1cVd", status: "processing", total: 1000, done: 412, succeeded: 409, failed: 3, cancelled: 0, results_url: null },
  });
