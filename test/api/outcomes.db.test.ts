import { beforeAll, describe, expect, it } from "vitest";
import { useApiServer, useProviderSimulator } from "../server";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { db } from "../../server/db";
import { advanceClock } from "../../server/clock";
import { decideUnder, type Policy } from "../../server/policy";
import { makeSyntheticOutcomes } from "../../server/outcomes/synthetic";
import { factsOf, findVerifications, type Verification } from "../../server/verification";
import { PRIOR_CURVE, probabilityOf } from "../../server/outcomes/probability";

/**
 * The preview against deciding the same verifications one at a time, analytics against plain SQL
 * over the outcomes table itself, the learnt delivery probability, and workspace isolation.
 */
useProviderSimulator();
const { api } = useApiServer();
let demo: Awaited<ReturnType<typeof newWorkspace>>;
let empty: Awaited<ReturnType<typeof newWorkspace>>;

const COD_RULE: Policy = {
  ship_min_score: 70,
  hold_max_score: 15,
  rules: [
    { if: { payment_method: "cod", score_below: 70 }, then: "HOLD" },
    { if: { pincodes: ["110093"] }, then: "REVIEW" },
  ],
};
/** Every condition the preview reads in groups: order value thresholds, states, earlier returns. */
const MIXED: Policy = {
  ship_min_score: 80,
  hold_max_score: 20,
  rules: [
    { if: { prior_returns_at_least: 2 }, then: "HOLD" },
    { if: { order_value_above: 2000, states: ["delhi", "Bihar"] }, then: "HOLD" },
    { if: { order_value_above: 5000, validation_below: "building" }, then: "REVIEW" },
    { if: { order_value_above: 700, payment_method: "prepaid", reasons: ["missing_house_number"] }, then: "SHIP" },
    { if: { prior_returns_at_least: 1, score_at_least: 90 }, then: "REVIEW" },
  ],
};
const RETURNED = ["rto", "customer_refused", "address_issue"];

beforeAll(async () => {
  await unlimitedPlan("outcomes_test", 1000, 50);
  demo = await newWorkspace("outcomes_test");
  empty = await newWorkspace("outcomes_test");
  await makeSyntheticOutcomes(db(), demo.workspace_id, { count: 400 });
});

describe("demo outcomes", () => {
  it("made 400 synthetic live verifications over 90 days, costing no units, most with an outcome", async () => {
    const rows = await db().verification.findMany({ where: { workspaceId: demo.workspace_id } });
    expect(rows).toHaveLength(400);
    expect(rows.every((r) => r.synthetic && r.livemode)).toBe(true);
    expect(new Set(rows.map((r) => r.decision))).toEqual(new Set(["SHIP", "REVIEW", "HOLD"]));
    expect(rows.filter((r) => r.outcome !== null).length).toBeGreaterThan(350);
    expect(await db().outcome.count({ where: { workspaceId: demo.workspace_id } })).toBe(rows.filter((r) => r.outcome !== null).length);
    expect((await api("GET", "/usage", { key: demo.live_key })).body.used).toBe(0);
  });
});

