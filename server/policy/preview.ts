import { nowMs } from "../clock";
import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { ValidationLevel } from "../provider";
import type { Decision, OutcomeKind } from "../verification/decide";
import { compilePolicy, type DecisionFacts } from "./decide";
import { outcomeCosts, type OutcomeCosts } from "./index";
import { parsePolicy, type Policy } from "./schema";

/**
 * `POST /policy/preview`: the workspace's live verifications of a period decided again under a
 * proposed policy, from what was stored with each (no provider, no parse, no charge, nothing
 * written). One read of the compact columns, grouped in SQL by what the proposed policy can tell
 * apart, then a tight loop over the groups in this process (docs/decision-policy.md).
 */
export const DECISIONS: readonly Decision[] = ["SHIP", "REVIEW", "HOLD"];
const RETURNED: ReadonlySet<string> = new Set<OutcomeKind>(["rto", "customer_refused", "address_issue"]);

export interface PolicyFigures {
  /** Returned parcels decided REVIEW or HOLD. */
  returns_caught: number;
  /** Delivered parcels decided HOLD. */
  deliveries_held: number;
  /** Returned parcels decided SHIP × the first cost, plus deliveries held × the second. */
  cost_rupees: number;
}

export interface PolicyPreview {
  days: number;
  verifications: number;
  with_outcomes: number;
  matrix: Record<Decision, Record<Decision, number>>;
  current: PolicyFigures;
  proposed: PolicyFigures;
  costs: OutcomeCosts;
  synthetic_verifications: number;
}

/** Stored verifications as the preview reads them: the decision given, the facts and the outcome, and how many share them. */
export interface StoredDecision {
  decision: Decision;
  facts: DecisionFacts;
  outcome: OutcomeKind | null;
  synthetic: boolean;
  count: number;
}

interface Row {
  decision: Decision;
  score: number;
  level: ValidationLevel;
  codes: string[] | null;
  payment: "cod" | "prepaid" | null;
  /** How many of the policy's order_value_above thresholds the value is above; -1 when no value was sent. */
  value_rank: number;
  pincode: string | null;
  state: string | null;
  prior: number;
  outcome: OutcomeKind | null;
  synthetic: boolean;
  n: number;
}

const emptyRow = (): Record<Decision, number> => ({ SHIP: 0, REVIEW: 0, HOLD: 0 });

/** The figures of a list of (decision, outcome) pairs; shared by both sides of the preview. */
class Tally {
  returns_caught = 0;
  deliveries_held = 0;
  returned_shipped = 0;
  add(decision: Decision, outcome: OutcomeKind | null, n: number): void {
    if (outcome === null) return;
    if (RETURNED.has(outcome)) {
      if (decision === "SHIP") this.returned_shipped += n;
      else this.returns_caught += n;
    } else if (outcome === "delivered" && decision === "HOLD") this.deliveries_held += n;
  }
  figures(costs: OutcomeCosts): PolicyFigures {
    return {
      returns_caught: this.returns_caught,
      deliveries_held: this.deliveries_held,
      cost_rupees: this.returned_shipped * costs.returned_shipped_rupees + this.deliveries_held * costs.held_delivered_rupees,
    };
  }
}

/** The preview of already-read verifications (pure; the test checks it against deciding them one at a time). */
export function previewOf(rows: Iterable<StoredDecision>, decideProposed: (f: DecisionFacts) => Decision, costs: OutcomeCosts, days: number): PolicyPreview {
  const matrix = { SHIP: emptyRow(), REVIEW: emptyRow(), HOLD: emptyRow() };
  const current = new Tally();
  const proposed = new Tally();
  let verifications = 0;
  let withOutcomes = 0;
  let synthetic = 0;
  for (const r of rows) {
    const next = decideProposed(r.facts);
    matrix[r.decision][next] += r.count;
    verifications += r.count;
    if (r.synthetic) synthetic += r.count;
    if (r.outcome !== null) {
      withOutcomes += r.count;
      current.add(r.decision, r.outcome, r.count);
      proposed.add(next, r.outcome, r.count);
    }
  }
  return { days, verifications, with_outcomes: withOutcomes, matrix, current: current.figures(costs), proposed: proposed.figures(costs), costs, synthetic_verifications: synthetic };
}

