import { nowMs } from "../clock";
import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { ValidationLevel } from "../provider";
import type { Decision, OutcomeKind } from "../verification/decide";
import { compilePolicy, type DecisionFacts } from "./decide";
import { outcomeCosts, type OutcomeCosts } from "./index";
import { parsePolicy } from "./schema";

/**
 * `POST /policy/preview`: the workspace's live verifications of a period decided again under a
 * proposed policy, from what was stored with each (no provider, no parse, no charge, nothing
 * written). One read of the compact columns, then a tight loop in this process (docs/decision-policy.md).
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

/** A stored verification as the preview reads it: the decision it was given, its facts and its outcome. */
export interface StoredDecision {
  decision: Decision;
  facts: DecisionFacts;
  outcome: OutcomeKind | null;
  synthetic: boolean;
}

interface Row {
  decision: Decision;
  score: number;
  level: ValidationLevel;
  codes: string[] | null;
  payment: "cod" | "prepaid" | null;
  value: number | null;
  pincode: string | null;
  state: string | null;
  prior: number;
  outcome: OutcomeKind | null;
  synthetic: boolean;
}

const emptyRow = (): Record<Decision, number> => ({ SHIP: 0, REVIEW: 0, HOLD: 0 });

/** The figures of a list of (decision, outcome) pairs; shared by both sides of the preview. */
class Tally {
  returns_caught = 0;
  deliveries_held = 0;
  returned_shipped = 0;
  add(decision: Decision, outcome: OutcomeKind | null): void {
    if (outcome === null) return;
    if (RETURNED.has(outcome)) {
      if (decision === "SHIP") this.returned_shipped++;
      else this.returns_caught++;
    } else if (outcome === "delivered" && decision === "HOLD") this.deliveries_held++;
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
    matrix[r.decision][next]++;
    verifications++;
    if (r.synthetic) synthetic++;
    if (r.outcome !== null) {
      withOutcomes++;
      current.add(r.decision, r.outcome);
      proposed.add(next, r.outcome);
    }
  }
  return { days, verifications, with_outcomes: withOutcomes, matrix, current: current.figures(costs), proposed: proposed.figures(costs), costs, synthetic_verifications: synthetic };
}

/** The period's live verifications, compact (one statement). */
export async function readDecisions(db: Db, workspaceId: string, days: number): Promise<Row[]> {
  return query<Row>(db, Prisma.sql`
    SELECT decision::text AS decision, score, validation_level::text AS level, reason_codes AS codes, payment_method::text AS payment,
      order_value AS value, pincode_code AS pincode, state, prior_returns AS prior, outcome::text AS outcome, synthetic
    FROM verifications
    WHERE workspace_id = ${workspaceId} AND livemode AND created_at >= ${new Date(nowMs() - days * 86_400_000)}`);
}

/** One reused object per row read, so 100,000 rows make no garbage beyond what the driver made. */
function* asStored(rows: Row[]): Generator<StoredDecision> {
  const facts: DecisionFacts = { score: 0, validation_level: "none", reason_codes: [], payment_method: null, order_value: null, pincode: null, state: null, prior_returns: 0 };
  const out: StoredDecision = { decision: "REVIEW", facts, outcome: null, synthetic: false };
  for (const r of rows) {
    facts.score = r.score;
    facts.validation_level = r.level;
    facts.reason_codes = r.codes ?? [];
    facts.payment_method = r.payment;
    facts.order_value = r.value;
    facts.pincode = r.pincode;
    facts.state = r.state;
    facts.prior_returns = r.prior;
    out.decision = r.decision;
    out.outcome = r.outcome;
    out.synthetic = r.synthetic;
    yield out;
  }
}

export async function previewPolicy(db: Db, workspaceId: string, input: { policy: unknown; days?: number }): Promise<PolicyPreview> {
  const decideProposed = compilePolicy(parsePolicy(input.policy));
  const days = input.days ?? 90;
  const [rows, costs] = await Promise.all([readDecisions(db, workspaceId, days), outcomeCosts(db, workspaceId)]);
  return previewOf(asStored(rows), decideProposed, costs, days);
}
