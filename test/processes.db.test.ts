import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { DAKIYA, migratedPglite, run } from "./cli";
import { apiClient, newWorkspace } from "./helpers";
import { startSimulator } from "../server/provider/simulator";
import { killServerProcesses, poll, startServerProcess as startServer, type ServerProcess } from "./server-process";

/**
 * Real server processes (test/api-process.ts: the server as `npm start` starts it, without pages), killed
 * with SIGKILL mid-batch and restarted; and two of them over one PostgreSQL. On PGlite each test
 * gets its own data directory, since only one process may open it at a time.
 */
const onPostgres = !!process.env.DATABASE_URL;
const ADDRESSES = [
  "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
  "B-204, Sector 62, Noida, Uttar Pradesh 201309",
  "H.No. 12-2-823/A, Mehdipatnam, Hyderabad, Telangana 500028",
  "100 Feet Road, Indiranagar, Bengaluru 560038",
];

let sim: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, latencyMs: 40 });
});
afterAll(async () => {
  killServerProcesses();
  await sim.close();
});

function envFor(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(onPostgres ? {} : { PGLITE_DIR: path.join(dataDir, "pglite") }),
    DAKIYA_PROVIDER: "simulator",
    PROVIDER_BASE_URL: sim.url,
    PROVIDER_CONCURRENCY: "4",
    BATCH_ROW_LEASE_MS: "4000",
    DAKIYA_LOG_REQUESTS: "0",
    PORT: "0",
    HOST: "127.0.0.1",
  };
}

/** A workspace: on PostgreSQL made by this process over the same database, on PGlite by the CLI in the test's own data directory. */
async function prepare(env: NodeJS.ProcessEnv): Promise<{ workspace_id: string; live_key: string; test_key: string }> {
  if (onPostgres) return newWorkspace("growth");
  migratedPglite(env.PGLITE_DIR!);
  const { stdout } = await run(process.execPath, [...DAKIYA, "workspace", "create", "--name", "Processes", "--plan", "growth", "--json"], { env });
  return JSON.parse(stdout);
}

/**
 * A second server takes the batch over: it completes with every row succeeded in submitted order,
 * each with its own verification, and 120 units charged. Resolves to that server.
 */
async function finishedElsewhere(env: NodeJS.ProcessEnv, key: string, batchId: string, rows: { order_id: string }[]) {
  const second = await startServer(env);
  const api = apiClient(second.url);
  const done = await poll(
    () => api("GET", `/batches/${batchId}`, { key }),
    (r) => r.body.status === "completed",
  );
  expect(done.body).toMatchObject({ total: rows.length, done: rows.length, succeeded: rows.length, failed: 0, cancelled: 0 });
  expect((await api("GET", "/usage", { key })).body.used).toBe(rows.length);
  const csv = await api("GET", `/batches/${batchId}/download`, { key });
  const out = Papa.parse<Record<string, string>>(csv.body as string, { header: true, skipEmptyLines: true }).data;
  expect(out.map((r) => r.order_id)).toEqual(rows.map((r) => r.order_id));
  expect(out.every((r) => r.status === "succeeded" && /^ver_/.test(r.verification_id ?? ""))).toBe(true);
  expect(new Set(out.map((r) => r.verification_id)).size).toBe(rows.length);
  return second;
}

