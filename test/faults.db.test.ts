import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { applyMigrations } from "../prisma/engine";
import { PrismaClient } from "../server/generated/prisma/client";
import { createWorkspace, upsertPlan, type CreatedWorkspace } from "../server/workspaces";
import { apiClient, newWorkspace, unlimitedPlan } from "./helpers";
import { signIn } from "./server";
import { nowMs } from "../server/clock";
import { db } from "../server/db";
import { startCountingProvider, type CountingProvider } from "./counting-provider";
import { privatePostgres, startPrivateCluster, type PrivateCluster } from "./private-postgres";
import { killServerProcesses, poll, startServerProcess, type ServerProcess } from "./server-process";

/**
 * Faults on real PostgreSQL (docs/operations.md, "Running several instances"): the database stopped
 * and started again under server processes, on a private cluster of the test's own (the shared server
 * every other test uses is never stopped). PostgreSQL half of the suite only.
 */
const onPostgres = !!process.env.DATABASE_URL;

let provider: CountingProvider;
beforeAll(async () => {
  provider = await startCountingProvider({ latencyMs: 20 });
});
afterAll(async () => {
  killServerProcesses();
  await provider.close();
});

function envFor(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DAKIYA_PROVIDER: "google",
    GOOGLE_MAPS_API_KEY: "test",
    PROVIDER_BASE_URL: provider.url,
    PROVIDER_CONCURRENCY: "4",
    // A burst of 30 verifies waits for 4 slots on a machine the whole suite shares: the counts asserted
    // here are of calls made, not of the provider's deadline, which has tests of its own (server/provider).
    PROVIDER_TIMEOUT_MS: "15000",
    BATCH_ROW_LEASE_MS: "10000",
    DAKIYA_LOG_REQUESTS: "0",
    PORT: "0",
    HOST: "127.0.0.1",
    ...extra,
  };
}