describe("POST /policy/preview", () => {
  it.each([
    ["a COD rule", COD_RULE],
    ["thresholds, states and earlier returns", MIXED],
  ])("matches deciding the same stored verifications one at a time: %s", async (_name, policy) => {
    const res = await api("POST", "/policy/preview", { key: demo.live_key, body: { policy } });
    expect(res.status).toBe(200);
    // One at a time: each verification's record as the console reads it, its facts rebuilt from the record.
    const ids = (await db().verification.findMany({ where: { workspaceId: demo.workspace_id }, select: { id: true } })).map((r) => r.id);
    const matrix = { SHIP: { SHIP: 0, REVIEW: 0, HOLD: 0 }, REVIEW: { SHIP: 0, REVIEW: 0, HOLD: 0 }, HOLD: { SHIP: 0, REVIEW: 0, HOLD: 0 } };
    const tally = { current: { caught: 0, held: 0, shipped: 0 }, proposed: { caught: 0, held: 0, shipped: 0 } };
    let withOutcomes = 0;
    for (const id of ids) {
      const [v] = await findVerifications(db(), demo.workspace_id, id);
      const proposed = decideUnder(policy, factsOf(v as Verification));
      matrix[v!.decision][proposed]++;
      if (v!.outcome === null) continue;
      withOutcomes++;
      for (const [side, d] of [
        ["current", v!.decision],
        ["proposed", proposed],
      ] as const) {
        if (RETURNED.includes(v!.outcome) && d === "SHIP") tally[side].shipped++;
        if (RETURNED.includes(v!.outcome) && d !== "SHIP") tally[side].caught++;
        if (v!.outcome === "delivered" && d === "HOLD") tally[side].held++;
      }
    }
    const figures = (t: { caught: number; held: number; shipped: number }) => ({ returns_caught: t.caught, deliveries_held: t.held, cost_rupees: t.shipped * 150 + t.held * 20 });
    expect(res.body).toEqual({
      days: 90,
      verifications: ids.length,
      with_outcomes: withOutcomes,
      matrix,
      current: figures(tally.current),
      proposed: figures(tally.proposed),
      costs: { returned_shipped_rupees: 150, held_delivered_rupees: 20 },
      synthetic_verifications: ids.length,
    });
    // Either policy moves verifications away from the decisions they were given.
    expect(res.body.matrix.REVIEW.HOLD + res.body.matrix.SHIP.REVIEW + res.body.matrix.SHIP.HOLD).toBeGreaterThan(0);
  });

  it("the current policy previewed against itself moves nothing", async () => {
    const res = await api("POST", "/policy/preview", { key: demo.live_key, body: { policy: { ship_min_score: 70, hold_max_score: 15, rules: [] }, days: 365 } });
    const { matrix } = res.body;
    for (const from of ["SHIP", "REVIEW", "HOLD"]) for (const to of ["SHIP", "REVIEW", "HOLD"]) if (from !== to) expect(matrix[from][to]).toBe(0);
    expect(res.body.proposed).toEqual(res.body.current);
  });

  it("counts only the chosen period, and only the caller's workspace", async () => {
    const week = await api("POST", "/policy/preview", { key: demo.live_key, body: { policy: COD_RULE, days: 7 } });
    expect(week.body.verifications).toBeGreaterThan(0);
    expect(week.body.verifications).toBeLessThan(80);
    const other = await api("POST", "/policy/preview", { key: empty.live_key, body: { policy: COD_RULE } });
    expect(other.body).toMatchObject({ verifications: 0, with_outcomes: 0, current: { cost_rupees: 0 }, proposed: { cost_rupees: 0 } });
  });

  it("needs a live key", async () => {
    const res = await api("POST", "/policy/preview", { key: demo.test_key, body: { policy: COD_RULE } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("live_key_required");
  });
});

describe("GET /analytics/outcomes", () => {
  const period = () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    return { from, to, where: `v.workspace_id = '${demo.workspace_id}' AND v.livemode AND v.created_at >= '${from}' AND v.created_at < ('${to}'::date + 1)` };
  };

  it("counts as plain SQL over the outcomes table does", async () => {
    const { from, to, where } = period();
    const res = await api("GET", `/analytics/outcomes?from=${from}&to=${to}`, { key: demo.live_key });
    expect(res.status).toBe(200);
    const a = res.body;
    const sql = <T>(text: string) => db().$queryRawUnsafe<T[]>(text);
    const join = `FROM verifications v LEFT JOIN outcomes o ON o.verification_id = v.id WHERE ${where}`;
    const returned = `count(*) FILTER (WHERE o.outcome::text IN ('rto', 'customer_refused', 'address_issue'))::int`;
    const [totals] = await sql<{ n: number; outcomes: number }>(`SELECT count(*)::int AS n, count(o.id)::int AS outcomes ${join}`);
    expect([a.verifications, a.outcomes]).toEqual([totals!.n, totals!.outcomes]);

    const decisions = await sql<{ decision: string; n: number; delivered: number; returned: number }>(
      `SELECT v.decision::text AS decision, count(*)::int AS n, count(*) FILTER (WHERE o.outcome = 'delivered')::int AS delivered, ${returned} AS returned ${join} GROUP BY 1`,
    );
    for (const d of a.by_decision) {
      const row = decisions.find((x) => x.decision === d.decision) ?? { n: 0, delivered: 0, returned: 0 };
      expect([d.verifications, d.delivered, d.returned]).toEqual([row.n, row.delivered, row.returned]);
    }

    const reasons = await sql<{ code: string; n: number; returned: number }>(
      `SELECT r->>'code' AS code, count(*)::int AS n, ${returned} AS returned FROM verifications v CROSS JOIN jsonb_array_elements(v.reasons) r LEFT JOIN outcomes o ON o.verification_id = v.id WHERE ${where} GROUP BY 1`,
    );
    expect(a.by_reason.map((r: { code: string; verifications: number; returned: number }) => [r.code, r.verifications, r.returned]).sort()).toEqual(
      reasons.map((r) => [r.code, r.n, r.returned]).sort(),
    );

    const pins = await sql<{ pin: string; n: number; returned: number }>(
      `SELECT v.pincode->>'code' AS pin, count(*)::int AS n, ${returned} AS returned ${join} AND v.pincode IS NOT NULL GROUP BY 1`,
    );
    for (const p of a.by_pincode) expect(pins.find((x) => x.pin === p.pincode)).toMatchObject({ n: p.verifications, returned: p.returned });
    const top = Math.min(...a.by_pincode.map((p: { returned: number }) => p.returned));
    expect(pins.filter((x) => x.returned > top).length).toBeLessThan(a.by_pincode.length + 1);
    expect(a.by_pincode.find((p: { pincode: string }) => p.pincode === "110093")).toMatchObject({ district: expect.any(String), state: "Delhi" });

    const couriers = await sql<{ courier: string; n: number; returned: number }>(
      `SELECT COALESCE(o.courier, 'unknown') AS courier, count(*)::int AS n, ${returned} AS returned ${join} AND o.id IS NOT NULL GROUP BY 1`,
    );
    expect(a.by_courier.map((c: { courier: string; outcomes: number; returned: number }) => [c.courier, c.outcomes, c.returned]).sort()).toEqual(
      couriers.map((c) => [c.courier, c.n, c.returned]).sort(),
    );

    const weeks = await sql<{ week: string; n: number; returned: number }>(
      `SELECT to_char(v.created_at AT TIME ZONE 'UTC', 'IYYY-"W"IW') AS week, count(*)::int AS n, ${returned} AS returned ${join} GROUP BY 1`,
    );
    expect(a.by_week.map((w: { week: string; verifications: number; returned: number }) => [w.week, w.verifications, w.returned])).toEqual(
      weeks.map((w) => [w.week, w.n, w.returned]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );

    const [cal] = await sql<{ n: number; brier: number }>(
      `SELECT count(*)::int AS n, avg(power(v.delivery_probability - (o.outcome = 'delivered')::int, 2))::float8 AS brier ${join} AND o.outcome IS NOT NULL AND o.outcome <> 'cancelled'`,
    );
    expect(a.calibration.bands.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(cal!.n);
    expect(a.calibration.brier).toBeCloseTo(cal!.brier, 3);
    expect(a.calibration.bands.map((b: { from: number; to: number }) => [b.from, b.to])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 10, i === 9 ? 100 : i * 10 + 10]));
    expect(a.synthetic_verifications).toBe(totals!.n);
  });

  it("defaults to the last 30 days, and refuses a bad period with invalid_request", async () => {
    const res = await api("GET", "/analytics/outcomes", { key: demo.live_key });
    expect(res.status).toBe(200);
    expect((Date.parse(res.body.to) - Date.parse(res.body.from)) / 86_400_000).toBe(29);
    expect(res.body.to).toBe(new Date().toISOString().slice(0, 10));
    for (const q of ["from=2026-02-30", "from=2026-11-20&to=2026-11-01", "from=2024-01-01&to=2025-12-31", "to=yesterday"]) {
      const bad = await api("GET", `/analytics/outcomes?${q}`, { key: demo.live_key });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code).toBe("invalid_request");
    }
  });

  it("needs a live key and sees only the caller's workspace", async () => {
    const res = await api("GET", "/analytics/outcomes", { key: demo.test_key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("live_key_required");
    const other = await api("GET", "/analytics/outcomes", { key: empty.live_key });
    expect(other.body).toMatchObject({ verifications: 0, outcomes: 0, by_pincode: [], by_courier: [], by_week: [], calibration: { brier: null } });
  });
});

describe("delivery_probability", () => {
  // A new flat each time: no address has a history, so every verification scores the same (90).
  let flat = 100;
  const ship = () => `Flat ${flat++}, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066`;

  it("is learnt from the workspace's own outcomes, refreshed at most once a minute", async () => {
    const ws = await newWorkspace("outcomes_test");
    const other = await newWorkspace("outcomes_test");
    const verify = async (key: string) => (await api("POST", "/addresses/verify", { key, body: { address: ship() } })).body;
    const first = await verify(ws.live_key);
    expect(first.score).toBe(90);
    expect(first.delivery_probability).toBe(probabilityOf(PRIOR_CURVE, first.score));
    // Parcels to score-90 addresses keep coming back: the band's probability falls below the prior.
    const report = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const v = await verify(ws.live_key);
        expect((await api("POST", "/outcomes", { key: ws.live_key, body: { verification_id: v.verification_id, outcome: "rto" } })).status).toBe(200);
      }
    };
    await report(1);
    const afterFirst = (await verify(ws.live_key)).delivery_probability;
    expect(afterFirst).toBeLessThan(first.delivery_probability);
    await report(10);
    // Within the minute: unchanged however many outcomes arrived.
    expect((await verify(ws.live_key)).delivery_probability).toBe(afterFirst);
    advanceClock(61_000);
    const later = (await verify(ws.live_key)).delivery_probability;
    expect(later).toBeLessThan(afterFirst);
    // Another workspace's outcomes never move this one's.
    expect((await verify(other.live_key)).delivery_probability).toBe(first.delivery_probability);
  });
});