describe("crashes", () => {
  it("finishes a batch after SIGKILL mid-batch: every row verified and charged once, in order", { timeout: 120_000 }, async () => {
    const env = envFor(fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-crash-")));
    const keys = await prepare(env);
    const rows = Array.from({ length: 120 }, (_, i) => ({ address: ADDRESSES[i % ADDRESSES.length]!, order_id: `K-${i}` }));

    const first = await startServer(env);
    const api1 = apiClient(first.url);
    const created = await api1("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: rows } });
    expect(created.status).toBe(202);
    const batchId = created.body.batch_id;
    await poll(
      () => api1("GET", `/batches/${batchId}`, { key: keys.live_key }),
      (r) => r.body.done >= 20,
    );
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    const callsAtCrash = sim.stats().requests;

    const second = await finishedElsewhere(env, keys.live_key, batchId, rows);
    // At most one repeated provider call per row in flight at the crash (a chunk is 4 rows).
    expect(sim.stats().requests).toBeLessThanOrEqual(callsAtCrash + (120 - 20) + 4);
    expect(sim.stats().requests).toBeGreaterThanOrEqual(120);
    second.child.kill("SIGKILL");
  });
});

describe("graceful stop", () => {
  it("drains on SIGTERM and exits 0; a restart finishes the batch at once (leases released), every row verified and charged once", { timeout: 120_000 }, async () => {
    // Leases far longer than the test: rows the stopped process kept would never be retried in time.
    const env = { ...envFor(fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-drain-"))), BATCH_ROW_LEASE_MS: "600000" };
    const keys = await prepare(env);
    const rows = Array.from({ length: 120 }, (_, i) => ({ address: ADDRESSES[i % ADDRESSES.length]!, order_id: `T-${i}` }));
    const callsBefore = sim.stats().requests;

    const first = await startServer(env);
    const api1 = apiClient(first.url);
    const created = await api1("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: rows } });
    const batchId = created.body.batch_id;
    await poll(
      () => api1("GET", `/batches/${batchId}`, { key: keys.live_key }),
      (r) => r.body.done >= 20,
    );
    const exited = new Promise<number | null>((resolve) => first.child.once("exit", (code) => resolve(code)));
    first.child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const second = await finishedElsewhere(env, keys.live_key, batchId, rows);
    // A drained stop repeats no provider call: started rows settled, the rest were released unstarted.
    expect(sim.stats().requests - callsBefore).toBe(120);
    second.child.kill("SIGKILL");
  });
});

describe.runIf(onPostgres)("two processes over one PostgreSQL", () => {
  // Two servers for these tests, each test with its own workspace: on a loaded machine a process's
  // start-up is most of what a test costs.
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer(envFor("")), startServer(envFor(""))]);
  });

  it("never verify a row twice", { timeout: 120_000 }, async () => {
    const keys = await prepare(envFor(""));
    const before = sim.stats().requests;
    const rows = Array.from({ length: 80 }, (_, i) => ({ address: ADDRESSES[i % 3]!, order_id: `P-${i}` }));
    const created = await apiClient(a.url)("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: rows } });
    const done = await poll(
      () => apiClient(b.url)("GET", `/batches/${created.body.batch_id}`, { key: keys.live_key }),
      (r) => r.body.status === "completed",
    );
    expect(done.body).toMatchObject({ succeeded: 80, done: 80 });
    expect(sim.stats().requests - before).toBe(80);
    expect((await apiClient(b.url)("GET", "/usage", { key: keys.live_key })).body.used).toBe(80);
  });

  it("refuse a key at once when another process revokes it (the key cache hears NOTIFY)", { timeout: 60_000 }, async () => {
    const keys = await prepare(envFor(""));
    const api = apiClient(a.url);
    expect((await api("GET", "/usage", { key: keys.live_key })).status).toBe(200);
    expect((await api("GET", "/usage", { key: keys.live_key })).status).toBe(200);
    await run(process.execPath, [...DAKIYA, "key", "revoke", keys.live_key.slice(0, 12), "--workspace", keys.workspace_id], { env: envFor("") });
    const res = await api("GET", "/usage", { key: keys.live_key });
    expect([res.status, res.body.error.code]).toEqual([401, "unauthenticated"]);
  });

  it("decide by a policy published elsewhere from the next verify on each of them", { timeout: 60_000 }, async () => {
    const keys = await prepare(envFor(""));
    const verify = async (server: ServerProcess) => (await apiClient(server.url)("POST", "/addresses/verify", { key: keys.live_key, body: { address: ADDRESSES[0] } })).body;
    for (const server of [a, b]) expect(await verify(server)).toMatchObject({ decision: "SHIP", policy_version: 1 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-policy-"));
    const file = path.join(dir, "policy.json");
    fs.writeFileSync(file, JSON.stringify({ ship_min_score: 70, hold_max_score: 15, rules: [{ if: { score_below: 101 }, then: "REVIEW" }] }));
    await run(process.execPath, [...DAKIYA, "policy", "set", "--workspace", keys.workspace_id, "--file", file], { env: envFor("") });
    fs.rmSync(dir, { recursive: true });
    for (const server of [a, b]) expect(await verify(server)).toMatchObject({ decision: "REVIEW", policy_version: 2 });
  });

  it("share rate-limit counters", { timeout: 60_000 }, async () => {
    const keys = await prepare(envFor(""));
    const body = { address: "12 MG Road, Bengaluru 560001" };
    // The count is per clock minute of the servers' own clocks, which a test cannot pin: requests go to
    // the two servers in turn until one is refused, and the five before it, counted down 4 to 0 by
    // both servers, share one count (a minute that ends mid-test only starts the count again).
    const answers: { server: string; status: number; remaining: string | null }[] = [];
    for (let i = 0; answers.at(-1)?.status !== 429 && i < 12; i++) {
      const server = i % 2 ? b : a;
      const res = await apiClient(server.url)("POST", "/addresses/normalize", { key: keys.test_key, body });
      answers.push({ server: server.url, status: res.status, remaining: res.headers.get("ratelimit-remaining") });
    }
    expect(answers.at(-1)!.status).toBe(429);
    const counted = answers.slice(-6, -1);
    expect(counted.map((r) => [r.status, r.remaining])).toEqual([
      [200, "4"],
      [200, "3"],
      [200, "2"],
      [200, "1"],
      [200, "0"],
    ]);
    expect(new Set(counted.map((r) => r.server)).size).toBe(2);
  });
});
