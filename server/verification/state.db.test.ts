import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { reloadConfig } from "../config";
import { db, openDatabase, type Connection } from "../db";
import { authenticate, type Caller } from "../keys";
import { reportOutcome } from "../outcomes";
import { publishPolicy } from "../policy";
import { eraseBuyerData } from "../privacy";
import { resetProvider } from "../provider";
import { startSimulator } from "../provider/simulator";
import { verifyLive } from ".";

/**
 * A live verify decides by what this process last saw of the workspace (./state.ts) and writes only
 * if that still holds. Each change below is made where this process's cache cannot hear of it: on
 * PostgreSQL through a second pool of its own, on PGlite (one process) behind the cache's back through
 * the same one. The next verify must follow it.
 */
let sim: Awaited<ReturnType<typeof startSimulator>>;
let elsewhere: Connection | null = null;
const other = () => elsewhere?.prisma ?? db();

beforeAll(async () => {
  sim = await startSimulator({ port: 0, latencyMs: 5 });
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
  reloadConfig();
  resetProvider();
  if (process.env.DATABASE_URL) elsewhere = openDatabase();
});
afterAll(async () => {
  await elsewhere?.close();
  await sim.close();
});

async function liveCaller(): Promise<Caller> {
  const ws = await newWorkspace("growth");
  return authenticate(db(), `Bearer ${ws.live_key}`);
}

describe("a live verify follows changes made elsewhere", () => {
  it("a policy published elsewhere decides the next verify, and the one after", async () => {
    const caller = await liveCaller();
    const address = "Flat 17, Lakeview Residency, Old Airport Road, Bengaluru, Karnataka 560017";
    expect(await verifyLive(db(), caller, { address })).toMatchObject({ decision: "SHIP", policy_version: 1 });
    expect(await verifyLive(db(), caller, { address })).toMatchObject({ decision: "SHIP", policy_version: 1 });
    await publishPolicy(other(), caller.workspaceId, { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { score_below: 101 }, then: "REVIEW" }] }, "t");
    expect(await verifyLive(db(), caller, { address })).toMatchObject({ decision: "REVIEW", policy_version: 2 });
    expect(await verifyLive(db(), caller, { address })).toMatchObject({ decision: "REVIEW", policy_version: 2 });
    await publishPolicy(other(), caller.workspaceId, { ship_min_score: 70, hold_max_score: 15, rules: [] }, "t");
    expect(await verifyLive(db(), caller, { address })).toMatchObject({ decision: "SHIP", policy_version: 3 });
  });

  it("an outcome reported elsewhere is the address's history at the next verify, and an erasure elsewhere forgets it", async () => {
    const caller = await liveCaller();
    const address = "House 9, Gulmohar Lane, Civil Lines, Jaipur, Rajasthan 302006";
    const first = await verifyLive(db(), caller, { address, order_id: "GL-1" });
    expect(first.history.rto).toBe(0);
    await reportOutcome(other(), caller, { verification_id: first.verification_id, outcome: "rto" });
    const second = await verifyLive(db(), caller, { address, order_id: "GL-2" });
    expect(second.history.rto).toBe(1);
    expect(second.reasons.map((r) => r.code)).toContain("prior_rto");
    expect(second.score).toBeLessThan(first.score);
    await eraseBuyerData(other(), caller.workspaceId, { order_id: "GL-1" }, { keyId: null, member: "t" });
    const third = await verifyLive(db(), caller, { address, order_id: "GL-3" });
    expect(third.history.rto).toBe(0);
    expect(third.reasons.map((r) => r.code)).not.toContain("prior_rto");
    expect(third.score).toBe(first.score);
  });

  it("each verify is charged once, whether or not it was decided again", async () => {
    const caller = await liveCaller();
    const address = "Plot 44, Sector 21, Gandhinagar, Gujarat 382021";
    await verifyLive(db(), caller, { address });
    await publishPolicy(other(), caller.workspaceId, { ship_min_score: 60, hold_max_score: 15, rules: [] }, "t");
    await verifyLive(db(), caller, { address });
    await verifyLive(db(), caller, { address });
    const usage = await db().usagePeriod.findMany({ where: { workspaceId: caller.workspaceId } });
    expect(usage.map((u) => u.usedTenths)).toEqual([30]);
    expect(await db().verification.count({ where: { workspaceId: caller.workspaceId } })).toBe(3);
  });
});
