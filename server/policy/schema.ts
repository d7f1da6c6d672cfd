import { z } from "zod";
import { DakiyaError } from "../errors";
import { REASONS, type ReasonCode } from "../verification/reasons";
import { ORDER_VALUE_MAX, POLICY_CONDITIONS, POLICY_MAX_PINCODES, POLICY_MAX_RULES, POLICY_MAX_STATES } from "../../lib/shared";
import { DECISIONS, PAYMENT_METHODS, VALIDATION_LEVELS } from "../../lib/words";

/**
 * A workspace's decision policy (docs/decision-policy.md): rules tried in order, the first whose
 * conditions all hold decides; otherwise the score thresholds do. The guards no policy lifts are in
 * ./decide.ts, not here: any valid policy is decided under them.
 */

/**
 * Bounds on a whole policy beside the per-rule ones (docs/operations.md): a policy is stored with
 * every version, read whole by the preview and the console, and compiled into each process's cache.
 */
export const POLICY_MAX_TOTAL_PINCODES = 5000;
export const POLICY_MAX_TOTAL_STATES = 200;
export const POLICY_MAX_TOTAL_REASONS = 500;
/** The policy as stored (JSON, UTF-8). */
export const POLICY_MAX_BYTES = 64 * 1024;
const REASON_CODES = Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]];
const score = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`);

const ConditionSchema = z
  .strictObject(
    {
      reasons: z
        .array(z.enum(REASON_CODES, { error: `must be one of ${REASON_CODES.join(", ")}` }))
        .min(1, "name at least one reason code")
        .max(REASON_CODES.length),
      payment_method: z.enum(PAYMENT_METHODS, { error: "must be cod or prepaid" }),
      score_below: score("score_below").max(101, "score_below must be at most 101"),
      score_at_least: score("score_at_least").max(100, "score_at_least must be at most 100"),
      order_value_above: z
        .number({ error: "order_value_above must be a number" })
        .min(0, "order_value_above must be at least 0")
        .max(ORDER_VALUE_MAX, `order_value_above must be at most ${ORDER_VALUE_MAX}`),
      validation_below: z.enum(VALIDATION_LEVELS, { error: `must be one of ${VALIDATION_LEVELS.join(", ")}` }),
      pincodes: z
        .array(z.string({ error: "must be a string" }).regex(/^[1-9]\d{5}$/, "must be a 6-digit pincode"))
        .min(1, "name at least one pincode")
        .max(POLICY_MAX_PINCODES, `at most ${POLICY_MAX_PINCODES} pincodes`),
      states: z
        .array(z.string({ error: "must be a string" }).trim().min(2, "must be a state's name").max(60, "must be a state's name"))
        .min(1, "name at least one state")
        .max(POLICY_MAX_STATES, `at most ${POLICY_MAX_STATES} states`),
      prior_returns_at_least: score("prior_returns_at_least").min(1, "prior_returns_at_least must be at least 1").max(1000, "prior_returns_at_least must be at most 1000"),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown condition; conditions are ${POLICY_CONDITIONS.join(", ")}` : "must be an object of conditions") },
  )
  .partial()
  .superRefine((c, ctx) => {
    if (Object.keys(c).length === 0) ctx.addIssue({ code: "custom", message: "a rule needs at least one condition (one without would catch every address)" });
    if (c.score_below !== undefined && c.score_at_least !== undefined && c.score_at_least >= c.score_below) {
      ctx.addIssue({ code: "custom", path: ["score_below"], message: "score_below must be above score_at_least, or the rule never applies" });
    }
  });

const RuleSchema = z.strictObject(
  {
    if: ConditionSchema,
    then: z.enum(DECISIONS, { error: "must be SHIP, REVIEW or HOLD" }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "a rule has only `if` and `then`" : "must be a rule: { if: { … }, then: SHIP | REVIEW | HOLD }") },
);

export const PolicySchema = z
  .strictObject(
    {
      ship_min_score: score("ship_min_score").max(101, "ship_min_score must be at most 101"),
      hold_max_score: z
        .number({ error: "hold_max_score must be a number" })
        .int("hold_max_score must be a whole number")
        .min(-1, "hold_max_score must be at least -1")
        .max(100, "hold_max_score must be at most 100"),
      rules: z.array(RuleSchema, { error: "rules must be a list" }).max(POLICY_MAX_RULES, `at most ${POLICY_MAX_RULES} rules`),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? "a policy has only ship_min_score, hold_max_score and rules" : "a policy must be an object") },
  )
  .refine((p) => p.hold_max_score < p.ship_min_score, {
    path: ["hold_max_score"],
    message: "hold_max_score must be below ship_min_score",
    // Checked beside the other problems (details name each), once both thresholds are numbers.
    when: ({ value }) => {
      const v = value as { ship_min_score?: unknown; hold_max_score?: unknown } | null;
      return Number.isInteger(v?.ship_min_score) && Number.isInteger(v?.hold_max_score);
    },
  })
  .superRefine((p, ctx) => {
    const totals = [
      ["pincodes", p.rules.reduce((n, r) => n + (r.if.pincodes?.length ?? 0), 0), POLICY_MAX_TOTAL_PINCODES],
      ["states", p.rules.reduce((n, r) => n + (r.if.states?.length ?? 0), 0), POLICY_MAX_TOTAL_STATES],
      ["reason codes", p.rules.reduce((n, r) => n + (r.if.reasons?.length ?? 0), 0), POLICY_MAX_TOTAL_REASONS],
    ] as const;
    for (const [what, total, max] of totals) {
      if (total > max) ctx.addIssue({ code: "custom", path: ["rules"], message: `the rules name ${total} ${what} in all; at most ${max}` });
    }
    const bytes = Buffer.byteLength(JSON.stringify(p));
    if (bytes > POLICY_MAX_BYTES) ctx.addIssue({ code: "custom", message: `the policy is ${bytes} bytes as JSON; at most ${POLICY_MAX_BYTES}` });
  });

export type Policy = z.infer<typeof PolicySchema>;
export type PolicyRule = Policy["rules"][number];
export type PolicyCondition = PolicyRule["if"];

export interface PolicyVersion {
  version: number;
  policy: Policy;
  created_at: string;
  /** The console member's email, "operator (CLI)", or "default" for version 1. */
  created_by: string;
}

/**
 * Version 1, every workspace's policy until it publishes another: the service's decisions before
 * policies existed. The decision engine keeps each decision's score in its band (SHIP 70–100,
 * REVIEW 16–69, HOLD 0–15), so these thresholds give the same decision (decide.test.ts replays it).
 */
export const DEFAULT_POLICY: Policy = { ship_min_score: 70, hold_max_score: 15, rules: [] };

/** The policy, or 400 `invalid_policy` with one detail per problem, paths relative to the policy. */
export function parsePolicy(input: unknown): Policy {
  const parsed = PolicySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const first = details[0]!;
  throw new DakiyaError(
    "invalid_policy",
    `The policy is not valid: ${first.path ? `${first.path}: ` : ""}${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}.`,
    { details },
  );
}
