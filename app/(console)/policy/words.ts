import { POLICY_CONDITIONS } from "~/lib/shared";
import type { Decision, PaymentMethod, ValidationLevel } from "~/lib/words";
import { formatNumber } from "../_lib/format";
import type { ConditionName, Policy, PolicyCondition } from "./draft";

/** The conditions a rule can have, in words: the form's labels and the history's sentences. */
export const CONDITION_WORDS: Record<ConditionName, { label: string; hint: string }> = {
  reasons: { label: "Has any of these reasons", hint: "The verification gave at least one of the ticked reason codes." },
  payment_method: { label: "Payment method is", hint: "As sent with the order (payment_method)." },
  score_below: { label: "Score below", hint: "0–101; the score is 0–100." },
  score_at_least: { label: "Score at least", hint: "0–100." },
  order_value_above: { label: "Order value above (₹)", hint: "Rupees, as sent with the order (order_value)." },
  validation_below: { label: "Confirmed less precisely than", hint: "The address was confirmed only to a coarser level than this." },
  pincodes: { label: "Pincode is one of", hint: "6-digit pincodes separated by commas or spaces; up to 1,000." },
  states: { label: "State is one of", hint: "Full names as India Post writes them (Delhi, Uttar Pradesh), separated by commas." },
  prior_returns_at_least: { label: "Earlier returns to this address at least", hint: "RTO, refused or address issue reported for the same address; 1 or more." },
};

export const LEVEL_WORDS: Record<ValidationLevel, string> = { none: "nothing", pincode: "the pincode", locality: "the locality", street: "the street", building: "the building" };
export const PAYMENT_WORDS: Record<PaymentMethod, string> = { cod: "Cash on delivery", prepaid: "Prepaid" };
export const DECISION_MEANING: Record<Decision, string> = { SHIP: "send", REVIEW: "check first", HOLD: "do not send yet" };

function conditionSentence(name: ConditionName, value: NonNullable<PolicyCondition[ConditionName]>): string {
  switch (name) {
    case "reasons":
      return `reasons include any of ${(value as string[]).join(", ")}`;
    case "payment_method":
      return `payment is ${PAYMENT_WORDS[value as keyof typeof PAYMENT_WORDS].toLowerCase()}`;
    case "score_below":
      return `score below ${value as number}`;
    case "score_at_least":
      return `score at least ${value as number}`;
    case "order_value_above":
      return `order value above ₹${formatNumber(value as number)}`;
    case "validation_below":
      return `confirmed less precisely than ${LEVEL_WORDS[value as keyof typeof LEVEL_WORDS]}`;
    case "pincodes": {
      const list = value as string[];
      return list.length > 5 ? `pincode is one of ${list.length} pincodes (${list.slice(0, 5).join(", ")}, …)` : `pincode is ${list.join(" or ")}`;
    }
    case "states":
      return `state is ${(value as string[]).join(" or ")}`;
    case "prior_returns_at_least":
      return `at least ${value as number} earlier ${value === 1 ? "return" : "returns"} to the address`;
  }
}

/** "If payment is cash on delivery and score below 60, HOLD." */
export function ruleSentence(rule: Policy["rules"][number]): string {
  // In the contract's order, whatever order the stored JSON keeps its keys in.
  const parts = POLICY_CONDITIONS.flatMap((name) => {
    const value = rule.if[name];
    return value === undefined ? [] : [conditionSentence(name, value)];
  });
  return `If ${parts.join(" and ")}: ${rule.then}.`;
}

export function thresholdsSentence(policy: Policy): string {
  return `Otherwise SHIP at a score of ${policy.ship_min_score} or more, HOLD at ${policy.hold_max_score} or less, REVIEW between.`;
}
