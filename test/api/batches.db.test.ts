import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { startApiServer } from "../server";
import { apiClient, newWorkspace, unlimitedPlan, type Api, useProvider } from "../helpers";
import { db } from "../../server/db";
import { advanceClock, setClock } from "../../server/clock";
import { startSimulator } from "../../server/provider/simulator";
import { purgeExpired } from "../../server/batches";
import { addEndpoint } from "../../server/webhooks";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

let server: Awaited<ReturnType<typeof startApiServer>>;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let slowSim: Awaited<ReturnType<typeof startSimulator>>;
let api: Api;

const GOOD = [
  "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
  "B-204, Sector 62, Noida, Uttar Pradesh 201309",
  "100 Feet Road, Indiranagar, Bengaluru 560038",
  "asdfgh qwerty 999999",
];

function useSimulator(url: string, concurrency = 4) {
  // WEBHOOK_ALLOW_PRIVATE_NETWORKS: the webhook receiver listens on 127.0.0.1 over plain http. No test
  // here is about the provider's timeout, and a loaded machine can take seconds to serve the simulator.
  useProvider(url, { PROVIDER_TIMEOUT_MS: "60000", PROVIDER_CONCURRENCY: String(concurrency), WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
}

async function waitFor(key: string, batchId: string, until: (b: any) => boolean, timeoutMs = 20_000) {
  const seen: any[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const b = (await api("GET", `/batches/${batchId}`, { key })).body;
    seen.push(b);
    if (until(b)) return { batch: b, seen };
    if (Date.now() > deadline) throw new Error(`batch ${batchId} stuck at ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  slowSim = await startSimulator({ port: 0, latencyMs: 150 });
  server = await startApiServer();
  api = apiClient(server.url);
  await unlimitedPlan("batch_test", 100_000, 50);
});
afterAll(async () => {
  setClock(null);
  await server.close();
  await sim.close();
  await slowSim.close();
});
beforeEach(() => useSimulator(sim.url));

describe("POST /addresses/verify/batch", () => {
  it("queues a batch (202) and processes every row once, charged once, with progress that never goes back", async () => {
    const ws = await newWorkspace("batch_test");
    const addresses = Array.from({ length: 40 }, (_, i) => ({ address: GOOD[i % GOOD.length]!, order_id: `O-${i}` }));
    const res = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ batch_id: expect.stringMatching(/^bat_/), status: "queued", total: 40 });
    const { batch, seen } = await waitFor(ws.test_key, res.body.batch_id, (b) => b.status === "completed");
    expect(batch).toMatchObject({ total: 40, done: 40, succeeded: 40, failed: 0, cancelled: 0 });
    expect(batch.results_url).toBe(`${server.url}/batches/${res.body.batch_id}/download`);
    for (let i = 1; i < seen.length; i++) {
      for (const k of ["done", "succeeded", "failed", "cancelled"]) expect(seen[i][k]).toBeGreaterThanOrEqual(seen[i - 1][k]);
      expect(seen[i].succeeded + seen[i].failed + seen[i].cancelled).toBeLessThanOrEqual(40);
      if (seen[i].status !== "completed") expect(seen[i].results_url).toBeNull();
    }
    expect((await api("GET", "/usage", { key: ws.live_key })).body.used).toBe(40);
    const rows = await db().batchRow.findMany({ where: { batchId: res.body.batch_id }, orderBy: { index: "asc" } });
    expect(new Set(rows.map((r) => r.verificationId)).size).toBe(40);
  });

  it("refuses test keys, bad rows with their path, sizes outside 1–1000 and batches over the plan cap", async () => {
    const ws = await newWorkspace("free");
    const one = [{ address: GOOD[0] }];
    const t = await api("POST", "/addresses/verify/batch", { key: ws.test_key, body: { addresses: one } });
    expect([t.status, t.body.error.code]).toEqual([403, "live_key_required"]);

    const bad = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [...one, ...one, ...one, { address: "abc" }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(["addresses.3.address"]);

    for (const addresses of [[], Array.from({ length: 1001 }, () => one[0])]) {
      const r = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses } });
      expect([r.status, r.body.error.code]).toEqual([400, "invalid_request"]);
    }
    const over = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: Array.from({ length: 101 }, () => one[0]) } });
    expect([over.status, over.body.error.code]).toEqual([422, "batch_exceeds_plan_cap"]);
    expect(await db().batch.count({ where: { workspaceId: ws.workspace_id } })).toBe(0);
  });

  it("treats an idempotency key as one batch for seven days: same body → same batch, other body → 409, races → one", async () => {
    const ws = await newWorkspace("batch_test");
    const body = { addresses: [{ address: GOOD[0] }, { address: GOOD[1] }], idempotency_key: "upload-1" };
    const a = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body });
    const b = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.batch_id).toBe(a.body.batch_id);
    const c = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { ...body, addresses: [{ address: GOOD[2] }] } });
    expect([c.status, c.body.error.code]).toEqual([409, "idempotency_key_reused"]);

    const race = { addresses: [{ address: GOOD[0] }], idempotency_key: "upload-race" };
    const results = await Promise.all(Array.from({ length: 6 }, () => api("POST", "/addresses/verify/batch", { key: ws.live_key, body: race })));
    expect(results.every((r) => r.status === 202)).toBe(true);
    expect(new Set(results.map((r) => r.body.batch_id)).size).toBe(1);

    // Another workspace has its own keys.
    const other = await newWorkspace("batch_test");
    const d = await api("POST", "/addresses/verify/batch", { key: other.live_key, body });
    expect(d.body.batch_id).not.toBe(a.body.batch_id);
    await waitFor(ws.live_key, a.body.batch_id, (x) => x.status === "completed");

    advanceClock(7 * 24 * 3600_000 + 1000);
    const later = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body });
    expect(later.body.batch_id).not.toBe(a.body.batch_id);
    setClock(null);
    await waitFor(ws.live_key, later.body.batch_id, (x) => x.status === "completed");
    await waitFor(other.live_key, d.body.batch_id, (x) => x.status === "completed");
  });
});

describe("progress, cancel and download", () => {
  it("hides another workspace's batch (404) and lets either key kind read its own", async () => {
    const ws = await newWorkspace("batch_test");
    const other = await newWorkspace("batch_test");
    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: GOOD[0] }] } });
    expect((await api("GET", `/batches/${body.batch_id}`, { key: ws.test_key })).status).toBe(200);
    for (const [method, path] of [
      ["GET", ""],
      ["POST", "/cancel"],
      ["GET", "/download"],
    ] as const) {
      const r = await api(method, `/batches/${body.batch_id}${path}`, { key: other.live_key });
      expect([r.status, r.body.error.code]).toEqual([404, "batch_not_found"]);
    }
    const t = await api("POST", `/batches/${body.batch_id}/cancel`, { key: ws.test_key });
    expect([t.status, t.body.error.code]).toEqual([403, "live_key_required"]);
    const d = await api("GET", `/batches/${body.batch_id}/download`, { key: ws.test_key });
    expect([d.status, d.body.error.code]).toEqual([403, "live_key_required"]);
    await waitFor(ws.live_key, body.batch_id, (x) => x.status === "completed");
  });

  it("cancels rows not started, lets rows in flight settle, and stays cancelled", async () => {
    useSimulator(slowSim.url, 2);
    const ws = await newWorkspace("batch_test");
    const addresses = Array.from({ length: 30 }, (_, i) => ({ address: GOOD[i % 2]!, order_id: `C-${i}` }));
    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses } });
    const active = await api("GET", `/batches/${body.batch_id}/download`, { key: ws.live_key });
    expect([active.status, active.body.error.code]).toEqual([409, "batch_active"]);
    await waitFor(ws.live_key, body.batch_id, (b) => b.done >= 2);

    const cancel = await api("POST", `/batches/${body.batch_id}/cancel`, { key: ws.live_key });
    expect(cancel.status).toBe(200);
    expect(["cancelling", "cancelled"]).toContain(cancel.body.status);
    expect(cancel.body).not.toHaveProperty("results_url");
    const { batch } = await waitFor(ws.live_key, body.batch_id, (b) => b.status === "cancelled");
    expect(batch.cancelled).toBeGreaterThan(0);
    expect(batch.succeeded + batch.failed + batch.cancelled).toBe(30);
    expect(batch.results_url).toMatch(/\/download$/);
    const again = await api("POST", `/batches/${body.batch_id}/cancel`, { key: ws.live_key });
    expect(again.body).toMatchObject({ status: "cancelled", cancelled: batch.cancelled, succeeded: batch.succeeded });
    // Started rows were charged; cancelled ones were not.
    expect((await api("GET", "/usage", { key: ws.live_key })).body.used).toBe(batch.succeeded);

    const csv = await api("GET", `/batches/${body.batch_id}/download`, { key: ws.live_key });
    const parsed = Papa.parse<Record<string, string>>(csv.body as string, { header: true, skipEmptyLines: true });
    const cancelledRows = parsed.data.filter((r) => r.status === "cancelled");
    expect(cancelledRows).toHaveLength(batch.cancelled);
    for (const r of cancelledRows) expect([r.verification_id, r.decision, r.score, r.normalized, r.reasons, r.error_code]).toEqual(["", "", "", "", "", ""]);
  });

  it("leaves a completed batch completed when cancelled", async () => {
    const ws = await newWorkspace("batch_test");
    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: GOOD[0] }] } });
    await waitFor(ws.live_key, body.batch_id, (b) => b.status === "completed");
    const r = await api("POST", `/batches/${body.batch_id}/cancel`, { key: ws.live_key });
    expect(r.body).toMatchObject({ status: "completed", succeeded: 1, cancelled: 0 });
  });

  it("downloads every row in submitted order as CSV, neutralising formulas", async () => {
    const ws = await newWorkspace("batch_test");
    const addresses = [
      { address: GOOD[0]!, order_id: '=HYPERLINK("http://evil")' },
      { address: "@SUM(1+1) 12 MG Road, Bengaluru 560001", order_id: "+91" },
      { address: GOOD[3]!, order_id: "-5" },
      { address: GOOD[1]!, order_id: "\tTAB" },
      { address: 'Flat 9, "Quoted" Towers, Pune, Maharashtra 411001' },
    ];
    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses } });
    await waitFor(ws.live_key, body.batch_id, (b) => b.status === "completed");
    const res = await fetch(`${server.url}/batches/${body.batch_id}/download`, { headers: { authorization: `Bearer ${ws.live_key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe("row,order_id,address,status,verification_id,decision,score,validation_level,normalized,pincode,city,state,digipin,reasons,error_code");
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.row)).toEqual(["1", "2", "3", "4", "5"]);
    expect(rows.map((r) => r.order_id)).toEqual(['\'=HYPERLINK("http://evil")', "'+91", "'-5", "'\tTAB", ""]);
    expect(rows[1]!.address?.startsWith("'@SUM")).toBe(true);
    expect(rows[4]!.address).toBe(addresses[4]!.address);
    expect(rows[0]).toMatchObject({ status: "succeeded", decision: "SHIP", pincode: "560066", state: "Karnataka", city: "Bengaluru", error_code: "" });
    expect(rows[0]!.verification_id).toMatch(/^ver_/);
    expect(rows[0]!.digipin).toMatch(/^[2-9CFJKLMPT]{10}$/);
    expect(rows[2]!.reasons?.split("|")).toContain("pincode_not_found");
    expect(rows[2]!.decision).toBe("HOLD");
  });

  it("marks rows failed when the provider keeps failing, costing nothing for them", async () => {
    const ws = await newWorkspace("batch_test");
    const { body } = await api("POST", "/addresses/verify/batch", {
      key: ws.live_key,
      body: { addresses: [{ address: GOOD[0] }, { address: "14 Marine Drive SIMULATE_500, Mumbai 400020" }] },
    });
    const { batch } = await waitFor(ws.live_key, body.batch_id, (b) => b.status === "completed");
    expect(batch).toMatchObject({ succeeded: 1, failed: 1, done: 2 });
    const csv = await api("GET", `/batches/${body.batch_id}/download`, { key: ws.live_key });
    const rows = Papa.parse<Record<string, string>>(csv.body as string, { header: true, skipEmptyLines: true }).data;
    expect(rows[1]).toMatchObject({ status: "failed", error_code: "provider_error", verification_id: "" });
    expect((await api("GET", "/usage", { key: ws.live_key })).body.used).toBe(1);
  });

  it("keeps results seven days, then answers 410 and purges the rows", async () => {
    const ws = await newWorkspace("batch_test");
    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: GOOD[0] }] } });
    await waitFor(ws.live_key, body.batch_id, (b) => b.status === "completed");
    advanceClock(7 * 24 * 3600_000 - 60_000);
    expect((await api("GET", `/batches/${body.batch_id}/download`, { key: ws.live_key })).status).toBe(200);
    advanceClock(120_000);
    const gone = await api("GET", `/batches/${body.batch_id}/download`, { key: ws.live_key });
    expect([gone.status, gone.body.error.code]).toEqual([410, "results_expired"]);
    expect(await purgeExpired(db())).toBeGreaterThanOrEqual(1);
    expect(await db().batchRow.count({ where: { batchId: body.batch_id } })).toBe(0);
    expect((await api("GET", `/batches/${body.batch_id}`, { key: ws.live_key })).body).toMatchObject({ status: "completed", succeeded: 1 });
    setClock(null);
  });
});

describe("webhooks", () => {
  it("signs batch.completed with the endpoint's secret and the batch's progress", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const ws = await newWorkspace("batch_test");
    const { secret } = await addEndpoint(db(), ws.workspace_id, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`);

    const { body } = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: GOOD[0] }, { address: GOOD[1] }] } });
    await waitFor(ws.live_key, body.batch_id, (b) => b.status === "completed");
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as any;
    expect(event).toMatchObject({ type: "batch.completed", data: { batch_id: body.batch_id, status: "completed", total: 2, done: 2, succeeded: 2, failed: 0, cancelled: 0 } });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.results_url).toMatch(new RegExp(`/api/v1/batches/${body.batch_id}/download$`));
    expect(() => new Webhook(`whsec_${Buffer.from("x".repeat(32)).toString("base64")}`).verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toThrow();
    receiver.close();
  });
});
