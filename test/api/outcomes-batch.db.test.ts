import { beforeAll, describe, expect, it } from "vitest";
import { useApiServer, useProviderSimulator } from "../server";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { db } from "../../server/db";
import { makeSyntheticOutcomes } from "../../server/outcomes/synthetic";
import { importOutcomes } from "../../scripts/outcomes-import";
import { listBatches } from "../../server/batches";

/**
 * `POST /outcomes/batch` (contract: Delivery outcomes): each report recorded exactly as a single one,
 * bad ones listed by index, duplicates counted; payment methods in the merchant's words; and the
 * demo's synthetic outcomes kept out of real verifications' history.
 */
useProviderSimulator();
const { api } = useApiServer();
beforeAll(async () => {
  await unlimitedPlan("outcomes_batch_test", 100_000, 50);
});

const FLAT = (n: number) => `Flat ${n}, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066`;

async function verify(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/addresses/verify", { key, body });
  expect(res.status).toBe(200);
  return res.body as { verification_id: string; history: Record<string, number>; payment_method: string | null; decision: string };
}

describe("POST /outcomes/batch", () => {
  it("records the valid reports as single ones would be, counts duplicates and lists the bad ones by index", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    const a = await verify(ws.live_key, { address: FLAT(1), order_id: "A-1" });
    const b = await verify(ws.live_key, { address: FLAT(2), order_id: "A-2" });
    const c = await verify(ws.live_key, { address: FLAT(3), order_id: "A-3" });
    await verify(ws.live_key, { address: FLAT(4), order_id: "TWICE" });
    await verify(ws.live_key, { address: FLAT(5), order_id: "TWICE" });
    const t = (await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: FLAT(302) } })).body;
    expect(t.verification_id).toMatch(/^ver_test_/);
    // c already has an outcome: the batch's report of it is a duplicate.
    expect((await api("POST", "/outcomes", { key: ws.live_key, body: { order_id: "A-3", outcome: "delivered" } })).body).toEqual({ accepted: true, duplicate: false });

    const res = await api("POST", "/outcomes/batch", {
      key: ws.live_key,
      body: {
        outcomes: [
          { order_id: "A-1", outcome: "rto", courier: "Delhivery" },
          { verification_id: b.verification_id, outcome: "delivered", delivered_at: "2026-11-24T16:20:00+05:30" },
          { verification_id: a.verification_id, outcome: "delivered" },
          { order_id: "NOPE", outcome: "delivered" },
          { order_id: "A-2", outcome: "teleported" },
          { order_id: "TWICE", outcome: "lost" },
          { verification_id: t.verification_id, outcome: "delivered" },
          { verification_id: c.verification_id, outcome: "rto" },
          "not a report",
          { outcome: "delivered" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.recorded).toBe(2);
    expect(res.body.duplicates).toBe(2);
    expect(res.body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [3, "verification_not_found"],
      [4, "invalid_request"],
      [5, "ambiguous_order_id"],
      [6, "invalid_request"],
      [8, "invalid_request"],
      [9, "invalid_request"],
    ]);
    expect(res.body.errors[1].message).toBe("outcome: outcome must be one of delivered, rto, customer_refused, address_issue, lost, cancelled");
    expect(res.body.errors[3].message).toMatch(/only for live verifications/);

    // The first report of a wins; the later one in the same request changed nothing.
    expect((await db().outcome.findUnique({ where: { verificationId: a.verification_id } }))!).toMatchObject({ outcome: "rto", courier: "Delhivery" });
    expect((await db().verification.findUnique({ where: { id: a.verification_id } }))!).toMatchObject({ outcome: "rto", courier: "Delhivery" });
    expect((await db().outcome.findUnique({ where: { verificationId: b.verification_id } }))!.deliveredAt!.toISOString()).toBe("2026-11-24T10:50:00.000Z");
    expect((await db().outcome.findUnique({ where: { verificationId: c.verification_id } }))!.outcome).toBe("delivered");
    expect(await db().outcome.count({ where: { workspaceId: ws.workspace_id } })).toBe(3);

    // As a single report would: the next verification of the address carries the history, and a single report now is a duplicate.
    expect((await verify(ws.live_key, { address: FLAT(1) })).history.rto).toBe(1);
    expect((await api("POST", "/outcomes", { key: ws.live_key, body: { order_id: "A-1", outcome: "delivered" } })).body).toEqual({ accepted: true, duplicate: true });
    const analytics = await api("GET", "/analytics/outcomes", { key: ws.live_key });
    expect(analytics.body.outcomes).toBe(3);
  });

  it("records each verification once when two batches naming the same ones race", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await verify(ws.live_key, { address: FLAT(10 + i), order_id: `R-${i}` })).verification_id);
    const body = (outcome: string) => ({ outcomes: ids.map((verification_id) => ({ verification_id, outcome })) });
    const results = await Promise.all(["delivered", "rto", "lost", "delivered"].map((o) => api("POST", "/outcomes/batch", { key: ws.live_key, body: body(o) })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((n, r) => n + r.body.recorded, 0)).toBe(6);
    expect(results.reduce((n, r) => n + r.body.duplicates, 0)).toBe(18);
    expect(await db().outcome.count({ where: { workspaceId: ws.workspace_id } })).toBe(6);
    const analytics = await api("GET", "/analytics/outcomes", { key: ws.live_key });
    expect(analytics.body.outcomes).toBe(6);
  });

  it("takes 1 to 1000 reports: 0 and 1001 are a 400 naming the bound, 1000 are each answered", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    const reports = (n: number) => Array.from({ length: n }, (_, i) => ({ order_id: `NONE-${i}`, outcome: "delivered" }));
    const none = await api("POST", "/outcomes/batch", { key: ws.live_key, body: { outcomes: [] } });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "invalid_request", message: "Invalid request: outcomes: outcomes must have at least 1 report" });
    const over = await api("POST", "/outcomes/batch", { key: ws.live_key, body: { outcomes: reports(1001) } });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe("Invalid request: outcomes: outcomes must have at most 1000 reports");
    const full = await api("POST", "/outcomes/batch", { key: ws.live_key, body: { outcomes: reports(1000) } });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ recorded: 0, duplicates: 0 });
    expect(full.body.errors).toHaveLength(1000);
    expect(full.body.errors[999]).toMatchObject({ index: 999, code: "verification_not_found" });
  });

  it("needs a live key", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    const res = await api("POST", "/outcomes/batch", { key: ws.test_key, body: { outcomes: [{ order_id: "X", outcome: "delivered" }] } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("live_key_required");
  });
});

