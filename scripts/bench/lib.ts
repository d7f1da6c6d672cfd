/**
 * Shared pieces of the server benchmarks: a fresh database, the production server started the way
 * `npm start` starts it, India Post's reference server (the anchor), and load generators.
 */
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { npmStartArgs } from "../npm-start";
import { createScratchDatabase } from "../scratch-database";
import { freePort } from "../free-port";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export interface BenchEnv {
  env: NodeJS.ProcessEnv;
  liveKey: string;
  testKey: string;
  workspaceId: string;
  cleanup(): Promise<void>;
}

/** setupBench for a bench that runs on PostgreSQL only: without DATABASE_URL, null and a line saying `name` was skipped. */
export async function setupPostgresBench(name: string): Promise<BenchEnv | null> {
  if (!process.env.DATABASE_URL) {
    console.log(`${name}: skipped (it runs on PostgreSQL: set DATABASE_URL to a server where the benchmark may create and drop a database)`);
    return null;
  }
  return setupBench();
}

/**
 * A migrated, empty database with an unlimited `bench` plan and workspace: a new PGlite directory, or
 * with DATABASE_URL set a new database on that PostgreSQL server.
 */
export async function setupBench(): Promise<BenchEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-bench-"));
  // On PostgreSQL a database of its own, so no earlier run's rows or unfinished batches weigh on it.
  const postgres = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "dakiya_bench") : null;
  // Request logging stays on, as users run it (the server's stdout goes nowhere, like the anchor's).
  const env: NodeJS.ProcessEnv = { ...process.env, BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123" };
  if (postgres) env.DATABASE_URL = process.env.DATABASE_URL = postgres.url;
  else env.PGLITE_DIR = process.env.PGLITE_DIR = path.join(dataDir, "pglite");
  const { connection, closeDatabase } = await import("../../server/db");
  const { applyMigrations } = await import("../../prisma/engine");
  const { createWorkspace, upsertPlan } = await import("../../server/workspaces");
  const conn = connection();
  await applyMigrations(conn.adapterFactory);
  await upsertPlan(conn.prisma, { id: "bench", includedUnits: 10_000_000, batchCap: 1000, overagePaisePerUnit: 0, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
  const ws = await createWorkspace(conn.prisma, { name: "Bench", planId: "bench" });
  await closeDatabase();
  return {
    env,
    liveKey: ws.live_key,
    testKey: ws.test_key,
    workspaceId: ws.workspace_id,
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

/** `npm run build` unless a production build is there already (`npm run bench` always builds first). */
export function ensureBuild(): void {
  if (fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(path.join("dist", "serve.mjs"))) return;
  const run = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (run.status !== 0) throw new Error("npm run build failed");
}

/** The sum over a process and all its descendants of a figure `read` from each one's /proc files, with its parent's id. */
function sumOverTree(pid: number, read: (pid: string) => { ppid: number; value: number }): number {
  const children = new Map<number, number[]>();
  const values = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { ppid, value } = read(entry);
      values.set(Number(entry), value);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* the process ended while we read */
    }
  }
  let total = 0;
  for (const stack = [pid]; stack.length;) {
    const p = stack.pop()!;
    total += values.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Resident memory of a process and all its descendants, from /proc. */
export function treeRss(pid: number): number {
  return sumOverTree(pid, (entry) => {
    const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
    return { ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]), value: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024 };
  });
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** A process's parent and the CPU time (user + system, in seconds) it has used so far, from /proc; throws once it has ended. */
export function processCpu(pid: number | string): { ppid: number; cpuSeconds: number } {
  // Fields after the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND };
}

/** CPU time (user + system, in seconds) used so far by a process and all its descendants, from /proc. */
export function treeCpuSeconds(pid: number): number {
  return sumOverTree(pid, (entry) => {
    const { ppid, cpuSeconds } = processCpu(entry);
    return { ppid, value: cpuSeconds };
  });
}

/** Ends `child` with `end` (a signal, or closing its IPC channel) and resolves once it has exited. */
function stopChild(child: ChildProcess, end: () => void): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    end();
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

export interface BenchServer {
  /** The REST base, `http://127.0.0.1:<port>/api/v1`. */
  url: string;
  port: number;
  /** The server process's id (its main thread's too). */
  pid: number;
  rss(): number;
  /** CPU seconds the server's processes have used so far. */
  cpuSeconds: () => number;
  stop(): Promise<void>;
}

/**
 * The production server as `npm start` starts it (`node dist/serve.mjs start`), ready when /readyz says
 * so. With BENCH_CPU_PROF set to a directory, the server writes a V8 CPU profile there when it stops
 * (`--cpu-prof`, which NODE_OPTIONS does not accept).
 */
export async function startProductionServer(env: NodeJS.ProcessEnv): Promise<BenchServer> {
  ensureBuild();
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...npmStartArgs()], { env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    // Migrations and the pages take a while on a loaded machine.
    await waitFor(`http://127.0.0.1:${port}/readyz`, child, 240_000);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    port,
    pid: child.pid!,
    rss: () => treeRss(child.pid!),
    cpuSeconds: () => treeCpuSeconds(child.pid!),
    stop: () => stopChild(child, () => child.kill("SIGTERM")),
  };
}

/** Beside the checkout (`../shared`), or where BENCH_ANCHOR_DIR says (a git worktree elsewhere). */
const ANCHOR_DIR = path.resolve(process.env.BENCH_ANCHOR_DIR ?? path.join("..", "shared", "anchors", "indiapost-digipin-server"));

/**
 * India Post's reference DIGIPIN server (Express 5), installed in a scratch copy and started with its
 * request log sent nowhere. Null, with the reason, where `../shared` is absent or the install fails.
 */
export async function startAnchor(): Promise<{ server: { port: number; cpuSeconds: () => number; stop(): Promise<void> } | null; reason?: string }> {
  if (!fs.existsSync(path.join(ANCHOR_DIR, "server.js"))) return { server: null, reason: `the anchor is not at ${ANCHOR_DIR}` };
  const work = path.join(os.tmpdir(), "dakiya-bench-anchor");
  if (!fs.existsSync(path.join(work, "node_modules"))) {
    fs.rmSync(work, { recursive: true, force: true });
    fs.cpSync(ANCHOR_DIR, work, { recursive: true });
    const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: work, stdio: ["ignore", "ignore", "inherit"] });
    if (install.status !== 0) return { server: null, reason: "npm install of the anchor's dependencies failed" };
  }
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], { cwd: work, env: { ...process.env, PORT: String(port), NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] });
  await waitFor(`http://127.0.0.1:${port}/api/digipin/decode?digipin=39J-49L-L8T4`, child, 30_000);
  return {
    server: {
      port,
      cpuSeconds: () => treeCpuSeconds(child.pid!),
      stop: () => stopChild(child, () => child.kill("SIGTERM")),
    },
  };
}

