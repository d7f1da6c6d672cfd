import { POLICY_CONDITIONS } from "~/lib/shared";
import type { Decision } from "~/lib/words";
import type { Outputs } from "../_lib/trpc";

/**
 * The Policy page's form state: what the inputs hold (text, as typed), turned into the policy the
 * server checks only when it is previewed or published. The server is the one judge of a policy;
 * its `invalid_policy` details come back with paths into this same shape.
 */
/** The policy's shapes as the router gives them: pages take the domain's types from the router only. */
export type PolicyVersion = Outputs["policy"]["get"];
export type Policy = PolicyVersion["policy"];
export type PolicyRule = Policy["rules"][number];
export type PolicyCondition = PolicyRule["if"];
export type PolicyHistoryPage = Outputs["console"]["policyHistory"];
export type ConditionName = (typeof POLICY_CONDITIONS)[number];

export interface DraftRule {
  /** Stable across moves, for React's keys and the inputs' ids. */
  key: number;
  then: Decision;
  /** The rule's conditions in the order they were added; each input's text. */
  conditions: { name: ConditionName; text: string; codes: string[] }[];
}

export interface Draft {
  ship_min_score: string;
  hold_max_score: string;
  rules: DraftRule[];
}

const NUMERIC: readonly ConditionName[] = ["score_below", "score_at_least", "order_value_above", "prior_returns_at_least"];

/** A rule with no condition yet, keyed after the draft's others (keys are deterministic, so server and browser render the same ids). */
export function newRule(rules: DraftRule[]): DraftRule {
  return { key: Math.max(0, ...rules.map((r) => r.key)) + 1, then: "REVIEW", conditions: [] };
}

export function newCondition(name: ConditionName): DraftRule["conditions"][number] {
  return { name, text: name === "payment_method" ? "cod" : name === "validation_below" ? "building" : "", codes: [] };
}

export function draftOf(policy: Policy): Draft {
  return {
    ship_min_score: String(policy.ship_min_score),
    hold_max_score: String(policy.hold_max_score),
    rules: policy.rules.map((r, i) => ({
      key: i + 1,
      then: r.then,
      conditions: POLICY_CONDITIONS.filter((name) => r.if[name] !== undefined).map((name) => {
        const value = r.if[name]!;
        if (name === "reasons") return { name, text: "", codes: [...(value as string[])] };
        return { name, text: Array.isArray(value) ? value.join(", ") : String(value), codes: [] };
      }),
    })),
  };
}

/** A number input's text as the number typed; blank or unreadable text goes as null, for the server to name. */
function numberOf(text: string): number {
  const t = text.trim();
  return (t === "" || Number.isNaN(Number(t)) ? null : Number(t)) as number;
}

/** A list typed with commas or new lines (pincodes may also be separated by spaces). */
function listOf(text: string, spaces: boolean): string[] {
  return text
    .split(spaces ? /[\s,;]+/ : /[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function policyOf(draft: Draft): Policy {
  return {
    ship_min_score: numberOf(draft.ship_min_score),
    hold_max_score: numberOf(draft.hold_max_score),
    rules: draft.rules.map((r) => {
      const conditions: Record<string, unknown> = {};
      for (const c of r.conditions) {
        if (c.name === "reasons") conditions.reasons = c.codes;
        else if (c.name === "pincodes") conditions.pincodes = listOf(c.text, true);
        else if (c.name === "states") conditions.states = listOf(c.text, false);
        else if (NUMERIC.includes(c.name)) conditions[c.name] = numberOf(c.text);
        else conditions[c.name] = c.text;
      }
      return { if: conditions, then: r.then };
    }),
  };
}

export function isNumeric(name: ConditionName): boolean {
  return NUMERIC.includes(name);
}
