import { VALIDATION_LEVELS, type Decision, type PaymentMethod, type ValidationLevel } from "../../lib/words";
import type { Policy, PolicyCondition } from "./schema";

/**
 * Deciding under a policy, from what is stored with every verification (no provider, no parse), so a
 * past verification is decided again exactly as a new one would be: the preview and the live path
 * share this function.
 */
export interface DecisionFacts {
  score: number;
  validation_level: ValidationLevel;
  reason_codes: readonly string[];
  payment_method: PaymentMethod | null;
  order_value: number | null;
  /** The written pincode when the directory knows it. */
  pincode: string | null;
  /** The pincode's state, else the written one. */
  state: string | null;
  /** Earlier parcels to the same address that came back (rto, customer_refused, address_issue). */
  prior_returns: number;
}

const RANK = Object.fromEntries(VALIDATION_LEVELS.map((l, i) => [l, i])) as Record<ValidationLevel, number>;

/** Reasons after which an address is never SHIP, whatever a policy says. */
export const NEVER_SHIP: readonly string[] = ["junk_text", "pincode_not_found"];

/** The guards no policy lifts: SHIP needs building-level validation, and never with junk text or an unknown pincode. */
export function guard(decision: Decision, facts: DecisionFacts): Decision {
  if (decision !== "SHIP") return decision;
  if (facts.validation_level !== "building" || facts.reason_codes.some((c) => NEVER_SHIP.includes(c))) return "REVIEW";
  return decision;
}

type Test = (f: DecisionFacts) => boolean;

function conditionTests(c: PolicyCondition): Test[] {
  const tests: Test[] = [];
  if (c.reasons) {
    const codes = new Set<string>(c.reasons);
    tests.push((f) => f.reason_codes.some((r) => codes.has(r)));
  }
  if (c.payment_method !== undefined) {
    const method = c.payment_method;
    tests.push((f) => f.payment_method === method);
  }
  if (c.score_below !== undefined) {
    const below = c.score_below;
    tests.push((f) => f.score < below);
  }
  if (c.score_at_least !== undefined) {
    const least = c.score_at_least;
    tests.push((f) => f.score >= least);
  }
  if (c.order_value_above !== undefined) {
    const above = c.order_value_above;
    tests.push((f) => f.order_value !== null && f.order_value > above);
  }
  if (c.validation_below !== undefined) {
    const rank = RANK[c.validation_below];
    tests.push((f) => RANK[f.validation_level] < rank);
  }
  if (c.pincodes) {
    const pins = new Set(c.pincodes);
    tests.push((f) => f.pincode !== null && pins.has(f.pincode));
  }
  if (c.states) {
    const states = new Set(c.states.map((s) => s.toLowerCase()));
    tests.push((f) => f.state !== null && states.has(f.state.toLowerCase()));
  }
  if (c.prior_returns_at_least !== undefined) {
    const least = c.prior_returns_at_least;
    tests.push((f) => f.prior_returns >= least);
  }
  return tests;
}

/** A policy made into one function (sets built once), for deciding many verifications in a loop. */
export function compilePolicy(policy: Policy): (facts: DecisionFacts) => Decision {
  const rules = policy.rules.map((r) => ({ tests: conditionTests(r.if), then: r.then }));
  const { ship_min_score: ship, hold_max_score: hold } = policy;
  return (facts) => {
    for (const rule of rules) {
      if (rule.tests.every((t) => t(facts))) return guard(rule.then, facts);
    }
    return guard(facts.score >= ship ? "SHIP" : facts.score <= hold ? "HOLD" : "REVIEW", facts);
  };
}

export function decideUnder(policy: Policy, facts: DecisionFacts): Decision {
  return compilePolicy(policy)(facts);
}
