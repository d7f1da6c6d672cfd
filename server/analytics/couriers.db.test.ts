import { beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { db } from "../db";
import { newId } from "../ids";
import { authenticate } from "../keys";
import { reportOutcome } from "../outcomes";
import { BY_COURIER_TOP, outcomeAnalytics } from ".";

/**
 * Couriers reported in many spellings count as one (folded before the roll-up triggers count them),
 * and by_courier lists the 20 with most outcomes, then `other`.
 */
const REPORTS: [courier: string | undefined, outcome: "delivered" | "rto"][] = [
  ["Delhivery", "delivered"],
  ["DELHIVERY", "delivered"],
  [" delhivery pvt. ltd.", "rto"],
  ["Delhivery Express", "delivered"],
  ["Blue Dart", "delivered"],
  ["BLUEDART", "rto"],
  ["Blue Dart Express Ltd", "delivered"],
  [undefined, "delivered"],
  ...Array.from({ length: 25 }, (_, i) => [`local carrier ${String.fromCharCode(65 + i)}`, i % 2 ? "rto" : "delivered"] as [string, "delivered" | "rto"]),
];

let workspaceId: string;

beforeAll(async () => {
  const ws = await newWorkspace();
  workspaceId = ws.workspace_id;
  const ids = REPORTS.map(() => newId("ver"));
  await db().$executeRaw`
    INSERT INTO verifications (id, workspace_id, livemode, input_address, address_key, normalized, components, decision, score, validation_level,
      reasons, history, provider_name, provider_called, delivery_probability, created_at)
    SELECT id, ${workspaceId}, true, 'a', 'a' || id, 'a', '{}'::jsonb, 'SHIP'::"Decision", 90, 'building'::"ValidationLevel",
      '[]'::jsonb, '{}'::jsonb, 'simulator', true, 0.9, now()
    FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS id`;
  const caller = await authenticate(db(), `Bearer ${ws.live_key}`);
  for (const [i, [courier, outcome]] of REPORTS.entries()) await reportOutcome(db(), caller, { verification_id: ids[i]!, outcome, courier });
});

describe("couriers in analytics", () => {
  it("one row per courier however it was spelt, and the outcomes store the one name", async () => {
    const { by_courier } = await outcomeAnalytics(db(), workspaceId, {});
    expect(by_courier.slice(0, 3)).toEqual([
      { courier: "Delhivery", outcomes: 4, returned: 1, return_rate: 0.25 },
      { courier: "Blue Dart", outcomes: 3, returned: 1, return_rate: 0.333 },
      { courier: "Local Carrier A", outcomes: 1, returned: 0, return_rate: 0 },
    ]);
    expect(by_courier.filter((r) => /delhivery|blue ?dart/i.test(r.courier))).toHaveLength(2);
    const stored = await db().outcome.findMany({ where: { workspaceId }, select: { courier: true }, distinct: ["courier"] });
    expect(stored.map((o) => o.courier).filter((c) => c && /delhivery/i.test(c))).toEqual(["Delhivery"]);
  });

  it(`lists the ${BY_COURIER_TOP} couriers with most outcomes, then one row other summing the rest`, async () => {
    const { by_courier, outcomes } = await outcomeAnalytics(db(), workspaceId, {});
    expect(by_courier).toHaveLength(BY_COURIER_TOP + 1);
    // 28 couriers and unknown: Delhivery, Blue Dart, then 18 of the 26 with one outcome each by name; the other 8 summed.
    expect(by_courier.at(-1)).toMatchObject({ courier: "other", outcomes: 8 });
    expect(by_courier.reduce((n, r) => n + r.outcomes, 0)).toBe(outcomes);
  });
});