/**
 * What the proposed policy can tell apart, so verifications it cannot are read as one group: the
 * order value only as which of the policy's thresholds it is above, pincodes and states only when a
 * rule names them, earlier returns only up to the largest count a rule asks for.
 */
interface Distinctions {
  thresholds: number[];
  pincodes: string[];
  states: string[];
  maxPrior: number;
}

function distinctionsOf(policy: Policy): Distinctions {
  const conditions = policy.rules.map((r) => r.if);
  return {
    thresholds: [...new Set(conditions.flatMap((c) => (c.order_value_above === undefined ? [] : [c.order_value_above])))].sort((a, b) => a - b),
    pincodes: [...new Set(conditions.flatMap((c) => c.pincodes ?? []))],
    states: [...new Set(conditions.flatMap((c) => (c.states ?? []).map((s) => s.toLowerCase())))],
    maxPrior: Math.max(0, ...conditions.map((c) => c.prior_returns_at_least ?? 0)),
  };
}

/** The period's live verifications, grouped by what the policy can tell apart (one statement). */
export async function readDecisions(db: Db, workspaceId: string, days: number, d: Distinctions): Promise<Row[]> {
  const rank = d.thresholds.length
    ? Prisma.join(
        d.thresholds.map((t) => Prisma.sql`(order_value > ${t}::float8)::int`),
        " + ",
      )
    : Prisma.sql`0`;
  return query<Row>(
    db,
    Prisma.sql`
    SELECT decision::text AS decision, score, validation_level::text AS level, reason_codes AS codes, payment_method::text AS payment,
      CASE WHEN order_value IS NULL THEN -1 ELSE ${rank} END AS value_rank,
      CASE WHEN pincode_code IN (SELECT jsonb_array_elements_text(${JSON.stringify(d.pincodes)}::jsonb)) THEN pincode_code END AS pincode,
      CASE WHEN lower(state) IN (SELECT jsonb_array_elements_text(${JSON.stringify(d.states)}::jsonb)) THEN lower(state) END AS state,
      LEAST(prior_returns, ${d.maxPrior}::int) AS prior, outcome::text AS outcome, synthetic, count(*)::int AS n
    FROM verifications
    WHERE workspace_id = ${workspaceId} AND livemode AND created_at >= ${new Date(nowMs() - days * 86_400_000)}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
  );
}

/** An order value on the same side of every threshold as the group's values: the threshold just above them, or past the last. */
function valueFor(rank: number, thresholds: number[]): number | null {
  if (rank < 0) return null;
  if (rank < thresholds.length) return thresholds[rank]!;
  return (thresholds[thresholds.length - 1] ?? 0) + 1;
}

/** One reused object per group read. */
function* asStored(rows: Row[], d: Distinctions): Generator<StoredDecision> {
  const facts: DecisionFacts = { score: 0, validation_level: "none", reason_codes: [], payment_method: null, order_value: null, pincode: null, state: null, prior_returns: 0 };
  const out: StoredDecision = { decision: "REVIEW", facts, outcome: null, synthetic: false, count: 0 };
  for (const r of rows) {
    facts.score = r.score;
    facts.validation_level = r.level;
    facts.reason_codes = r.codes ?? [];
    facts.payment_method = r.payment;
    facts.order_value = valueFor(r.value_rank, d.thresholds);
    facts.pincode = r.pincode;
    facts.state = r.state;
    facts.prior_returns = r.prior;
    out.decision = r.decision;
    out.outcome = r.outcome;
    out.synthetic = r.synthetic;
    out.count = r.n;
    yield out;
  }
}

export async function previewPolicy(db: Db, workspaceId: string, input: { policy: unknown; days?: number }): Promise<PolicyPreview> {
  const policy = parsePolicy(input.policy);
  const distinctions = distinctionsOf(policy);
  const days = input.days ?? 90;
  const [rows, costs] = await Promise.all([readDecisions(db, workspaceId, days, distinctions), outcomeCosts(db, workspaceId)]);
  return previewOf(asStored(rows, distinctions), compilePolicy(policy), costs, days);
}