/** A bare `node:http` server in its own process: the decode (ceiling-child.ts) or a verify's exchanges (verify-ceiling-child.ts). */
export async function startCeiling(
  script: "ceiling-child.ts" | "verify-ceiling-child.ts" = "ceiling-child.ts",
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ port: number; cpuSeconds: () => number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "bench", script)], { env, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the ceiling server exited with code ${code}`)));
  });
  return {
    port,
    cpuSeconds: () => treeCpuSeconds(child.pid!),
    stop: () => stopChild(child, () => child.disconnect()),
  };
}

/**
 * A fresh server spends its first ~15 s of load compiling a verify's hot code (V8's optimising compiler on its
 * worker threads: about 350 functions of ours, Fastify, tRPC, Zod, undici and pg) and runs it unoptimised
 * meanwhile, at two to three times the CPU a verify of a server that has been running. The figures are those of
 * a running server, so the verify benches take them after this much load at 16 in flight (`BENCH_WARM_UP_SECONDS`).
 */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 20);

/** What the verify benches ask of a server: its own part one at a time, its rate and CPU a verify at `inFlight`. */
interface VerifyLoads {
  request: Parameters<typeof load>[0]["request"];
  /** The provider's own p50 from the same client: a verify's own part is its p50 minus this. */
  providerP50: number;
  seconds: number;
  inFlight: number;
}

/** The verify benches' addresses, sent in turn. */
export const VERIFY_ADDRESSES = [
  "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
  "B-204, Sector 62, Noida, Uttar Pradesh 201309",
  "H.No. 12-2-823/A, Mehdipatnam, Hyderabad, Telangana 500028",
  "100 Feet Road, Indiranagar, Bengaluru 560038",
];
const benchAddress = (i: number) => VERIFY_ADDRESSES[i % VERIFY_ADDRESSES.length] as string;

/** The i-th live verify with this key, for `load`; `orderPrefix` keeps one bench's order ids apart from another's. */
export function verifyRequest(key: string, orderPrefix: string): (i: number) => { method: string; path: string; headers: Record<string, string>; body: string } {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  return (i) => ({ method: "POST", path: "/api/v1/addresses/verify", headers, body: JSON.stringify({ address: benchAddress(i), order_id: `${orderPrefix}-${i}` }) });
}

/** The i-th address straight to the provider simulator, for its own answer time from the same client. */
export function simulatorRequest(i: number): { method: string; path: string; headers: Record<string, string>; body: string } {
  return {
    method: "POST",
    path: "/v1:validateAddress?key=simulator",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: { regionCode: "IN", addressLines: [benchAddress(i)] } }),
  };
}

/** A verify server under the verify benches' loads, after the warm-up: own part (one at a time), rate and CPU a verify. */
export async function measureVerifies(server: { port: number; cpuSeconds(): number }, opts: VerifyLoads): Promise<{ ownPart: number; rps: number; cpuMs: number; errors: number }> {
  const run = (concurrency: number, durationMs: number) => load({ port: server.port, concurrency, durationMs, request: opts.request });
  await run(opts.inFlight, WARM_UP_SECONDS * 1000);
  const one = await run(1, opts.seconds * 1000);
  const before = server.cpuSeconds();
  const many = await run(opts.inFlight, opts.seconds * 1000);
  const cpuMs = ((server.cpuSeconds() - before) * 1000) / (many.count - many.errors);
  return { ownPart: one.p50 - opts.providerP50, rps: many.rps, cpuMs, errors: one.errors + many.errors };
}

/** The verify ceiling (verify-ceiling-child.ts, with Dakiya's `parts` added) on this database and simulator, measured so. */
export async function measureVerifyCeiling(opts: VerifyLoads & { env: NodeJS.ProcessEnv; providerUrl: string; parts?: string[] }) {
  const bare = await startCeiling("verify-ceiling-child.ts", { ...opts.env, PROVIDER_BASE_URL: opts.providerUrl, CEILING_WITH: (opts.parts ?? []).join(",") });
  try {
    return await measureVerifies(bare, opts);
  } finally {
    await bare.stop();
  }
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  count: number;
  /** With `spans` asked for: each answered request's start and end, in ms since the epoch (as `strace -ttt` prints them). */
  spans?: Array<[number, number]>;
}

/** autocannon against one URL: the tool the anchor's figures come from. */
export async function autocannonRun(opts: { url: string; connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const r = await autocannon({ url: opts.url, connections: opts.connections, duration: opts.seconds, headers: opts.headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, count: r.requests.total };
}

/** Keep-alive requests from `concurrency` loops for `durationMs` (requests that differ per call); latencies in ms. */
export async function load(opts: {
  port: number;
  concurrency: number;
  durationMs: number;
  request: (i: number) => { method: string; path: string; headers: Record<string, string>; body?: string };
  spans?: boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const spans: Array<[number, number]> = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + opts.durationMs;
  const one = () =>
    new Promise<void>((resolve) => {
      const r = opts.request(i++);
      const started = performance.now();
      const req = http.request({ host: "127.0.0.1", port: opts.port, agent, method: r.method, path: r.path, headers: r.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if ((res.statusCode ?? 0) >= 300) errors++;
          const ended = performance.now();
          latencies.push(ended - started);
          if (opts.spans) spans.push([performance.timeOrigin + started, performance.timeOrigin + ended]);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, count: latencies.length, ...(opts.spans ? { spans } : {}) };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export interface Simulator {
  url: string;
  requests(): Promise<number>;
  stop(): void;
}

/** The provider simulator in its own process, answering after `latencyMs`; `requests()` counts the calls it had. */
export function startSimulatorProcess(latencyMs: number): Promise<Simulator> {
  const child: ChildProcess = fork("scripts/bench/simulator-child.ts", [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PROVIDER_SIM_LATENCY_MS: String(latencyMs) },
    stdio: "inherit",
  });
  return new Promise((resolve) => {
    child.once("message", (m: { url: string }) =>
      resolve({
        url: m.url,
        requests: () =>
          new Promise((r) => {
            child.once("message", (s: { requests: number }) => r(s.requests));
            child.send("stats");
          }),
        stop: () => child.disconnect(),
      }),
    );
  });
}