describe("a courier's CSV (dakiya outcomes import, the console's upload)", () => {
  it("records the rows in the courier's words, and lists unknown words and other bad rows by row number", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    for (let i = 1; i <= 4; i++) await verify(ws.live_key, { address: FLAT(40 + i), order_id: `C-${i}` });
    const csv = [
      "AWB,Order No,Current Status,Courier Partner,Delivered On",
      "111,C-1,Delivered,Delhivery,24/11/2026",
      "112,C-2,Returned to Origin,Ecom Express,2026-11-23 18:05",
      "113,C-3,Teleported,Blue Dart,",
      "114,C-4,REFUSED,Shadowfax,31/02/2026",
      "115,,Delivered,Shadowfax,",
      "116,C-9,Lost,XpressBees,",
      "117,C-1,RTO,Delhivery,",
    ].join("\n");
    const result = await importOutcomes(db(), ws.workspace_id, csv);
    expect(result).toMatchObject({ rows: 7, recorded: 2, duplicates: 1 });
    expect(result.skipped.map((s) => [s.row, s.id])).toEqual([
      [3, "C-3"],
      [4, "C-4"],
      [5, ""],
      [6, "C-9"],
    ]);
    expect(result.skipped[0]!.reason).toMatch(/^The outcome "Teleported" is not one we know/);
    expect(result.skipped[1]!.reason).toMatch(/The date "31\/02\/2026" is not a date/);
    expect(result.skipped[3]!.reason).toBe('No live verification with order_id "C-9" in this workspace.');
    const c2 = await db().verification.findFirst({ where: { workspaceId: ws.workspace_id, orderId: "C-2" }, include: { reportedOutcome: true } });
    expect(c2!.reportedOutcome).toMatchObject({ outcome: "rto", courier: "Ecom Express" });
    expect(c2!.reportedOutcome!.deliveredAt!.toISOString()).toBe("2026-11-23T12:35:00.000Z");
  });

  it("refuses a file it cannot read at all: empty, no rows, no outcome column", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    await expect(importOutcomes(db(), ws.workspace_id, "")).rejects.toThrow(/the file is empty/);
    await expect(importOutcomes(db(), ws.workspace_id, "order_id,outcome\n")).rejects.toThrow(/no rows/);
    await expect(importOutcomes(db(), ws.workspace_id, "order_id,courier\nA,Delhivery\n")).rejects.toThrow(/no outcome column/);
  });

  it("takes more than 1000 rows, 1000 reports a statement", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    await verify(ws.live_key, { address: FLAT(50), order_id: "BIG-1001" });
    const rows = Array.from({ length: 1001 }, (_, i) => `BIG-${i + 1},delivered`);
    const result = await importOutcomes(db(), ws.workspace_id, ["order_id,outcome", ...rows].join("\n"));
    expect(result).toMatchObject({ rows: 1001, recorded: 1, duplicates: 0 });
    expect(result.skipped).toHaveLength(1000);
    expect(result.skipped[999]!.row).toBe(1000);
  });
});