/** A migrated database on the cluster with a workspace on a plan without rate limits (overage, so never refused). */
async function prepareCluster(url: string): Promise<CreatedWorkspace> {
  await applyMigrations(new PrismaPg({ connectionString: url }));
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    await upsertPlan(prisma, { id: "faults", includedUnits: 100_000, batchCap: 1000, overagePaisePerUnit: 50, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
    return await createWorkspace(prisma, { name: "Faults", planId: "faults" });
  } finally {
    await prisma.$disconnect();
  }
}

const runsHere = onPostgres && privatePostgres.available;
if (onPostgres && !privatePostgres.available) console.warn(`test/faults.db.test.ts: database fault tests skipped: ${privatePostgres.reason}`);
// The console's pages are rendered from the production build; without one, the outage test leaves them out and says so.
const withPages = fs.existsSync(path.join(".next", "BUILD_ID"));
if (runsHere && !withPages) console.warn("test/faults.db.test.ts: console pages left out of the outage test: no production build (npm run build)");

describe.runIf(runsHere)("the database stopped and started again", () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let keys: CreatedWorkspace;
  let cookie: string;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    keys = await prepareCluster(cluster.url);
    server = await startServerProcess(envFor(cluster.url, withPages ? { DAKIYA_TEST_PAGES: "1", NODE_ENV: "production" } : {}));
    cookie = await signIn(server.origin, keys);
  });
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await cluster?.remove();
  });

  it("answers 503 provider_unavailable with Retry-After on every endpoint while it is down, never a 500, and recovers by itself", { timeout: 120_000 }, async () => {
    const api = apiClient(server.url);
    const verify = () => api("POST", "/addresses/verify", { key: keys.live_key, body: { address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" } });
    expect((await verify()).status).toBe(200);
    const console = () => fetch(`${server.origin}/api/trpc/console.me`, { headers: { cookie } });
    expect((await console()).status).toBe(200);

    await cluster.stop();
    const answers = {
      verify: await verify(),
      usage: await api("GET", "/usage", { key: keys.live_key }),
      normalize: await api("POST", "/addresses/normalize", { key: keys.test_key, body: { address: "12 MG Road, Bengaluru 560001" } }),
      batch: await api("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: [{ address: "12 MG Road, Bengaluru 560001" }] } }),
      readyz: await apiClient(server.origin)("GET", "/readyz"),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect([name, res.status, res.body.error?.code, res.headers.get("retry-after")]).toEqual([name, 503, "provider_unavailable", "5"]);
    }
    const consoleDown = await console();
    expect([consoleDown.status, consoleDown.headers.get("retry-after")]).toEqual([503, "5"]);
    expect((await consoleDown.json()).error.data.api.code).toBe("provider_unavailable");
    // better-auth's routes: a sign-in and the session.
    const auth = apiClient(`${server.origin}/api/auth`);
    const authAnswers = {
      signIn: await auth("POST", "/sign-in/email", { body: keys.console, headers: { origin: server.origin } }),
      session: await auth("GET", "/get-session", { headers: { cookie } }),
    };
    for (const [name, res] of Object.entries(authAnswers)) {
      expect([name, res.status, res.body.error?.code, res.headers.get("retry-after")]).toEqual([name, 503, "provider_unavailable", "5"]);
    }
    // Pages that need the database: a console page (the session, then its data) and a buyer's confirmation page.
    const page = (at: string) => fetch(`${server.origin}${at}`, { headers: { cookie }, redirect: "manual" });
    if (withPages) {
      for (const at of ["/overview", "/c/abcdefghijklmnopqrstuvwx"]) {
        const res = await page(at);
        expect([at, res.status, res.headers.get("retry-after")]).toEqual([at, 503, "5"]);
      }
    }

    await cluster.start();
    // The pool makes new connections by itself: no restart of the server.
    await poll(verify, (r) => r.status === 200);
    expect((await apiClient(server.origin)("GET", "/readyz")).status).toBe(200);
    expect((await console()).status).toBe(200);
    expect((await auth("GET", "/get-session", { headers: { cookie } })).status).toBe(200);
    if (withPages) expect((await page("/overview")).status).toBe(200);
    expect((await auth("POST", "/sign-in/email", { body: keys.console, headers: { origin: server.origin } })).status).toBe(200);
  });
});

/** `n` distinct addresses (the provider counts calls per address), each its own row. */
function rowsOf(tag: string, n: number): { address: string; order_id: string }[] {
  return Array.from({ length: n }, (_, i) => ({ address: `Flat ${i + 1}, ${tag} Apartments, Sector 62, Noida, Uttar Pradesh 201309`, order_id: `${tag}-${i}` }));
}

/** Provider calls for these rows: how many rows were called, and how many more than once. */
function callsFor(rows: { address: string }[]): { called: number; twice: number; total: number } {
  const counts = rows.map((r) => provider.calls.get(r.address) ?? 0);
  return { called: counts.filter((c) => c > 0).length, twice: counts.filter((c) => c > 1).length, total: counts.reduce((a, b) => a + b, 0) };
}

describe.runIf(runsHere)("PostgreSQL restarted in the middle of a 1000-row batch", () => {
  let cluster: PrivateCluster;
  let keys: CreatedWorkspace;
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    keys = await prepareCluster(cluster.url);
  });
  afterAll(async () => {
    await cluster?.remove();
  });

  it("calls the provider once per row, charges exactly, completes the batch; singles meanwhile answer 200 or 503", { timeout: 300_000 }, async () => {
    const server = await startServerProcess(envFor(cluster.url, { PROVIDER_CONCURRENCY: "16", BATCH_ROW_LEASE_MS: "30000" }));
    const api = apiClient(server.url);
    const rows = rowsOf("Restart", 1000);
    const created = await api("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: rows } });
    expect(created.status).toBe(202);
    const batchId = created.body.batch_id;

    const singles: number[] = [];
    let singlesOn = true;
    const singlesDone = (async () => {
      while (singlesOn) {
        const res = await api("POST", "/addresses/verify", { key: keys.live_key, body: { address: "12 MG Road, Bengaluru 560001" } });
        singles.push(res.status);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    await poll(
      () => api("GET", `/batches/${batchId}`, { key: keys.live_key }),
      (r) => r.status === 200 && r.body.done >= 200,
      120_000,
    );
    await cluster.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await cluster.start();
    const done = await poll(
      () => api("GET", `/batches/${batchId}`, { key: keys.live_key }),
      (r) => r.status === 200 && r.body.status === "completed",
      240_000,
    );
    singlesOn = false;
    await singlesDone;
    const used = (await api("GET", "/usage", { key: keys.live_key })).body.used;
    server.child.kill("SIGKILL");

    const calls = callsFor(rows);
    const accepted = singles.filter((s) => s === 200).length;
    // The figures docs/operations.md quotes ("Running several instances").
    console.log(`restart mid-batch: rows called twice ${calls.twice}, provider calls ${calls.total}, usage ${used} for ${1000 + accepted} paid, singles ${JSON.stringify(countOf(singles))}`);
    expect(done.body).toMatchObject({ total: 1000, succeeded: 1000, failed: 0, cancelled: 0 });
    expect(calls).toEqual({ called: 1000, twice: 0, total: 1000 });
    expect(used).toBe(1000 + accepted);
    expect(singles.every((s) => s === 200 || s === 503)).toBe(true);
  });
});

function countOf(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe.runIf(onPostgres)("server processes over one PostgreSQL", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    await unlimitedPlan("faults", 100_000, 50);
    // The second process starts after the one-process test: its sweep would join that test's batch.
    a = await startServerProcess(envFor(process.env.DATABASE_URL!));
  });

  /**
   * Every slot waits at the provider (the provider holds its calls) when the cancel answers, so the
   * rows with the provider then are exactly the slots; once the provider answers, not one more row
   * may be sent, though each process has more rows claimed ahead.
   */
  async function cancelWhileHeld(tag: string, servers: ServerProcess[]) {
    const ws = await newWorkspace("faults");
    const rows = rowsOf(tag, 60);
    let batchId = "";
    provider.hold();
    try {
      const created = await apiClient(servers[0]!.url)("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: rows } });
      expect(created.status).toBe(202);
      batchId = created.body.batch_id;
      // Each process's four slots are with the provider (the second process finds the batch on its sweep).
      await poll(
        async () => callsFor(rows).called,
        (n) => n === 4 * servers.length,
      );
      const cancel = await apiClient(servers.at(-1)!.url)("POST", `/batches/${batchId}/cancel`, { key: ws.live_key });
      expect(cancel.status).toBe(200);
    } finally {
      provider.open();
    }
    const api = apiClient(servers[0]!.url);
    const done = await poll(
      () => api("GET", `/batches/${batchId}`, { key: ws.live_key }),
      (r) => r.body.status === "cancelled",
    );
    const inFlight = 4 * servers.length;
    expect(callsFor(rows)).toEqual({ called: inFlight, twice: 0, total: inFlight });
    expect(done.body).toMatchObject({ total: 60, succeeded: inFlight, failed: 0, cancelled: 60 - inFlight });
    expect((await api("GET", "/usage", { key: ws.live_key })).body.used).toBe(inFlight);
  }

  it("stops every row not yet sent: only the rows with the provider finish (one process)", { timeout: 120_000 }, async () => {
    await cancelWhileHeld("CancelOne", [a]);
  });

  it("stops every row not yet sent in both processes working the batch", { timeout: 120_000 }, async () => {
    b = await startServerProcess(envFor(process.env.DATABASE_URL!));
    await cancelWhileHeld("CancelTwo", [a, b]);
  });

  it("calls the provider at most once per unit left under a burst across two processes, and usage stays exact", { timeout: 120_000 }, async () => {
    await unlimitedPlan("faults-capped", 10, null);
    const ws = await newWorkspace("faults-capped");
    const rows = rowsOf("Burst", 60);
    const answers = await Promise.all(rows.map((r, i) => apiClient((i % 2 ? b : a).url)("POST", "/addresses/verify", { key: ws.live_key, body: { address: r.address } })));
    const statuses: Record<string, number> = {};
    for (const r of answers) statuses[`${r.status} ${r.body.error?.code ?? ""}`.trim()] = (statuses[`${r.status} ${r.body.error?.code ?? ""}`.trim()] ?? 0) + 1;
    expect(statuses).toEqual({ "200": 10, "429 quota_exhausted": 50 });
    // No call was paid for and then refused: one provider call per accepted verification.
    expect(callsFor(rows)).toEqual({ called: 10, twice: 0, total: 10 });
    expect((await apiClient(a.url)("GET", "/usage", { key: ws.live_key })).body).toMatchObject({ used: 10, remaining: 0 });
    const period = await db().usagePeriod.findFirst({ where: { workspaceId: ws.workspace_id } });
    expect(period?.reservedTenths).toBe(0);
  });

  /** The period's units used and reserved (tenths), as the database holds them. */
  async function usageOf(workspaceId: string): Promise<{ used: number; reserved: number }> {
    const period = await db().usagePeriod.findFirst({ where: { workspaceId } });
    return { used: period?.usedTenths ?? 0, reserved: period?.reservedTenths ?? 0 };
  }

  it("gives the unit back when the provider fails or does not answer in time, on either process", { timeout: 120_000 }, async () => {
    // A process of its own with a short provider deadline, so the call that never answers times out soon.
    const quick = await startServerProcess(envFor(process.env.DATABASE_URL!, { PROVIDER_TIMEOUT_MS: "1500" }));
    await unlimitedPlan("faults-two-units", 2, null);
    const ws = await newWorkspace("faults-two-units");
    const verifyOn = (server: ServerProcess, address: string) => apiClient(server.url)("POST", "/addresses/verify", { key: ws.live_key, body: { address } });
    const failing = "Flat 1, SIMULATE_500 Apartments, Sector 62, Noida, Uttar Pradesh 201309";
    const hanging = "Flat 2, SIMULATE_HANG Apartments, Sector 62, Noida, Uttar Pradesh 201309";

    const failed = await verifyOn(a, failing);
    expect([failed.status, failed.body.error?.code]).toEqual([502, "provider_error"]);
    expect(await usageOf(ws.workspace_id)).toEqual({ used: 0, reserved: 0 });
    const late = await verifyOn(quick, hanging);
    expect([late.status, late.body.error?.code]).toEqual([504, "provider_timeout"]);
    expect(await usageOf(ws.workspace_id)).toEqual({ used: 0, reserved: 0 });
    expect(provider.calls.get(hanging)).toBe(1);

    // Both units are still there: two verifies are answered, the third refused before any provider call.
    const rows = rowsOf("AfterFailures", 3);
    expect((await verifyOn(b, rows[0]!.address)).status).toBe(200);
    expect((await verifyOn(quick, rows[1]!.address)).status).toBe(200);
    const refused = await verifyOn(a, rows[2]!.address);
    expect([refused.status, refused.body.error?.code]).toEqual([429, "quota_exhausted"]);
    expect(callsFor(rows)).toEqual({ called: 2, twice: 0, total: 2 });
    expect(await usageOf(ws.workspace_id)).toEqual({ used: 20, reserved: 0 });
    expect((await apiClient(a.url)("GET", "/usage", { key: ws.live_key })).body).toMatchObject({ used: 2, remaining: 0 });
  });

  it("gives back a killed process's reserved unit through the sweep of another process", { timeout: 120_000 }, async () => {
    const doomed = await startServerProcess(envFor(process.env.DATABASE_URL!));
    await unlimitedPlan("faults-one-unit", 1, null);
    const ws = await newWorkspace("faults-one-unit");
    const [killed, later] = rowsOf("Killed", 2);
    provider.hold();
    try {
      // The call is with the provider, so the unit is reserved, when the process dies.
      void apiClient(doomed.url)("POST", "/addresses/verify", { key: ws.live_key, body: { address: killed!.address } }).catch(() => null);
      await poll(
        async () => provider.calls.get(killed!.address) ?? 0,
        (n) => n === 1,
      );
      doomed.child.kill("SIGKILL");
    } finally {
      provider.open();
    }
    expect(await usageOf(ws.workspace_id)).toEqual({ used: 0, reserved: 10 });
    const held = await apiClient(a.url)("POST", "/addresses/verify", { key: ws.live_key, body: { address: later!.address } });
    expect([held.status, held.body.error?.code]).toEqual([429, "quota_exhausted"]);
    expect(provider.calls.get(later!.address)).toBeUndefined();

    // The reservation's time passes (lease + 60 s in production; moved here rather than waited for).
    await db().usageReservation.updateMany({ where: { workspaceId: ws.workspace_id }, data: { expiresAt: new Date(nowMs() - 1000) } });
    await poll(
      () => usageOf(ws.workspace_id),
      (u) => u.reserved === 0,
    );
    expect((await apiClient(b.url)("POST", "/addresses/verify", { key: ws.live_key, body: { address: later!.address } })).status).toBe(200);
    expect(await usageOf(ws.workspace_id)).toEqual({ used: 10, reserved: 0 });
    expect(callsFor([killed!, later!])).toEqual({ called: 2, twice: 0, total: 2 });
  });
});
