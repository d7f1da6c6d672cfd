import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db";
import { reloadConfig } from "../config";
import { resetProvider } from "../provider";
import { startSimulator } from "../provider/simulator";
import { authenticate } from "../keys";
import { newWorkspace, unlimitedPlan } from "../../test/helpers";
import { createBatch } from "./index";
import { workBatch } from "./work";

const ADDRESS = "B-204, Sector 62, Noida, Uttar Pradesh 201309";
let sim: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, latencyMs: 150 });
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "2" });
  reloadConfig();
  resetProvider();
});
afterAll(async () => {
  await sim.close();
});

async function batchOf(rows: number, plan = "growth") {
  const ws = await newWorkspace(plan);
  const caller = await authenticate(db(), `Bearer ${ws.live_key}`);
  const { batch } = await createBatch(db(), caller, { addresses: Array.from({ length: rows }, (_, i) => ({ address: ADDRESS, order_id: `W-${i}` })) });
  return { ws, batch };
}

async function rowsOf(batchId: string) {
  return db().batchRow.findMany({ where: { batchId }, orderBy: { index: "asc" } });
}

describe("workBatch", () => {
  it("verifies, records and charges every row once, settling them in groups, and completes the batch", async () => {
    const { ws, batch } = await batchOf(9);
    const calls = sim.stats().requests;
    const r = await workBatch(db(), batch.id, { worker: "w1" });
    expect(r).toMatchObject({ done: true, halted: false, processed: 9 });
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "completed", succeeded: 9, failed: 0, cancelled: 0 });
    const rows = await rowsOf(batch.id);
    expect(rows.every((row) => row.status === "succeeded" && row.claimedBy === null && row.verificationId)).toBe(true);
    expect(new Set(rows.map((row) => row.verificationId)).size).toBe(9);
    expect(await db().verification.count({ where: { workspaceId: ws.workspace_id } })).toBe(9);
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id, operation: "batchRow" } })).toBe(9);
    expect(sim.stats().requests - calls).toBe(9);
  });

  it("on stop lets started rows settle and gives back the rows claimed but not started, for another worker to take at once", async () => {
    const { ws, batch } = await batchOf(8);
    const calls = sim.stats().requests;
    const stop = new AbortController();
    const working = workBatch(db(), batch.id, { worker: "stopping", signal: stop.signal });
    // Stop once the first rows are with the provider and the next group has been claimed ahead.
    for (let i = 0; i < 500; i++) {
      const claimed = await db().batchRow.count({ where: { batchId: batch.id, claimedBy: "stopping" } });
      if (sim.stats().requests - calls >= 2 && claimed >= 4) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    stop.abort();
    const r = await working;
    expect(r).toMatchObject({ done: false, halted: true });

    const rows = await rowsOf(batch.id);
    const started = sim.stats().requests - calls;
    expect(rows.filter((row) => row.status === "succeeded").length).toBe(started);
    const given = rows.filter((row) => row.status === "pending");
    expect(given.length).toBe(8 - started);
    // Not leased, and the claim that was never started does not count as an attempt.
    expect(given.every((row) => row.claimedBy === null && row.leaseUntil === null && row.attempts === 0)).toBe(true);

    // Another worker finishes the batch without waiting for any lease to run out.
    const next = await workBatch(db(), batch.id, { worker: "next" });
    expect(next).toMatchObject({ done: true, processed: 8 - started });
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "completed", succeeded: 8 });
    expect(sim.stats().requests - calls).toBe(8);
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id } })).toBe(8);
  });

  it("charges a no-overage plan only for the rows it can pay for, failing the rest with quota_exhausted", async () => {
    await unlimitedPlan("three_units", 3, null);
    const { ws, batch } = await batchOf(6, "three_units");
    const r = await workBatch(db(), batch.id, { worker: "w2" });
    expect(r.done).toBe(true);
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "completed", succeeded: 3, failed: 3 });
    const rows = await rowsOf(batch.id);
    expect(rows.filter((row) => row.status === "failed").every((row) => row.errorCode === "quota_exhausted")).toBe(true);
    expect((await db().usagePeriod.findFirstOrThrow({ where: { workspaceId: ws.workspace_id } })).usedTenths).toBe(30);
    expect(await db().verification.count({ where: { workspaceId: ws.workspace_id } })).toBe(3);
  });

  it("lets two workers share a batch without verifying or charging a row twice", async () => {
    const { ws, batch } = await batchOf(10);
    const calls = sim.stats().requests;
    const [a, b] = await Promise.all([workBatch(db(), batch.id, { worker: "a" }), workBatch(db(), batch.id, { worker: "b" })]);
    expect(a.processed + b.processed).toBe(10);
    expect(sim.stats().requests - calls).toBe(10);
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id } })).toBe(10);
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "completed", succeeded: 10 });
  });
});