describe("payment methods in the merchant's words", () => {
  it("reads UPI, card and cash on delivery, and names the words when it cannot read one", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    expect((await verify(ws.live_key, { address: FLAT(20), payment_method: "UPI" })).payment_method).toBe("prepaid");
    expect((await verify(ws.live_key, { address: FLAT(21), payment_method: "Cash-on-Delivery" })).payment_method).toBe("cod");
    expect((await verify(ws.live_key, { address: FLAT(22), payment_method: "Net Banking" })).payment_method).toBe("prepaid");
    const bad = await api("POST", "/addresses/verify", { key: ws.live_key, body: { address: FLAT(23), payment_method: "bitcoin" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      {
        path: "payment_method",
        message:
          'payment_method "bitcoin" is not a payment method: use cod or prepaid, or a word for either (COD, cash on delivery, cash, prepaid, UPI, card, credit card, debit card, netbanking, wallet, paid)',
      },
    ]);
    const batch = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: FLAT(24), payment_method: "debit card" }] } });
    expect(batch.status).toBe(202);
    expect((await db().batchRow.findFirst({ where: { batchId: batch.body.batch_id } }))!.paymentMethod).toBe("prepaid");
  });
});

describe("the demo's synthetic outcomes", () => {
  it("never become the history of a real verification of an address the demo used", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    await makeSyntheticOutcomes(db(), ws.workspace_id, { count: 300 });
    const [busiest] = await db().$queryRaw<{ input_address: string; n: number }[]>`
      SELECT v.input_address, count(*)::int AS n FROM outcomes o JOIN verifications v ON v.id = o.verification_id
      WHERE o.workspace_id = ${ws.workspace_id} AND o.outcome IN ('rto', 'customer_refused', 'address_issue')
      GROUP BY v.input_address ORDER BY n DESC LIMIT 1`;
    expect(busiest!.n).toBeGreaterThan(1);
    const real = await verify(ws.live_key, { address: busiest!.input_address, order_id: "REAL-1" });
    expect(Object.values(real.history).every((n) => n === 0)).toBe(true);
    // The real outcome is the address's history from then on.
    await api("POST", "/outcomes", { key: ws.live_key, body: { order_id: "REAL-1", outcome: "customer_refused" } });
    const again = await verify(ws.live_key, { address: busiest!.input_address });
    expect(again.history).toMatchObject({ customer_refused: 1, rto: 0, address_issue: 0, delivered: 0 });
  });
});

describe("batch names", () => {
  it("keeps the name a batch was given and lists it with its rows' decisions; refuses an empty or overlong name", async () => {
    const ws = await newWorkspace("outcomes_batch_test");
    const addresses = [{ address: FLAT(60) }, { address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" }, { address: "asdfgh qwerty 999999" }];
    const named = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses, name: "  orders-2026-11-26.csv ", idempotency_key: "n-1" } });
    expect(named.status).toBe(202);
    const unnamed = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: addresses.slice(0, 1) } });
    for (let i = 0; ; i++) {
      const b = (await api("GET", `/batches/${named.body.batch_id}`, { key: ws.live_key })).body;
      if (b.status === "completed") break;
      if (i > 400) throw new Error(`batch stuck at ${JSON.stringify(b)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const list = await listBatches(db(), ws.workspace_id);
    const mine = list.find((b) => b.batch_id === named.body.batch_id)!;
    expect(mine.name).toBe("orders-2026-11-26.csv");
    expect(mine.decisions.SHIP + mine.decisions.REVIEW + mine.decisions.HOLD).toBe(3);
    expect(mine.decisions.HOLD).toBeGreaterThan(0);
    expect(list.find((b) => b.batch_id === unnamed.body.batch_id)!.name).toBeNull();

    // The name is part of the request: the same key with another name is another request.
    const again = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses, name: "orders-2026-11-26.csv", idempotency_key: "n-1" } });
    expect(again.body.batch_id).toBe(named.body.batch_id);
    const renamed = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses, name: "other.csv", idempotency_key: "n-1" } });
    expect(renamed.status).toBe(409);

    for (const [name, message] of [
      ["   ", "name must not be empty"],
      ["x".repeat(121), "name must be at most 120 characters"],
    ]) {
      const res = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses, name } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: "name", message }]);
    }
  });
});
