import { beforeAll, describe, expect, it } from "vitest";
import { useApiServer, useProviderSimulator } from "../server";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { db } from "../../server/db";
import { publishPolicy } from "../../server/policy";

/** GET /policy, the policy deciding live and test verifications and batches, and invalid_policy. */
useProviderSimulator();
const { api } = useApiServer();
beforeAll(async () => {
  await unlimitedPlan("policy_test", 1000, 50);
});

const SHIP = "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066";
const JUNK = "asdfgh qwerty 999999";

describe("GET /policy", () => {
  it("answers version 1, the default, to either key of a new workspace", async () => {
    const ws = await newWorkspace("policy_test");
    for (const key of [ws.test_key, ws.live_key]) {
      const res = await api("GET", "/policy", { key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: 1, policy: { ship_min_score: 70, hold_max_score: 15, rules: [] }, created_by: "default" });
      expect(Date.parse(res.body.created_at)).not.toBeNaN();
    }
  });

  it("answers the newest published version, and only the caller's workspace's", async () => {
    const a = await newWorkspace("policy_test");
    const b = await newWorkspace("policy_test");
    const policy = { ship_min_score: 80, hold_max_score: 20, rules: [{ if: { payment_method: "cod" }, then: "REVIEW" }] };
    await publishPolicy(db(), a.workspace_id, policy, "ops@example.in");
    const mine = await api("GET", "/policy", { key: a.live_key });
    expect(mine.body).toMatchObject({ version: 2, policy, created_by: "ops@example.in" });
    expect((await api("GET", "/policy", { key: b.live_key })).body.version).toBe(1);
  });
});

describe("verifications name and follow the policy in force", () => {
  it("a COD rule turns a live SHIP into REVIEW, and the record names version 2 and echoes the order facts", async () => {
    const ws = await newWorkspace("policy_test");
    const before = await api("POST", "/addresses/verify", { key: ws.live_key, body: { address: SHIP, payment_method: "cod", order_value: 1499.5 } });
    expect(before.body).toMatchObject({ decision: "SHIP", policy_version: 1, payment_method: "cod", order_value: 1499.5 });
    expect(before.body.delivery_probability).toBeGreaterThan(0);
    expect(before.body.delivery_probability).toBeLessThanOrEqual(1);
    await publishPolicy(db(), ws.workspace_id, { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { payment_method: "cod" }, then: "REVIEW" }] }, "t");
    const cod = await api("POST", "/addresses/verify", { key: ws.live_key, body: { address: SHIP, payment_method: "cod" } });
    expect(cod.body).toMatchObject({ decision: "REVIEW", policy_version: 2 });
    const prepaid = await api("POST", "/addresses/verify", { key: ws.live_key, body: { address: SHIP, payment_method: "prepaid" } });
    expect(prepaid.body).toMatchObject({ decision: "SHIP", policy_version: 2, order_value: null });
  });

  it("no rule makes junk text SHIP: a SHIP-everything rule gives REVIEW there", async () => {
    const ws = await newWorkspace("policy_test");
    await publishPolicy(db(), ws.workspace_id, { ship_min_score: 0, hold_max_score: -1, rules: [{ if: { score_at_least: 0 }, then: "SHIP" }] }, "t");
    const junk = await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: JUNK } });
    expect(junk.body).toMatchObject({ decision: "REVIEW", policy_version: 2 });
  });

  it("refuses a bad payment_method or order_value with invalid_request", async () => {
    const ws = await newWorkspace("policy_test");
    for (const body of [
      { address: SHIP, payment_method: "barter" },
      { address: SHIP, order_value: -1 },
      { address: SHIP, order_value: 10_000_001 },
      { address: SHIP, order_value: "100" },
    ]) {
      const res = await api("POST", "/addresses/verify", { key: ws.live_key, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
  });

  it("decides a batch by the version in force when it was created, and its rows name it", async () => {
    const ws = await newWorkspace("policy_test");
    const created = await api("POST", "/addresses/verify/batch", {
      key: ws.live_key,
      body: {
        addresses: [
          { address: SHIP, order_id: "B-1", payment_method: "cod", order_value: 900 },
          { address: SHIP, order_id: "B-2", payment_method: "prepaid" },
        ],
      },
    });
    expect(created.status).toBe(202);
    // Published after the batch was created: the batch still runs under version 1.
    await publishPolicy(db(), ws.workspace_id, { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { payment_method: "cod" }, then: "HOLD" }] }, "t");
    for (let i = 0; (await api("GET", `/batches/${created.body.batch_id}`, { key: ws.live_key })).body.status !== "completed"; i++) {
      if (i > 400) throw new Error("the batch did not complete");
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = await db().verification.findMany({ where: { workspaceId: ws.workspace_id }, orderBy: { orderId: "asc" } });
    expect(rows.map((r) => [r.orderId, r.decision, r.policyVersion, r.paymentMethod, r.orderValue])).toEqual([
      ["B-1", "SHIP", 1, "cod", 900],
      ["B-2", "SHIP", 1, "prepaid", null],
    ]);
  });
});

describe("invalid_policy", () => {
  it("names every problem, with paths inside the policy, and changes nothing", async () => {
    const ws = await newWorkspace("policy_test");
    const res = await api("POST", "/policy/preview", {
      key: ws.live_key,
      body: {
        policy: {
          ship_min_score: 40,
          hold_max_score: 50,
          rules: [
            { if: {}, then: "SHIP" },
            { if: { pincodes: ["12345"], colour: "red" }, then: "MAYBE" },
          ],
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_policy");
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["rules.0.if", "rules.1.if.pincodes.0", "rules.1.then", "hold_max_score"]));
    expect(res.body.error.details.some((d: { path: string; message: string }) => d.path.startsWith("rules.1.if") && /unknown condition/.test(d.message))).toBe(true);
    expect((await api("GET", "/policy", { key: ws.live_key })).body.version).toBe(1);
  });

  it("refuses more than 50 rules and a policy that is not an object", async () => {
    const ws = await newWorkspace("policy_test");
    const many = { ship_min_score: 70, hold_max_score: 15, rules: Array.from({ length: 51 }, () => ({ if: { score_below: 50 }, then: "HOLD" })) };
    for (const policy of [many, "ship everything", null]) {
      const res = await api("POST", "/policy/preview", { key: ws.live_key, body: { policy } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_policy");
    }
  });

  it("a bad days is invalid_request", async () => {
    const ws = await newWorkspace("policy_test");
    const res = await api("POST", "/policy/preview", { key: ws.live_key, body: { policy: { ship_min_score: 70, hold_max_score: 15, rules: [] }, days: 366 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});
