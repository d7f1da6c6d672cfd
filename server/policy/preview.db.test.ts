import { beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { db } from "../db";
import type { Decision } from "../../lib/words";
import { compilePolicy, type Policy, type PolicyRule } from ".";
import { PREVIEW_FETCH_GROUPS, previewPolicy } from "./preview";
import { fillVerifications } from "./preview.test-data";

/**
 * The preview read through its cursor: more groups than one fetch holds, and 47 order-value
 * thresholds with 2,000 named pincodes (the policy that exhausted the heap when every group was
 * read at once), against deciding each verification one at a time; and its time budget.
 */
const ROWS = 8000;
const THRESHOLDS = Array.from({ length: 47 }, (_, i) => 200 * (i + 1));
const PINCODES = Array.from({ length: 2000 }, (_, i) => String(110000 + i));
const WIDE: Policy = {
  ship_min_score: 75,
  hold_max_score: 20,
  rules: [
    ...THRESHOLDS.map((t, i): PolicyRule => ({ if: { order_value_above: t, score_below: 30 + i }, then: i % 2 ? "HOLD" : "REVIEW" })),
    { if: { pincodes: PINCODES.slice(0, 1000), payment_method: "cod" }, then: "HOLD" },
    { if: { pincodes: PINCODES.slice(500, 1500), states: ["delhi", "Kerala"] }, then: "SHIP" },
  ],
};

let workspaceId: string;

beforeAll(async () => {
  workspaceId = (await newWorkspace()).workspace_id;
  await fillVerifications(workspaceId, ROWS);
});

interface Stored {
  decision: Decision;
  score: number;
  level: "building" | "street";
  codes: string[];
  payment: "cod" | "prepaid" | null;
  value: number;
  pincode: string;
  state: string;
  prior: number;
  outcome: string | null;
}

/** The preview's figures from each verification decided alone. */
async function oneAtATime(policy: Policy) {
  const rows = await db().$queryRaw<Stored[]>`
    SELECT decision::text AS decision, score, validation_level::text AS level, reason_codes AS codes, payment_method::text AS payment,
      order_value AS value, pincode_code AS pincode, state, prior_returns AS prior, outcome::text AS outcome
    FROM verifications WHERE workspace_id = ${workspaceId}`;
  const decide = compilePolicy(policy);
  const matrix = { SHIP: { SHIP: 0, REVIEW: 0, HOLD: 0 }, REVIEW: { SHIP: 0, REVIEW: 0, HOLD: 0 }, HOLD: { SHIP: 0, REVIEW: 0, HOLD: 0 } };
  const t = { current: { caught: 0, held: 0, shipped: 0 }, proposed: { caught: 0, held: 0, shipped: 0 } };
  for (const r of rows) {
    const next = decide({
      score: r.score,
      validation_level: r.level,
      reason_codes: r.codes,
      payment_method: r.payment,
      order_value: r.value,
      pincode: r.pincode,
      state: r.state,
      prior_returns: r.prior,
    });
    matrix[r.decision][next]++;
    for (const [side, d] of [
      ["current", r.decision],
      ["proposed", next],
    ] as const) {
      if (r.outcome === "rto") t[side][d === "SHIP" ? "shipped" : "caught"]++;
      if (r.outcome === "delivered" && d === "HOLD") t[side].held++;
    }
  }
  const figures = (f: { caught: number; held: number; shipped: number }) => ({ returns_caught: f.caught, deliveries_held: f.held, cost_rupees: f.shipped * 150 + f.held * 20 });
  return { matrix, current: figures(t.current), proposed: figures(t.proposed), with_outcomes: rows.filter((r) => r.outcome !== null).length };
}

describe("the preview read group by group", () => {
  it("more groups than one fetch: 47 thresholds and 2,000 named pincodes give what deciding each verification alone gives", async () => {
    // At least this many groups: the preview tells these three apart, and more besides.
    const groups = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (
        SELECT DISTINCT score, payment_method, (SELECT count(*) FROM jsonb_array_elements_text(${JSON.stringify(THRESHOLDS)}::jsonb) t WHERE order_value > t::float8)
        FROM verifications WHERE workspace_id = ${workspaceId}) g`;
    expect(groups[0]!.n).toBeGreaterThan(PREVIEW_FETCH_GROUPS);
    const preview = await previewPolicy(db(), workspaceId, { policy: WIDE });
    expect(preview).toEqual({
      days: 90,
      verifications: ROWS,
      ...(await oneAtATime(WIDE)),
      costs: { returned_shipped_rupees: 150, held_delivered_rupees: 20 },
      synthetic_verifications: 0,
    });
    expect(preview.matrix.SHIP.HOLD + preview.matrix.REVIEW.HOLD).toBeGreaterThan(0);
  });
});

describe("the preview's time budget", () => {
  it("a preview past its budget is 503 provider_unavailable naming the budget, and the next one runs", async () => {
    const slow = previewPolicy(db(), workspaceId, { policy: WIDE }, { timeoutMs: 1 });
    await expect(slow).rejects.toMatchObject({ code: "provider_unavailable", status: 503, headers: { "Retry-After": "60" } });
    await expect(slow).rejects.toThrow(/did not finish within 0.001 s/);
    expect((await previewPolicy(db(), workspaceId, { policy: WIDE, days: 30 })).verifications).toBe(ROWS);
  });
});
