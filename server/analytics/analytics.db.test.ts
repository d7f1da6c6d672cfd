import { beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { db } from "../db";
import { authenticate } from "../keys";
import { reportOutcome } from "../outcomes";
import { makeSyntheticOutcomes } from "../outcomes/synthetic";
import { outcomeAnalytics } from ".";

/**
 * The day roll-ups the database keeps beside verifications (migration 20261125164538_analytics_days)
 * against the verifications summed afresh: after synthetic verifications and outcomes written in
 * chunks, then outcomes reported concurrently, some of them twice at once.
 */
let workspaceId: string;

const sql = <T>(text: string) => db().$queryRawUnsafe<T[]>(text);
const RETURNED = `outcome IN ('rto', 'customer_refused', 'address_issue')`;
const counts = `count(*)::int AS verifications, count(*) FILTER (WHERE outcome = 'delivered')::int AS delivered,
   count(*) FILTER (WHERE ${RETURNED})::int AS returned, count(*) FILTER (WHERE outcome = 'lost')::int AS lost`;
const sums = `sum(verifications)::int AS verifications, sum(delivered)::int AS delivered, sum(returned)::int AS returned, sum(lost)::int AS lost`;
const day = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

beforeAll(async () => {
  const ws = await newWorkspace();
  workspaceId = ws.workspace_id;
  await makeSyntheticOutcomes(db(), workspaceId, { count: 300 });
  const caller = await authenticate(db(), `Bearer ${ws.live_key}`);
  const open = await db().verification.findMany({ where: { workspaceId, outcome: null }, select: { id: true }, orderBy: { id: "asc" } });
  expect(open.length).toBeGreaterThan(5);
  const kinds = ["delivered", "rto", "lost", "cancelled", "customer_refused"] as const;
  await Promise.all(
    open.flatMap(({ id }, i) => {
      const report = () => reportOutcome(db(), caller, { verification_id: id, outcome: kinds[i % kinds.length]!, courier: i % 3 === 0 ? undefined : "Shadowfax" });
      return i % 4 === 0 ? [report(), report()] : [report()];
    }),
  );
});

describe("the analytics day roll-ups", () => {
  it("equal the live verifications summed afresh, by decision, band and courier", async () => {
    const fresh = await sql<object>(
      `SELECT ${day} AS day, decision::text AS decision, LEAST(score / 10, 9)::int AS band, COALESCE(courier, '') AS courier, ${counts},
         count(outcome)::int AS outcomes, count(*) FILTER (WHERE outcome <> 'cancelled')::int AS judged, count(*) FILTER (WHERE synthetic)::int AS synthetic,
         round(COALESCE(sum(delivery_probability) FILTER (WHERE outcome <> 'cancelled'), 0)::numeric, 6)::float8 AS psum
       FROM verifications WHERE workspace_id = '${workspaceId}' AND livemode GROUP BY 1, 2, 3, 4`,
    );
    const kept = await sql<object>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, decision::text AS decision, band, courier, ${sums},
         sum(outcomes)::int AS outcomes, sum(judged)::int AS judged, sum(synthetic)::int AS synthetic, round(sum(psum)::numeric, 6)::float8 AS psum
       FROM analytics_days WHERE workspace_id = '${workspaceId}' GROUP BY 1, 2, 3, 4 HAVING sum(verifications) > 0`,
    );
    expect(fresh.length).toBeGreaterThan(50);
    expect(sorted(kept)).toEqual(sorted(fresh));
  });

  it("equal them by reason code and by pincode", async () => {
    const where = `workspace_id = '${workspaceId}' AND livemode`;
    const kept = (table: string, key: string) =>
      sql<object>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${key} AS key, ${sums} FROM ${table} WHERE workspace_id = '${workspaceId}' GROUP BY 1, 2`);
    expect(sorted(await kept("analytics_reason_days", "code"))).toEqual(
      sorted(await sql<object>(`SELECT ${day} AS day, code AS key, ${counts} FROM verifications, unnest(reason_codes) AS code WHERE ${where} GROUP BY 1, 2`)),
    );
    expect(sorted(await kept("analytics_pincode_days", "pincode"))).toEqual(
      sorted(await sql<object>(`SELECT ${day} AS day, pincode_code AS key, ${counts} FROM verifications WHERE ${where} AND pincode_code IS NOT NULL GROUP BY 1, 2`)),
    );
  });

  it("give the Brier score of the verifications themselves", async () => {
    const [row] = await sql<{ brier: number }>(
      `SELECT avg((delivery_probability - (outcome = 'delivered')::int) ^ 2) AS brier
       FROM verifications WHERE workspace_id = '${workspaceId}' AND livemode AND outcome <> 'cancelled'`,
    );
    const a = await outcomeAnalytics(db(), workspaceId, { from: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) });
    expect(a.outcomes).toBeGreaterThan(250);
    expect(a.calibration.brier).toBe(Math.round(row!.brier * 1000) / 1000);
  });
});
